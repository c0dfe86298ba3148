// The <script> build: sets one global, `Pling`, and initialises itself from data attributes.
//
//   <script src="pling.iife.js" data-pling-app="You help the user manage tasks."></script>
//
// The engine's .wasm is loaded from ../wasm/ beside the script's folder, the package layout (or
// from data-pling-wasm), when it is first needed or the browser is idle: the whole engine with
// the chat (data-pling-endpoint), the observe-only one without. When ready,
// `Pling.ready` resolves to the page's Pling instance and a `pling:ready` event fires on document.
// With data-pling-endpoint (an OpenAI-compatible base URL, ideally a same-origin proxy such as
// "/v1") the chat widget is mounted too; data-pling-model, data-pling-title, data-pling-placeholder,
// data-pling-locale, data-pling-theme, data-pling-greeting, data-pling-suggestions (a JSON array)
// and data-pling-strings (a JSON object) configure it.
// Where the browser offers WebMCP (`document.modelContext`), the page's tools are registered
// there too, unless data-pling-webmcp="off". With data-pling-surface="message", the Agent
// Surface answers window messages (see AgentSurface.listen).
import { startEngine, engineReady, defaultLimits, setGlueSource } from './engine.js';
import { Pling } from './pling.js';
import { secret } from './declare.js';
import { Assistant } from './assistant.js';
import { mountChat, setMarkdownSource } from './widget.js';
import { localeReady, setLocaleLoader } from './widget-strings.js';

const script = typeof document !== 'undefined' ? document.currentScript : null;

/** WebMCP and the debug panel: the file beside this one, loaded when first needed. */
let extrasSource = 'extras.js';
/** @returns {Promise<typeof import('./extras.js')>} */
const extras = () => import(/* @vite-ignore */ extrasSource);

/** How the engine starts: data-pling-lazy="false" at once, "on-use" only when needed, else also on idle. */
function lazyOf(value) {
  return value === 'false' ? false : value === 'on-use' ? 'on-use' : true;
}

/** The engine to load: data-pling-wasm, else the whole one for the chat, the observe-only one without. */
function engineUrl() {
  const chat = !!script?.getAttribute('data-pling-endpoint');
  const file = chat ? 'pling_wasm_bg.wasm' : 'pling_observe_bg.wasm';
  return script?.getAttribute('data-pling-wasm') || new URL(`../wasm/${file}`, script?.src || location.href).href;
}

function start() {
  const app = script?.getAttribute('data-pling-app') || undefined;
  const limitsAttr = script?.getAttribute('data-pling-limits');
  // The chat's Markdown renderer is the file beside this one (or data-pling-markdown).
  if (script?.src) setMarkdownSource(script.getAttribute('data-pling-markdown') || new URL('markdown.js', script.src).href);
  if (script?.src) extrasSource = new URL('extras.js', script.src).href;
  const base = script?.src || location.href;
  // The chat's other languages sit beside this file, loaded when a chat asks for one.
  setLocaleLoader((tag) => import(/* @vite-ignore */ new URL(`locale-${tag}.js`, base).href));
  // The engine's glue sits beside the engines, loaded with them.
  setGlueSource(new URL('../wasm/pling_wasm.js', base).href);
  const engine = startEngine(engineUrl(), lazyOf(script?.getAttribute('data-pling-lazy') ?? undefined));
  return engine.then(() => {
    const instance = new Pling({ app, limits: limitsAttr ? JSON.parse(limitsAttr) : undefined });
    api.instance = instance;
    const endpoint = script?.getAttribute('data-pling-endpoint');
    if (endpoint) {
      api.chat = mountChat(instance, { baseURL: endpoint, ...chatAttributes(script) });
    }
    // Agents in the browser get the page's tools through WebMCP, where it exists.
    const context = /** @type {any} */ (document).modelContext;
    if (script?.getAttribute('data-pling-webmcp') !== 'off' && context) {
      api.webmcp = extras().then((m) => m.connectWebMCP(instance));
    }
    // Agents in an extension's content script talk through window messages, when allowed.
    if (script?.getAttribute('data-pling-surface') === 'message') instance.surface().listen();
    document.dispatchEvent(new CustomEvent('pling:ready', { detail: instance }));
    return instance;
  });
}

/** The chat's options from the script tag's data-pling-* attributes. @param {HTMLScriptElement} el */
function chatAttributes(el) {
  const attr = (name) => el.getAttribute(`data-pling-${name}`) || undefined;
  const json = (name) => (attr(name) === undefined ? undefined : JSON.parse(attr(name)));
  return {
    model: attr('model'), title: attr('title'), placeholder: attr('placeholder'), locale: attr('locale'),
    theme: /** @type {any} */ (attr('theme')), greeting: attr('greeting'), suggestions: json('suggestions'), strings: json('strings'),
  };
}

const api = {
  Pling,
  Assistant,
  mountChat,
  /**
   * Registers the page's tools with WebMCP (loads `extras.js` beside this file first).
   * @param {Pling} pling @param {object} [options]
   */
  connectWebMCP: (pling, options) => extras().then((m) => m.connectWebMCP(pling, options)),
  secret,
  /**
   * Shows what the model is sent (loads `extras.js` beside this file first).
   * @param {Pling} pling @param {Element} [element]
   */
  mountDebugPanel: (pling, element) => extras().then((m) => m.mountDebugPanel(pling, element)),
  engineReady,
  defaultLimits,
  /**
   * Loads ahead the chat's strings for a language that ships beside this file (`de`); a chat
   * mounted in it waits for them anyway, and then mounts at once.
   * @param {string} locale
   */
  loadLocale: (locale) => localeReady(locale) ?? Promise.resolve(),
  /** @type {Pling | null} */
  instance: null,
  /** @type {Promise<Pling> | null} */
  ready: null,
  /** @type {ReturnType<typeof mountChat> | null} */
  chat: null,
  /** @type {Promise<ReturnType<typeof import('./webmcp.js').connectWebMCP>> | null} */
  webmcp: null,
};

if (typeof document !== 'undefined') {
  api.ready = new Promise((resolve, reject) => {
    const go = () => start().then(resolve, (error) => {
      console.error(`[pling] ${error.message}`);
      reject(error);
    });
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true });
    else go();
  });
  api.ready.catch(() => {});
  globalThis.Pling = api;
}

// The chat widget: a small panel where the person talks to the assistant, sees what it does,
// answers its confirmation questions and can stop it. It lives in a shadow root marked
// data-pling-ignore, so it is never part of the page it operates. Its DOM is in
// widget-view.js, its words in widget-strings.js, its look in widget-style.js.
import { Assistant } from './assistant.js';
import { engineReady, loadEngine } from './engine.js';
import { checkAssistantOptions } from './options.js';
import { PlingConfigError } from './errors.js';
import { blockedByPolicy, reportBlockedByPolicy } from './csp.js';
import { ChatView } from './widget-view.js';
import { attachReceipts } from './widget-steps.js';
import { fill, localeReady, stringsFor } from './widget-strings.js';
import { adoptStyles } from './widget-style.js';

/** @typedef {{renderMarkdown: (text: string) => DocumentFragment, richCss?: string}} MarkdownModule
 * the Markdown renderer's file: the renderer, and how rich answers look */

/**
 * How the Markdown renderer is loaded: set by the entry that ships it (the default entry, the
 * React one and the script build); without one (the slim entry) answers stay plain text, so a
 * page that never shows the chat carries no Markdown chunk.
 * @type {(() => Promise<MarkdownModule>) | null}
 */
let loadRenderer = null;
/** @type {Promise<MarkdownModule | null> | null} */
let renderer = null;

/**
 * Where the Markdown renderer (js/dist/markdown.js) is, for a build that cannot import it by a
 * relative path (the script build sets the file beside itself).
 * @param {string} url
 */
export function setMarkdownSource(url) {
  setMarkdownLoader(() => import(/* @vite-ignore */ url));
}

/**
 * How to load the Markdown renderer (an entry that ships it passes its own `import()`).
 * @param {() => Promise<MarkdownModule>} load
 */
export function setMarkdownLoader(load) {
  loadRenderer = load;
  renderer = null;
}

/** The renderer, loaded once; `null` when it cannot load (answers then stay plain text). */
function markdownRenderer() {
  if (!loadRenderer) return Promise.resolve(null);
  renderer ??= loadRenderer().catch((e) => {
    console.warn('pling: the Markdown renderer did not load; answers are shown as plain text', e);
    return null;
  });
  return renderer;
}

const THEMES = ['light', 'dark', 'auto'];
const isText = (v) => typeof v === 'string';

/**
 * Checks the widget's own options: a value of the wrong kind is a PlingConfigError naming it.
 * @param {Record<string, unknown>} options
 */
function checkChatOptions(options) {
  const rules = {
    title: [isText, 'a string'],
    label: [isText, 'a string'],
    placeholder: [isText, 'a string'],
    greeting: [isText, 'a string'],
    locale: [isText, 'a language tag such as "de"'],
    theme: [(v) => THEMES.includes(v), '"light", "dark" or "auto"'],
    suggestions: [(v) => Array.isArray(v) && v.every(isText), 'an array of strings'],
    strings: [(v) => v !== null && typeof v === 'object' && Object.values(v).every(isText), 'an object of strings'],
  };
  for (const [name, [ok, words]] of Object.entries(rules)) {
    const value = options[name];
    if (value !== undefined && !ok(value)) {
      throw new PlingConfigError(`mountChat option \`${name}\` must be ${words}; got ${JSON.stringify(value)}`, { code: 'config', what: name });
    }
  }
}

/** `label`, the old name of `title`, still works (and says so once). */
function withTitle(options) {
  if (options.label === undefined) return options;
  console.warn('[pling] the chat option `label` is deprecated: use `title`');
  const { label, ...rest } = options;
  return { ...rest, title: rest.title ?? label };
}

/**
 * Mounts the chat widget on the page.
 * @param {import('./pling.js').Pling} pling
 * @param {import('./index.d.ts').ChatOptions & {host?: HTMLElement}} options
 */
export function mountChat(pling, options) {
  const { host, ...rest } = options;
  checkAssistantOptions(rest, 'mountChat');
  checkChatOptions(rest);
  const checked = withTitle(rest);
  // A chat in a language that ships as its own chunk mounts once its words are there.
  const language = localeReady(checked.locale);
  return language ? mountOnceReady(language, () => mountNow(pling, checked, host)) : mountNow(pling, checked, host);
}

/**
 * A chat whose language is still loading (a few milliseconds, from the package's own chunk):
 * mounted once it is there, never in words the person did not ask for; what the page asks of
 * it meanwhile is done then.
 * @param {Promise<void>} language
 * @param {() => ReturnType<typeof mountNow>} mount
 * @returns {ReturnType<typeof mountNow>}
 */
function mountOnceReady(language, mount) {
  /** @type {ReturnType<typeof mountNow> | null} */
  let chat = null;
  let gone = false;
  /** @type {((c: ReturnType<typeof mountNow>) => void)[]} */
  const waiting = [];
  language.then(() => {
    if (gone) return;
    chat = mount();
    for (const later of waiting.splice(0)) later(chat);
  }).catch((error) => console.error(`[pling] the chat could not mount: ${error?.message ?? error}`));
  const then = (/** @type {(c: ReturnType<typeof mountNow>) => void} */ f) => (chat ? f(chat) : void waiting.push(f));
  return {
    get assistant() {
      return chat?.assistant ?? null;
    },
    open: () => then((c) => c.open()),
    close: () => then((c) => c.close()),
    send: (text) => then((c) => c.send(text)),
    destroy() {
      gone = true;
      chat?.destroy();
    },
  };
}

/**
 * Mounts the chat in a language it knows.
 * @param {import('./pling.js').Pling} pling
 * @param {import('./index.d.ts').ChatOptions} options
 * @param {HTMLElement | undefined} host
 */
function mountNow(pling, options, host) {
  const strings = stringsFor(options.locale, options.strings);
  const view = new ChatView(options, strings, host);
  const describe = (id, record) => pling.describe(id, record);
  const make = () => new Assistant(pling, {
    ...options,
    confirm: options.confirm ?? ((request) => view.confirmCard(request, describe(request.actionId, request.record))),
    onEvent: (event) => {
      options.onEvent?.(event);
      view.show(event, describe);
    },
  });
  // On a lazy start the engine loads when the person first opens the chat (or points at it);
  // if it cannot, the panel says why.
  let assistant = engineReady() ? make() : null;
  const starting = () => loadEngine().then(() => (assistant ??= make()), (error) => {
    cannotStart(view, strings, error);
    throw error;
  });
  if (!assistant) {
    view.launcher.addEventListener('pointerenter', () => starting().catch(() => {}), { once: true });
    view.launcher.addEventListener('click', () => starting().catch(() => {}), { once: true });
  }
  sendFrom(view, strings, starting);
  if (!host) (options.container ?? document.body).append(view.host);
  const interrupted = Assistant.interrupted();
  if (interrupted) {
    view.add('assistant', fill(strings.interrupted, { request: interrupted.request }));
    view.open();
  }
  return {
    /** The assistant, once the engine has loaded (at once unless the start was lazy). */
    get assistant() {
      return assistant;
    },
    open: () => view.open(),
    close: () => view.close(),
    /** Sends a message as if the person typed it. */
    send: (text) => view.onSuggest(text),
    destroy() {
      assistant?.destroy();
      view.destroy();
      // A host the page gave (the <pling-chat> element) stays where the page put it.
      if (host) view.host.shadowRoot?.replaceChildren();
      else view.host.remove();
    },
  };
}

/**
 * The input sends (or, while the assistant works, stops); a suggestion sends itself.
 * @param {ChatView} view
 * @param {import('./index.d.ts').ChatStrings} strings
 * @param {() => Promise<Assistant>} starting
 */
function sendFrom(view, strings, starting) {
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    starting().then((a) => {
      if (a.busy) a.stop();
      else ask(a, view, strings);
    }, () => {});
  });
  view.onSuggest = (text) => {
    view.input.value = text;
    view.form.requestSubmit();
  };
}

/**
 * The engine did not load: the panel says why, once, and the author reads on the console
 * what to change (for a Content-Security-Policy, the directive).
 * @param {ChatView} view
 * @param {import('./index.d.ts').ChatStrings} strings
 * @param {any} error
 */
function cannotStart(view, strings, error) {
  const policy = blockedByPolicy(error);
  const text = policy ? strings.blockedByPolicy : fill(strings.couldNotStart, { reason: error?.message ?? String(error) });
  if (view.log.lastElementChild?.textContent === text) return;
  if (policy) reportBlockedByPolicy();
  else console.error(`[pling] ${error?.message ?? error}`);
  view.failure(text);
}

/**
 * One request from the input: a line per step as it runs, then the answer, and what each step
 * changed (from the receipts) one click away.
 * @param {Assistant} assistant
 * @param {ChatView} view
 * @param {import('./index.d.ts').ChatStrings} strings
 */
async function ask(assistant, view, strings) {
  const text = view.input.value.trim();
  if (!text) return;
  view.input.value = '';
  view.dropSuggestions();
  view.add('user', text);
  view.busy(true);
  const result = await assistant.run(text);
  const steps = view.steps;
  view.busy(false);
  if (result.reason === 'handoff') view.handoffCard(result.message, () => assistant.pling.pointAt(result.actions.at(-1)));
  else if (result.reason === 'modelFailed') view.failure(failureText(strings, result), result.message);
  else showAnswer(view, result.message);
  attachReceipts(strings, steps, assistant.history(), (id) => assistant.pling.describe('', id).label);
  view.input.focus();
}

/**
 * What went wrong, in the person's language: the problem's kind worded by the strings, and
 * whether the page was left as it was.
 * @param {import('./index.d.ts').ChatStrings} strings
 * @param {import('./index.d.ts').AssistantResult} result
 */
function failureText(strings, result) {
  const problem = result.problem;
  let text = strings.couldNotFinish;
  if (problem?.kind === 'rateLimited' && problem.waitMs !== undefined) text = fill(strings.rateLimitedWait, { seconds: Math.max(1, Math.ceil(problem.waitMs / 1000)) });
  else if (problem) text = strings[problem.kind] ?? problem.text;
  return result.actions.some((a) => a.dispatched) ? text : `${text} ${strings.nothingChangedOnPage}`;
}

/**
 * The final answer: the streamed text when it is the answer, else the answer in its place;
 * plain text at once, the same words as rich text once the renderer is there.
 * @param {ChatView} view
 * @param {string} message
 */
function showAnswer(view, message) {
  const streamed = view.streaming;
  view.streaming = null;
  const same = streamed && streamed.textContent.trim() === message.trim();
  if (!same) streamed?.remove();
  const el = same ? streamed : view.add('assistant', message);
  markdownRenderer().then((markdown) => {
    if (!markdown || !el.isConnected || el.textContent !== message) return;
    const root = el.getRootNode();
    if (markdown.richCss && root instanceof ShadowRoot) adoptStyles(root, markdown.richCss);
    el.replaceChildren(markdown.renderMarkdown(message));
    el.classList.add('rich');
  });
}

/**
 * `<pling-chat endpoint="/v1" title="Task assistant" placeholder="…" model="…" locale="de"
 * theme="auto" greeting="…" suggestions='["…", "…"]'>`: the chat as an element (`label` is the
 * deprecated name of `title`). It talks to the page's Pling: its `pling` property, else the script build's
 * (`Pling.ready`), else the first `pling:ready` event. Themed with `--pling-*` custom
 * properties and `::part(launcher | panel | header | title | close | log | message | user |
 * assistant | step | confirm | allow | deny | form | input | send)`.
 */
export class PlingChatElement extends (globalThis.HTMLElement ?? class {}) {
  /** @type {import('./pling.js').Pling | null} */
  #pling = null;
  /** @type {ReturnType<typeof mountChat> | null} */
  chat = null;

  get pling() {
    return this.#pling;
  }

  set pling(value) {
    this.#pling = value;
    if (this.isConnected && !this.chat && value) this.#start(value);
  }

  connectedCallback() {
    if (this.chat) return;
    if (this.#pling) return this.#start(this.#pling);
    const script = /** @type {any} */ (globalThis).Pling;
    if (script?.ready) script.ready.then((p) => this.#start(p), () => {});
    else document.addEventListener('pling:ready', (e) => this.#start(/** @type {CustomEvent} */ (e).detail), { once: true });
  }

  disconnectedCallback() {
    this.chat?.destroy();
    this.chat = null;
  }

  #start(pling) {
    if (this.chat || !this.isConnected) return;
    const attr = (name) => this.getAttribute(name) ?? undefined;
    // `label` is the old name of `title`, still read.
    const title = attr('title') ?? attr('label');
    const suggestions = attr('suggestions');
    this.chat = mountChat(pling, {
      baseURL: attr('endpoint') ?? '/v1', title, placeholder: attr('placeholder'), model: attr('model'), locale: attr('locale'),
      theme: /** @type {any} */ (attr('theme')), greeting: attr('greeting'), suggestions: suggestions === undefined ? undefined : JSON.parse(suggestions), host: this,
    });
  }
}

if (globalThis.customElements && !customElements.get('pling-chat')) customElements.define('pling-chat', PlingChatElement);

// The chat widget: a small panel where the person talks to the assistant, sees what it does,
// answers its confirmation questions and can stop it. It lives in a shadow root marked
// data-pling-ignore, so it is never part of the page it operates.
import { Assistant } from './assistant.js';
import { engineReady, loadEngine } from './engine.js';
import { checkAssistantOptions } from './options.js';

// Themed through custom properties on the host (`pling-chat { --pling-accent: #0a7 }`) and
// `::part(...)`; light and dark defaults follow prefers-color-scheme.
const STYLE = `
:host { all: initial; --pling-accent: #2d5bd7; --pling-on-accent: #fff; --pling-bg: #fff; --pling-fg: #1d1d1f;
  --pling-muted: #f0f1f4; --pling-border: #e3e4e8; --pling-subtle: #555; --pling-danger: #b3261e;
  --pling-warn-bg: #fff9e0; --pling-warn-border: #e0b400; --pling-radius: 12px; --pling-font: 14px/1.45 system-ui, sans-serif;
  --pling-z: 2147483000; }
@media (prefers-color-scheme: dark) {
  :host { --pling-accent: #7aa2ff; --pling-on-accent: #0b1020; --pling-bg: #1c1d21; --pling-fg: #ececf1; --pling-muted: #2a2c33;
    --pling-border: #3a3c44; --pling-subtle: #b5b7c0; --pling-danger: #ff8a80; --pling-warn-bg: #3a3218; --pling-warn-border: #c9a227; }
}
.launcher { position: fixed; right: max(12px, env(safe-area-inset-right)); bottom: max(12px, env(safe-area-inset-bottom)); z-index: var(--pling-z);
  border: 0; border-radius: 24px; padding: 10px 16px; font: 600 14px system-ui, sans-serif; background: var(--pling-accent);
  color: var(--pling-on-accent); cursor: pointer; box-shadow: 0 2px 8px #0003; max-width: calc(100vw - 24px); }
.panel { position: fixed; right: 12px; bottom: 12px; z-index: var(--pling-z); width: min(380px, calc(100vw - 24px));
  height: min(520px, calc(100vh - 24px)); display: flex; flex-direction: column; background: var(--pling-bg); color: var(--pling-fg);
  border: 1px solid var(--pling-border); border-radius: var(--pling-radius); box-shadow: 0 6px 24px #0004; font: var(--pling-font); overflow: hidden; }
.panel[hidden], .launcher[hidden] { display: none; }
.head { display: flex; align-items: center; gap: 8px; padding: 10px 14px; background: var(--pling-muted); border-bottom: 1px solid var(--pling-border); }
.head strong { flex: 1; }
.head button { border: 0; background: none; font-size: 18px; cursor: pointer; color: var(--pling-subtle); min-width: 32px; min-height: 32px; }
.log { flex: 1; overflow-y: auto; padding: 12px 14px; display: flex; flex-direction: column; gap: 8px; }
.msg { padding: 8px 10px; border-radius: 10px; max-width: 88%; white-space: pre-wrap; word-break: break-word; }
.user { align-self: flex-end; background: var(--pling-accent); color: var(--pling-on-accent); }
.assistant { align-self: flex-start; background: var(--pling-muted); }
.msg.rich { white-space: normal; }
.rich > :first-child { margin-top: 0; } .rich > :last-child { margin-bottom: 0; }
.rich p, .rich ul, .rich ol, .rich pre, .rich blockquote, .rich table { margin: 0 0 6px; }
.rich ul, .rich ol { padding-left: 20px; }
.rich h1, .rich h2, .rich h3, .rich h4, .rich h5, .rich h6 { font-size: 1em; margin: 0 0 4px; }
.rich code { font: 0.92em ui-monospace, monospace; background: var(--pling-bg); border-radius: 4px; padding: 0 3px; }
.rich pre { overflow-x: auto; background: var(--pling-bg); border-radius: 6px; padding: 6px 8px; }
.rich pre code { padding: 0; }
.rich blockquote { border-left: 3px solid var(--pling-border); padding-left: 8px; color: var(--pling-subtle); }
.rich a { color: var(--pling-accent); }
.rich table { border-collapse: collapse; } .rich th, .rich td { border: 1px solid var(--pling-border); padding: 2px 6px; }
.step { align-self: flex-start; font-size: 12px; color: var(--pling-subtle); }
.step.failed, .assistant.error { color: var(--pling-danger); }
details { margin-top: 4px; color: var(--pling-subtle); font-size: 12px; }
details pre { margin: 4px 0 0; white-space: pre-wrap; word-break: break-word; font: 11px/1.4 ui-monospace, monospace; max-height: 200px; overflow: auto; }
summary { cursor: pointer; }
.confirm { align-self: stretch; border: 1px solid var(--pling-warn-border); background: var(--pling-warn-bg); border-radius: 10px; padding: 8px 10px; }
.confirm p { margin: 0 0 6px; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 10px; margin: 0 0 6px; font-size: 13px; }
.facts dt { color: var(--pling-subtle); } .facts dd { margin: 0; overflow-wrap: anywhere; }
.confirm button { margin: 4px 8px 0 0; padding: 6px 14px; min-height: 32px; border-radius: 8px; font: inherit; cursor: pointer;
  border: 1px solid var(--pling-border); background: var(--pling-bg); color: var(--pling-fg); }
.confirm button.allow { background: var(--pling-accent); color: var(--pling-on-accent); border-color: var(--pling-accent); }
form { display: flex; gap: 6px; padding: 10px; border-top: 1px solid var(--pling-border); }
input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid var(--pling-border); border-radius: 8px; font: inherit;
  background: var(--pling-bg); color: var(--pling-fg); }
form button { padding: 8px 12px; border: 0; border-radius: 8px; background: var(--pling-accent); color: var(--pling-on-accent); font: inherit; cursor: pointer; }
form button.stop { background: var(--pling-danger); }
:focus-visible { outline: 2px solid var(--pling-accent); outline-offset: 2px; }
`;

/** How the Markdown renderer is loaded: the package's built one, or where the script build says. */
let loadRenderer = () => import('../dist/markdown.js');
/** @type {Promise<((text: string) => DocumentFragment) | null> | null} */
let renderer = null;

/**
 * Where the Markdown renderer (js/dist/markdown.js) is, for a build that cannot import it by a
 * relative path (the script build sets the file beside itself).
 * @param {string} url
 */
export function setMarkdownSource(url) {
  loadRenderer = () => import(/* @vite-ignore */ url);
  renderer = null;
}

/** The renderer, loaded once; `null` when it cannot load (answers then stay plain text). */
function markdownRenderer() {
  renderer ??= loadRenderer().then((m) => m.renderMarkdown, (e) => {
    console.warn('pling: the Markdown renderer did not load; answers are shown as plain text', e);
    return null;
  });
  return renderer;
}

/**
 * Mounts the chat widget on the page.
 * @param {import('./pling.js').Pling} pling
 * @param {import('./index.d.ts').ChatOptions} options
 */
export function mountChat(pling, options) {
  const { host, ...rest } = options;
  checkAssistantOptions(rest, 'mountChat');
  options = rest;
  const view = new ChatView(options, host);
  const make = () => new Assistant(pling, {
    ...options,
    confirm: options.confirm ?? ((request) => view.confirmCard(request, pling.describe(request.actionId, request.record).fields)),
    onEvent: (event) => {
      options.onEvent?.(event);
      view.show(event, (id, record) => pling.describe(id, record));
    },
  });
  // On a lazy start the engine loads when the person first opens the chat (or points at it).
  let assistant = engineReady() ? make() : null;
  const starting = () => loadEngine().then(() => (assistant ??= make()));
  if (!assistant) {
    view.launcher.addEventListener('pointerenter', () => starting().catch(() => {}), { once: true });
    view.launcher.addEventListener('click', () => starting().catch(() => {}), { once: true });
  }
  view.form.addEventListener('submit', (event) => {
    event.preventDefault();
    starting().then((a) => {
      if (a.busy) a.stop();
      else ask(a, view);
    }, (error) => view.add('assistant error', `The assistant could not start: ${error.message}`));
  });
  if (!host) (options.container ?? document.body).append(view.host);
  const interrupted = Assistant.interrupted();
  if (interrupted) {
    view.add('assistant', `The page changed while I was working on "${interrupted.request}"${interrupted.action ? ` (during ${interrupted.action})` : ''}, so that request was interrupted. Check the page, then ask again if needed.`);
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
    send(text) {
      view.input.value = text;
      view.form.requestSubmit();
    },
    destroy() {
      assistant?.destroy();
      // A host the page gave (the <pling-chat> element) stays where the page put it.
      if (host) view.host.shadowRoot?.replaceChildren();
      else view.host.remove();
    },
  };
}

/**
 * The receipts of the actions that ran, as the model read them (the last one for each).
 * @param {{history(): object[]}} assistant
 * @param {{actionId?: string | null}[]} ran
 */
function receiptsOf(assistant, ran) {
  const tools = assistant.history().filter((m) => /** @type {any} */ (m).role === 'tool').map((m) => String(/** @type {any} */ (m).content));
  const out = [];
  for (const a of ran) {
    const found = [...tools].reverse().find((c) => {
      try {
        return JSON.parse(c).result?.action?.id === a.actionId;
      } catch {
        return false;
      }
    });
    if (found) out.push(JSON.stringify(JSON.parse(found), null, 2));
  }
  return out;
}

/** A closed disclosure with text in it, for those who want the raw account. */
function rawDetails(title, text) {
  const details = document.createElement('details');
  details.setAttribute('part', 'details');
  const summary = Object.assign(document.createElement('summary'), { textContent: title });
  details.append(summary, Object.assign(document.createElement('pre'), { textContent: text }));
  return details;
}

/** One request from the input: the answer, then what actually ran, from the receipts. */
async function ask(assistant, view) {
  const text = view.input.value.trim();
  if (!text) return;
  view.input.value = '';
  view.add('user', text);
  view.busy(true);
  const result = await assistant.run(text);
  view.busy(false);
  if (result.reason === 'handoff') view.handoffCard(result.message, () => assistant.pling.pointAt(result.actions.at(-1)));
  else if (result.reason === 'modelFailed') view.failure(result);
  else view.answer(result.message);
  // What actually ran, from the receipts, whatever the answer says: in words, with the row.
  const ran = result.actions.filter((a) => a.dispatched);
  if (ran.length) {
    const describe = (id, record) => assistant.pling.describe(id, record);
    const line = ran.map((a) => `${a.ok ? '✓' : '✗'} ${stepWords(describe, a.actionId ?? a.name, a.record, a.label)}`).join(' · ');
    const step = view.add('step', `Done: ${line}`);
    const receipts = receiptsOf(assistant, ran);
    if (receipts.length) step.append(rawDetails('Receipts', receipts.join('\n\n')));
  }
  view.input.focus();
}

/**
 * An action as the person reads it: "Delete the task “Book the design review”".
 * @param {(actionId: string, record?: string | null) => {description: string, label: string | null}} describe
 * @param {string} actionId
 * @param {string | null | undefined} record
 * @param {string | null} [known] the row's label when the receipt has it
 */
function stepWords(describe, actionId, record, known) {
  const { description, label } = describe(actionId, record);
  const row = known ?? label;
  return `${description}${row ? ` “${row}”` : record ? ` (${record})` : ''}`;
}

/** The widget's DOM, in a shadow root: launcher, panel, log, input, confirmation cards. */
class ChatView {
  /** @param {import('./index.d.ts').ChatOptions} options */
  /** @param {import('./index.d.ts').ChatOptions} options @param {HTMLElement} [host] */
  constructor(options, host = document.createElement('div')) {
    this.host = host;
    this.host.setAttribute('data-pling-ignore', '');
    this.host.classList.add('pling-chat');
    const root = this.host.shadowRoot ?? this.host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
    <button class="launcher" part="launcher" type="button"></button>
    <section class="panel" part="panel" role="dialog" aria-labelledby="pling-title" hidden>
      <div class="head" part="header"><strong id="pling-title" part="title"></strong><button class="close" part="close" type="button" aria-label="Close">×</button></div>
      <div class="log" part="log" role="log" aria-live="polite"></div>
      <form part="form"><input name="q" part="input" autocomplete="off" aria-label="Message">
        <button type="submit" class="send" part="send">Send</button></form>
    </section>`;
    const $ = (sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
    // Text set as text, never parsed as markup.
    const title = options.title ?? 'Assistant';
    this.launcher = $('.launcher');
    this.panel = $('.panel');
    this.launcher.textContent = title;
    // The accessible name holds the visible text (label in name).
    this.launcher.setAttribute('aria-label', `Open ${title}`);
    $('.head strong').textContent = title;
    // Escape closes the panel (an open confirmation answers no first).
    this.panel.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      const deny = /** @type {HTMLButtonElement | null} */ (this.log.querySelector('.confirm button.deny:not(:disabled)'));
      if (deny) deny.click();
      else this.close();
    });
    this.log = $('.log');
    this.form = /** @type {HTMLFormElement} */ ($('form'));
    this.input = /** @type {HTMLInputElement} */ ($('input'));
    this.input.placeholder = options.placeholder ?? 'Ask me to do something on this page';
    this.sendButton = $('.send');
    /** The message the streamed text is going into, if any. */
    this.streaming = null;
    this.launcher.addEventListener('click', () => this.open());
    $('.close').addEventListener('click', () => this.close());
  }

  add(cls, text) {
    const el = document.createElement('div');
    el.className = `msg ${cls}`;
    el.setAttribute('part', `message ${cls}`);
    el.textContent = text;
    this.log.append(el);
    this.log.scrollTop = this.log.scrollHeight;
    return el;
  }

  /**
   * An assistant event, as the person sees it: steps in words, with the row's label.
   * @param {any} event
   * @param {(actionId: string, record?: string | null) => {description: string, label: string | null}} describe
   */
  show(event, describe) {
    if (event.type === 'thinking') this.streaming = null;
    if (event.type === 'text') {
      this.streaming = this.streaming ?? this.add('assistant', '');
      this.streaming.textContent += event.text;
    }
    const words = (e) => stepWords(describe, e.actionId, e.record);
    if (event.type === 'call') this.add('step', `→ ${words(event)}`);
    if (event.type === 'result' && !event.ok) this.add('step failed', `✗ ${words(event)}: ${event.error}`);
  }

  /**
   * The final answer: the streamed text when it is the answer, else the answer in its place;
   * a failure (the endpoint, the key, a limit) as an error the person can tell apart.
   */
  answer(message) {
    const streamed = this.streaming;
    this.streaming = null;
    const same = streamed && streamed.textContent.trim() === message.trim();
    if (!same) streamed?.remove();
    const el = same ? streamed : this.add('assistant', message);
    // Plain text at once; the same words as rich text once the renderer is there.
    markdownRenderer().then((render) => {
      if (!render || !el.isConnected || el.textContent !== message) return;
      el.replaceChildren(render(message));
      el.classList.add('rich');
    });
  }

  /**
   * A failure (the endpoint, the key, a limit) as an error the person can tell apart: what
   * happened and what they can do, in their words; the engine's own account one click away.
   * @param {{message: string, actions: {dispatched: boolean}[], problem?: {text: string}}} result
   */
  failure(result) {
    this.streaming?.remove();
    this.streaming = null;
    const unchanged = result.actions.some((a) => a.dispatched) ? '' : ' Nothing on the page was changed.';
    const el = this.add('assistant error', `${result.problem?.text ?? 'The assistant could not finish.'}${unchanged}`);
    el.setAttribute('role', 'alert');
    el.append(rawDetails('Details', result.message));
  }

  /**
   * A step only the person can take (a payment, a sign-in): what to do, and a button that
   * takes them to the page's control for it.
   * @param {string} message
   * @param {() => void} show
   */
  handoffCard(message, show) {
    this.streaming?.remove();
    this.streaming = null;
    const box = document.createElement('div');
    box.className = 'confirm handoff';
    box.setAttribute('part', 'handoff');
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'Your step');
    const text = Object.assign(document.createElement('p'), { textContent: message });
    const go = cardButton('Show me', 'Show me where to do it on the page', 'allow');
    go.addEventListener('click', show);
    box.append(text, go);
    this.log.append(box);
    this.log.scrollTop = this.log.scrollHeight;
    go.focus();
  }

  busy(on) {
    const hadFocus = this.host.shadowRoot?.activeElement === this.input;
    this.sendButton.textContent = on ? 'Stop' : 'Send';
    this.sendButton.classList.toggle('stop', on);
    this.input.disabled = on;
    // While the model works, focus stays in the panel: on Stop, the one thing to do.
    if (on && hadFocus) this.sendButton.focus();
  }

  open() {
    this.panel.hidden = false;
    this.launcher.hidden = true;
    this.input.focus();
  }

  close() {
    this.panel.hidden = true;
    this.launcher.hidden = false;
    this.launcher.focus();
  }

  /**
   * Asks the person in the log: "Allow: Delete the task “Book the design review” (t2)?", with
   * the row as the person knows it (its label), not only its id, so a wrong row is seen.
   * Under the question: the row's fields as the page shows them and the call's arguments.
   * @param {import('./index.d.ts').ConfirmRequest} request
   * @param {[string, string][]} [fields]
   * @returns {Promise<boolean>}
   */
  confirmCard(request, fields = []) {
    const what = request.description || request.actionId;
    const row = request.label ? ` \u201c${request.label}\u201d${request.record ? ` (${request.record})` : ''}` : request.record ? ` (${request.record})` : '';
    const box = document.createElement('div');
    box.className = 'confirm';
    box.setAttribute('role', 'alertdialog');
    const question = document.createElement('p');
    question.textContent = `Allow: ${what}${row}?`;
    question.id = `pling-confirm-${Math.random().toString(36).slice(2)}`;
    box.setAttribute('aria-labelledby', question.id);
    const yes = cardButton('Allow', `Allow: ${what}${row}`, 'allow');
    const no = cardButton('Deny', `Deny: ${what}${row}`, 'deny');
    box.setAttribute('part', 'confirm');
    const buttons = document.createElement('div');
    buttons.append(yes, no);
    box.append(question, facts(fields, request.arguments), buttons);
    this.log.append(box);
    this.log.scrollTop = this.log.scrollHeight;
    yes.focus();
    return new Promise((resolve) => {
      const answer = (value) => {
        yes.disabled = true;
        no.disabled = true;
        box.append(document.createTextNode(value ? ' — allowed' : ' — denied'));
        // A disabled button drops focus to the page: it stays in the panel, on Stop while
        // the task goes on, so Escape still closes the panel and the keyboard is not lost.
        this.sendButton.focus();
        resolve(value);
      };
      yes.addEventListener('click', () => answer(true));
      no.addEventListener('click', () => answer(false));
    });
  }
}

/**
 * The row's fields and the call's arguments as a short list (text only: page data and model
 * arguments are never markup).
 * @param {[string, string][]} fields
 * @param {Record<string, unknown>} args
 */
function facts(fields, args = {}) {
  const list = document.createElement('dl');
  list.className = 'facts';
  const shown = (v) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  };
  const given = Object.entries(args).filter(([k]) => k !== 'record').map(([k, v]) => [k, shown(v)]);
  for (const [k, v] of [...fields, ...given]) {
    list.append(Object.assign(document.createElement('dt'), { textContent: k }), Object.assign(document.createElement('dd'), { textContent: v }));
  }
  return list;
}

function cardButton(text, label, kind) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = kind;
  b.setAttribute('part', kind);
  b.textContent = text;
  b.setAttribute('aria-label', label);
  return b;
}

/**
 * `<pling-chat endpoint="/v1" label="Task assistant" placeholder="…" model="…">`: the chat as
 * an element. It talks to the page's Pling: its `pling` property, else the script build's
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
    this.chat = mountChat(pling, { baseURL: attr('endpoint') ?? '/v1', title: attr('label'), placeholder: attr('placeholder'), model: attr('model'), host: this });
  }
}

if (globalThis.customElements && !customElements.get('pling-chat')) customElements.define('pling-chat', PlingChatElement);

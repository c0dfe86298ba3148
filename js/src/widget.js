// The chat widget: a small panel where the person talks to the assistant, sees what it does,
// answers its confirmation questions and can stop it. It lives in a shadow root marked
// data-pling-ignore, so it is never part of the page it operates.
import { Assistant } from './assistant.js';
import { engineReady, loadEngine } from './engine.js';
import { checkAssistantOptions } from './options.js';

const STYLE = `
:host { all: initial; }
.launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; border: 0; border-radius: 24px;
  padding: 10px 16px; font: 600 14px system-ui, sans-serif; background: #2d5bd7; color: #fff; cursor: pointer; box-shadow: 0 2px 8px #0003; }
.panel { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; width: min(380px, calc(100vw - 40px));
  height: min(520px, calc(100vh - 40px)); display: flex; flex-direction: column; background: #fff; color: #1d1d1f;
  border-radius: 12px; box-shadow: 0 6px 24px #0004; font: 14px/1.45 system-ui, sans-serif; overflow: hidden; }
.panel[hidden], .launcher[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 10px 14px; background: #f3f4f7; border-bottom: 1px solid #e3e4e8; }
header strong { flex: 1; }
header button { border: 0; background: none; font-size: 18px; cursor: pointer; color: #555; }
.log { flex: 1; overflow-y: auto; padding: 12px 14px; display: flex; flex-direction: column; gap: 8px; }
.msg { padding: 8px 10px; border-radius: 10px; max-width: 88%; white-space: pre-wrap; word-break: break-word; }
.user { align-self: flex-end; background: #2d5bd7; color: #fff; }
.assistant { align-self: flex-start; background: #f0f1f4; }
.step { align-self: flex-start; font-size: 12px; color: #555; }
.step.failed, .assistant.error { color: #b3261e; }
.confirm { align-self: stretch; border: 1px solid #e0b400; background: #fff9e0; border-radius: 10px; padding: 8px 10px; }
.confirm button { margin: 6px 8px 0 0; }
form { display: flex; gap: 6px; padding: 10px; border-top: 1px solid #e3e4e8; }
input { flex: 1; padding: 8px 10px; border: 1px solid #ccd; border-radius: 8px; font: inherit; }
form button { padding: 8px 12px; border: 0; border-radius: 8px; background: #2d5bd7; color: #fff; font: inherit; cursor: pointer; }
form button.stop { background: #b3261e; }
`;

/**
 * Mounts the chat widget on the page.
 * @param {import('./pling.js').Pling} pling
 * @param {import('./index.d.ts').ChatOptions} options
 */
export function mountChat(pling, options) {
  checkAssistantOptions(options, 'mountChat');
  const view = new ChatView(options);
  const make = () => new Assistant(pling, {
    ...options,
    confirm: options.confirm ?? ((request) => view.confirmCard(request)),
    onEvent: (event) => {
      options.onEvent?.(event);
      view.show(event);
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
  (options.container ?? document.body).append(view.host);
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
      view.host.remove();
    },
  };
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
  view.answer(result.message);
  // What actually ran, from the receipts, whatever the answer says.
  const ran = result.actions.filter((a) => a.dispatched);
  if (ran.length) {
    const line = ran.map((a) => `${a.name}${a.record ? ` ${a.record}` : ''}${a.label ? ` “${a.label}”` : ''} ${a.ok ? '✓' : '✗'}`).join(' · ');
    view.add('step', `Ran: ${line}`);
  }
  view.input.focus();
}

/** The widget's DOM, in a shadow root: launcher, panel, log, input, confirmation cards. */
class ChatView {
  /** @param {import('./index.d.ts').ChatOptions} options */
  constructor(options) {
    this.host = document.createElement('div');
    this.host.setAttribute('data-pling-ignore', '');
    this.host.className = 'pling-chat';
    const root = this.host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style>
    <button class="launcher" type="button" aria-label="Open the assistant"></button>
    <section class="panel" role="dialog" hidden>
      <header><strong></strong><button class="close" type="button" aria-label="Close">×</button></header>
      <div class="log" role="log" aria-live="polite"></div>
      <form><input name="q" autocomplete="off" aria-label="Message">
        <button type="submit" class="send">Send</button></form>
    </section>`;
    const $ = (sel) => /** @type {HTMLElement} */ (root.querySelector(sel));
    // Text set as text, never parsed as markup.
    const title = options.title ?? 'Assistant';
    this.launcher = $('.launcher');
    this.panel = $('.panel');
    this.launcher.textContent = title;
    $('header strong').textContent = title;
    this.panel.setAttribute('aria-label', title);
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
    el.textContent = text;
    this.log.append(el);
    this.log.scrollTop = this.log.scrollHeight;
    return el;
  }

  /** An assistant event, as the person sees it. */
  show(event) {
    if (event.type === 'thinking') this.streaming = null;
    if (event.type === 'text') {
      this.streaming = this.streaming ?? this.add('assistant', '');
      this.streaming.textContent += event.text;
    }
    if (event.type === 'call') this.add('step', `→ ${event.actionId}`);
    if (event.type === 'result' && !event.ok) this.add('step failed', `✗ ${event.actionId}: ${event.error}`);
  }

  /** The final answer: the streamed text when it is the answer, else the answer in its place. */
  answer(message) {
    if (this.streaming && this.streaming.textContent.trim() === message.trim()) {
      this.streaming = null;
      return;
    }
    this.streaming?.remove();
    this.streaming = null;
    this.add('assistant', message);
  }

  busy(on) {
    this.sendButton.textContent = on ? 'Stop' : 'Send';
    this.sendButton.classList.toggle('stop', on);
    this.input.disabled = on;
  }

  open() {
    this.panel.hidden = false;
    this.launcher.hidden = true;
    this.input.focus();
  }

  close() {
    this.panel.hidden = true;
    this.launcher.hidden = false;
  }

  /**
   * Asks the person in the log: "Allow: Delete the task “Book the design review” (t2)?", with
   * the row as the person knows it (its label), not only its id, so a wrong row is seen.
   * @param {import('./index.d.ts').ConfirmRequest} request
   * @returns {Promise<boolean>}
   */
  confirmCard(request) {
    const what = request.description || request.actionId;
    const row = request.label ? ` \u201c${request.label}\u201d${request.record ? ` (${request.record})` : ''}` : request.record ? ` (${request.record})` : '';
    const box = document.createElement('div');
    box.className = 'confirm';
    box.setAttribute('role', 'alertdialog');
    const question = document.createElement('p');
    question.textContent = `Allow: ${what}${row}?`;
    question.id = `pling-confirm-${Math.random().toString(36).slice(2)}`;
    box.setAttribute('aria-labelledby', question.id);
    const yes = cardButton('Allow', `Allow: ${what}${row}`);
    const no = cardButton('Deny', `Deny: ${what}${row}`);
    const buttons = document.createElement('div');
    buttons.append(yes, no);
    box.append(question, buttons);
    this.log.append(box);
    this.log.scrollTop = this.log.scrollHeight;
    yes.focus();
    return new Promise((resolve) => {
      const answer = (value) => {
        yes.disabled = true;
        no.disabled = true;
        box.append(document.createTextNode(value ? ' — allowed' : ' — denied'));
        resolve(value);
      };
      yes.addEventListener('click', () => answer(true));
      no.addEventListener('click', () => answer(false));
    });
  }
}

function cardButton(text, label) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  return b;
}

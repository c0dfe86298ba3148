// The chat widget: a small panel where the person talks to the assistant, sees what it does,
// answers its confirmation questions and can stop it. It lives in a shadow root marked
// data-pling-ignore, so it is never part of the page it operates.
import { Assistant } from './assistant.js';

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
.step.failed { color: #b3261e; }
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
  const host = document.createElement('div');
  host.setAttribute('data-pling-ignore', '');
  host.className = 'pling-chat';
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${STYLE}</style>
    <button class="launcher" type="button" aria-label="Open the assistant"></button>
    <section class="panel" role="dialog" hidden>
      <header><strong></strong><button class="close" type="button" aria-label="Close">×</button></header>
      <div class="log" role="log" aria-live="polite"></div>
      <form><input name="q" autocomplete="off" aria-label="Message">
        <button type="submit" class="send">Send</button></form>
    </section>`;
  const $ = (s) => root.querySelector(s);
  // Text set as text, never parsed as markup.
  const title = options.title ?? 'Assistant';
  $('.launcher').textContent = title;
  $('header strong').textContent = title;
  $('.panel').setAttribute('aria-label', title);
  $('input').placeholder = options.placeholder ?? 'Ask me to do something on this page';
  const log = $('.log');
  const input = $('input');
  const send = $('.send');
  let streaming = null;

  const add = (cls, text) => {
    const el = document.createElement('div');
    el.className = `msg ${cls}`;
    el.textContent = text;
    log.append(el);
    log.scrollTop = log.scrollHeight;
    return el;
  };

  const confirm = (request) => new Promise((resolve) => {
    const box = document.createElement('div');
    box.className = 'confirm';
    box.setAttribute('role', 'alertdialog');
    // The row as the person knows it (its label), not only its id: a wrong row is seen.
    const what = request.description || request.actionId;
    const row_ = request.label ? ` \u201c${request.label}\u201d${request.record ? ` (${request.record})` : ''}` : request.record ? ` (${request.record})` : '';
    const question = document.createElement('p');
    question.textContent = `Allow: ${what}${row_}?`;
    question.id = `pling-confirm-${Math.random().toString(36).slice(2)}`;
    box.setAttribute('aria-labelledby', question.id);
    box.append(question);
    const row = document.createElement('div');
    const yes = document.createElement('button');
    yes.type = 'button';
    yes.textContent = 'Allow';
    yes.setAttribute('aria-label', `Allow: ${what}${row_}`);
    const no = document.createElement('button');
    no.type = 'button';
    no.textContent = 'Deny';
    no.setAttribute('aria-label', `Deny: ${what}${row_}`);
    const answer = (value) => {
      yes.disabled = true;
      no.disabled = true;
      box.append(document.createTextNode(value ? ' — allowed' : ' — denied'));
      resolve(value);
    };
    yes.addEventListener('click', () => answer(true));
    no.addEventListener('click', () => answer(false));
    row.append(yes, no);
    box.append(row);
    log.append(box);
    log.scrollTop = log.scrollHeight;
    yes.focus();
  });

  const assistant = new Assistant(pling, {
    ...options,
    confirm: options.confirm ?? confirm,
    onEvent: (event) => {
      options.onEvent?.(event);
      if (event.type === 'thinking') streaming = null;
      if (event.type === 'text') {
        streaming = streaming ?? add('assistant', '');
        streaming.textContent += event.text;
      }
      if (event.type === 'call') add('step', `→ ${event.actionId}`);
      if (event.type === 'result' && !event.ok) add('step failed', `✗ ${event.actionId}: ${event.error}`);
    },
  });

  const busy = (on) => {
    send.textContent = on ? 'Stop' : 'Send';
    send.classList.toggle('stop', on);
    input.disabled = on;
  };

  $('form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (assistant.busy) {
      assistant.stop();
      return;
    }
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    add('user', text);
    busy(true);
    const result = await assistant.run(text);
    busy(false);
    if (streaming && streaming.textContent.trim() === result.message.trim()) {
      streaming = null;
    } else {
      if (streaming) streaming.remove();
      streaming = null;
      add('assistant', result.message);
    }
    // What actually ran, from the receipts, whatever the answer says.
    const ran = result.actions.filter((a) => a.dispatched);
    if (ran.length) {
      const line = ran.map((a) => `${a.name}${a.record ? ` ${a.record}` : ''}${a.label ? ` “${a.label}”` : ''} ${a.ok ? '✓' : '✗'}`).join(' · ');
      add('step', `Ran: ${line}`);
    }
    input.focus();
  });
  const open = () => {
    $('.panel').hidden = false;
    $('.launcher').hidden = true;
    input.focus();
  };
  const close = () => {
    $('.panel').hidden = true;
    $('.launcher').hidden = false;
  };
  $('.launcher').addEventListener('click', open);
  $('.close').addEventListener('click', close);
  (options.container ?? document.body).append(host);
  const interrupted = Assistant.interrupted();
  if (interrupted) {
    add('assistant', `The page changed while I was working on "${interrupted.request}"${interrupted.action ? ` (during ${interrupted.action})` : ''}, so that request was interrupted. Check the page, then ask again if needed.`);
    open();
  }
  return {
    assistant,
    open,
    close,
    /** Sends a message as if the person typed it. */
    send(text) {
      input.value = text;
      $('form').requestSubmit();
    },
    destroy() {
      assistant.destroy();
      host.remove();
    },
  };
}

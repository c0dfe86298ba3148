// The chat widget's DOM, in a shadow root: launcher, panel, greeting and suggestions, the log
// of messages and steps, the progress line, the input, confirmation and handoff cards. Built as
// nodes (never parsed from strings), styled by an adopted stylesheet, worded by its strings.
import { h, button, disclosure } from './widget-dom.js';
import { fill } from './widget-strings.js';
import { adoptStyles, schemeOf } from './widget-style.js';
import { startStep, finishStep, shown } from './widget-steps.js';

/**
 * @typedef {import('./index.d.ts').ChatStrings} ChatStrings
 * @typedef {import('./index.d.ts').ChatOptions} ChatOptions
 */

export class ChatView {
  /**
   * @param {ChatOptions} options
   * @param {ChatStrings} strings
   * @param {HTMLElement} [host]
   */
  constructor(options, strings, host = document.createElement('div')) {
    this.strings = strings;
    this.theme = options.theme ?? 'auto';
    this.host = host;
    this.host.setAttribute('data-pling-ignore', '');
    this.host.classList.add('pling-chat');
    const root = this.host.shadowRoot ?? this.host.attachShadow({ mode: 'open' });
    adoptStyles(root);
    const title = options.title ?? strings.title;
    // An empty title on the inner parts keeps a host's `title` attribute from showing as a tooltip.
    this.launcher = button(title, fill(strings.open, { title }), 'launcher');
    this.launcher.title = '';
    this.log = h('div', { class: 'log', part: 'log', role: 'log', 'aria-live': 'polite' });
    this.input = /** @type {HTMLInputElement} */ (h('input', { name: 'q', part: 'input', autocomplete: 'off', 'aria-label': strings.message, placeholder: options.placeholder ?? strings.placeholder }));
    this.sendButton = h('button', { type: 'submit', class: 'send', part: 'send', text: strings.send });
    this.form = /** @type {HTMLFormElement} */ (h('form', { part: 'form' }, this.input, this.sendButton));
    this.progress = h('div', { class: 'progress', part: 'progress', role: 'status', hidden: true },
      h('span', { class: 'dots', 'aria-hidden': 'true' }, h('i'), h('i'), h('i')), h('span', { text: strings.working }));
    const close = h('button', { type: 'button', class: 'close', part: 'close', 'aria-label': strings.close, text: '×' });
    this.panel = h('section', { class: 'panel', part: 'panel', role: 'dialog', 'aria-labelledby': 'pling-title', title: '', hidden: true },
      h('div', { class: 'head', part: 'header' }, h('strong', { id: 'pling-title', part: 'title', text: title }), close),
      this.log, this.progress, this.form);
    root.replaceChildren(...[...root.children].filter((el) => el.localName === 'style'), this.launcher, this.panel);
    /** What a suggestion does when clicked (the widget sends it). @type {(text: string) => void} */
    this.onSuggest = () => {};
    this.intro(options.greeting ?? strings.greeting, options.suggestions ?? []);
    /** The message the streamed text is going into, if any. */
    this.streaming = null;
    /** This request's steps. @type {import('./widget-steps.js').Step[]} */
    this.steps = [];
    this.launcher.addEventListener('click', () => this.open());
    close.addEventListener('click', () => this.close());
    this.panel.addEventListener('keydown', (e) => this.#escape(e));
    this.followScheme();
  }

  /** Escape closes the panel (an open confirmation answers no first). @param {KeyboardEvent} e */
  #escape(e) {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    const deny = /** @type {HTMLButtonElement | null} */ (this.log.querySelector('.confirm button.deny:not(:disabled)'));
    if (deny) deny.click();
    else this.close();
  }

  /** Draws in the page's colour scheme now and whenever the person's preference changes. */
  followScheme() {
    this.applyScheme ??= () => this.host.setAttribute('data-scheme', schemeOf(this.host, this.theme));
    this.applyScheme();
    if (this.theme === 'auto' && !this.schemeQuery) {
      this.schemeQuery = matchMedia('(prefers-color-scheme: dark)');
      this.schemeQuery.addEventListener('change', this.applyScheme);
    }
  }

  /** Stops following the person's colour preference. */
  destroy() {
    this.schemeQuery?.removeEventListener('change', this.applyScheme);
    this.host.removeAttribute('data-scheme');
  }

  /**
   * The empty panel: a greeting and the author's suggestions (a click sends one).
   * @param {string} greeting
   * @param {string[]} suggestions
   */
  intro(greeting, suggestions) {
    const list = suggestions.length ? h('ul', { class: 'suggestions', 'aria-label': this.strings.suggestions }) : null;
    for (const text of suggestions) {
      const b = h('button', { type: 'button', part: 'suggestion', text });
      b.addEventListener('click', () => this.onSuggest(text));
      list?.append(h('li', {}, b));
    }
    this.introEl = h('div', { class: 'intro', part: 'intro' }, h('p', { class: 'msg assistant greeting', part: 'message assistant greeting', text: greeting }), list);
    this.log.append(this.introEl);
  }

  /** Once the conversation starts, the suggestions have served. */
  dropSuggestions() {
    this.introEl?.querySelector('.suggestions')?.remove();
  }

  add(cls, text) {
    const el = h('div', { class: `msg ${cls}`, part: `message ${cls}`, text });
    this.append(el);
    return el;
  }

  /** @param {HTMLElement} el */
  append(el) {
    this.log.append(el);
    this.log.scrollTop = this.log.scrollHeight;
  }

  /**
   * An assistant event, as the person sees it: streamed text, and a line per step.
   * @param {any} event
   * @param {import('./widget-steps.js').Describe} describe
   */
  show(event, describe) {
    if (event.type === 'thinking') this.streaming = null;
    if (event.type === 'text') {
      this.streaming = this.streaming ?? this.add('assistant', '');
      this.streaming.textContent += event.text;
      this.log.scrollTop = this.log.scrollHeight;
    }
    if (event.type === 'call') {
      const step = startStep(this.strings, event, describe);
      this.steps.push(step);
      this.append(step.el);
    }
    if (event.type === 'result') finishStep(this.strings, this.steps, event);
  }

  /** The message being streamed is not the answer: it goes. */
  dropStreamed() {
    this.streaming?.remove();
    this.streaming = null;
  }

  /**
   * A failure (the endpoint, the key, a limit) as an error the person can tell apart: what
   * happened and what they can do, in their words; the engine's own account one click away.
   * @param {string} text
   * @param {string} [account]
   */
  failure(text, account) {
    this.dropStreamed();
    const el = this.add('assistant error', text);
    el.setAttribute('role', 'alert');
    if (account) el.append(disclosure(this.strings.details, h('pre', { text: account })));
    return el;
  }

  /**
   * A step only the person can take (a payment, a sign-in): what to do, and a button that
   * takes them to the page's control for it.
   * @param {string} message
   * @param {() => void} show
   */
  handoffCard(message, show) {
    this.dropStreamed();
    const go = button(this.strings.showMe, this.strings.showMeLabel, 'allow');
    go.addEventListener('click', show);
    this.append(h('div', { class: 'confirm handoff', part: 'handoff', role: 'group', 'aria-label': this.strings.yourStep }, h('p', { text: message }), go));
    go.focus();
  }

  busy(on) {
    const hadFocus = this.host.shadowRoot?.activeElement === this.input;
    this.sendButton.textContent = on ? this.strings.stop : this.strings.send;
    this.sendButton.classList.toggle('stop', on);
    this.input.disabled = on;
    this.progress.hidden = !on;
    if (on) this.steps = [];
    // While the model works, focus stays in the panel: on Stop, the one thing to do.
    if (on && hadFocus) this.sendButton.focus();
  }

  open() {
    this.followScheme();
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
   * Asks the person in the log, in their words: the action's description, the row by its
   * label, and the values the call would write; Allow and Deny.
   * @param {import('./index.d.ts').ConfirmRequest} request
   * @param {{description: string, label: string | null, fields?: [string, string][]}} row the action and row as the page shows them
   * @returns {Promise<boolean>}
   */
  confirmCard(request, row) {
    const s = this.strings;
    const description = request.description || row.description || request.actionId;
    const label = request.label ?? row.label;
    const quoted = label ? fill(s.quote, { text: label }) : null;
    const what = quoted ? `${description} ${quoted}` : description;
    const yes = button(s.allow, fill(s.allowLabel, { what }), 'allow');
    const no = button(s.deny, fill(s.denyLabel, { what }), 'deny');
    const id = `pling-confirm-${Math.random().toString(36).slice(2)}`;
    const buttons = h('div', { class: 'buttons' }, yes, no);
    const box = h('div', { class: 'confirm', part: 'confirm', role: 'alertdialog', 'aria-labelledby': id },
      h('p', { class: 'ask', text: s.confirmQuestion }),
      h('p', { class: 'what', id, text: quoted ? `${description}: ${quoted}` : description }),
      facts(valuesOf(request, label ? [] : (row.fields ?? []).slice(0, 3))), buttons);
    this.append(box);
    yes.focus();
    return new Promise((resolve) => {
      const answer = (value) => {
        yes.disabled = true;
        no.disabled = true;
        buttons.replaceWith(h('p', { class: 'answer', text: value ? s.allowed : s.denied }));
        // Focus stays in the panel, on Stop while the task goes on, so Escape still closes
        // the panel and the keyboard is not lost.
        this.sendButton.focus();
        resolve(value);
      };
      yes.addEventListener('click', () => answer(true));
      no.addEventListener('click', () => answer(false));
    });
  }
}

/**
 * What the card shows under the question: the values the call would write, and for a row
 * without a label, a few of its fields to know it by.
 * @param {import('./index.d.ts').ConfirmRequest} request
 * @param {[string, string][]} fields
 * @returns {[string, string][]}
 */
function valuesOf(request, fields) {
  const given = Object.entries(request.arguments ?? {}).filter(([k]) => k !== 'record').map(([k, v]) => /** @type {[string, string]} */ ([k, shown(v)]));
  return [...fields, ...given];
}

/** Name–value pairs as a short list (text only), or nothing. @param {[string, string][]} pairs */
function facts(pairs) {
  if (!pairs.length) return null;
  return h('dl', { class: 'facts' }, ...pairs.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })]));
}

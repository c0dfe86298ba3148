// One call on a declared form: every given field filled through the page's own input events
// (so a framework's state follows), then the form submitted with `requestSubmit`, so the
// browser's constraint validation and the page's submit handler run as for a person.
import { formFields } from './form-tool.js';
import { fieldMessage } from './form-feedback.js';

/** The browser refused the form: its invalid fields are the page's feedback, not a page error. */
export class FormRefused extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'FormRefused';
  }
}

/**
 * Sets a control's value the way typing does: through the native setter (a framework that
 * tracks the value sees the change), then `input` and `change`.
 * @param {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} el
 * @param {string} value
 */
export function setNativeValue(el, value) {
  const proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : el.tagName === 'SELECT' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Ticks or unticks a checkbox (or picks a radio) by clicking it, as a person would. */
function setChecked(el, on) {
  if (el.checked !== on) el.click();
}

/** What an input that empties itself on a value it cannot hold takes, by its type. */
const TAKES = {
  date: 'YYYY-MM-DD', time: 'HH:MM', 'datetime-local': 'YYYY-MM-DDTHH:MM', month: 'YYYY-MM', week: 'YYYY-Www', number: 'a number',
};

/**
 * Why the value could not be entered, when the control dropped it: an `<input type=date>`
 * given "14 March 2030" holds nothing, which the browser would call a missing value (or, on
 * an optional field, send as empty).
 * @param {any} el @param {string} value
 * @returns {string | null}
 */
function notHeld(el, value) {
  const takes = el.tagName === 'INPUT' ? TAKES[/** @type {keyof typeof TAKES} */ (el.type)] : undefined;
  if (!takes || value === '' || el.value !== '') return null;
  return `${el.name || el.id}: ${JSON.stringify(value)} cannot be entered; the field takes ${takes}`;
}

/**
 * Fills one field (or group) with the call's value; says why when the control could not take it.
 * @param {any[]} els the controls sharing the field's name
 * @param {unknown} value
 * @returns {string | null}
 */
function fill(els, value) {
  const el = els[0];
  el.focus?.();
  if (el.type === 'radio') {
    const pick = els.find((e) => e.value === String(value));
    if (!pick) throw new Error(`no option ${JSON.stringify(value)}; options: ${els.map((e) => e.value).join(', ')}`);
    setChecked(pick, true);
  } else if (el.type === 'checkbox') {
    const on = Array.isArray(value) ? (e) => value.map(String).includes(e.value) : () => value === true || value === 'true';
    for (const e of els) setChecked(e, on(e));
  } else if (el.tagName === 'SELECT' && el.multiple) {
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    for (const o of el.options) o.selected = wanted.includes(o.value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    const text = value === null || value === undefined ? '' : String(value);
    setNativeValue(el, text);
    return notHeld(el, text);
  }
  return null;
}

/** The form's own submit button, so the page's submit handler sees the usual `submitter`. */
function submitterOf(form) {
  for (const el of form.elements) {
    if ((el.tagName === 'BUTTON' || el.tagName === 'INPUT') && el.type === 'submit' && !el.disabled) return el;
  }
  return undefined;
}

/** Every field the browser refuses now, as `name: message` (a secret's value never quoted). */
function refusals(form) {
  const out = [];
  for (const el of form.elements) {
    if (el.willValidate && !el.validity.valid) out.push(`${el.name || el.id}: ${fieldMessage(el)}`);
  }
  return out;
}

/**
 * Fills the declared form from a call's arguments and submits it. With a `handler`, the
 * handler runs with the arguments in place of the browser's submit, once the form is valid.
 * @param {HTMLFormElement} form
 * @param {Record<string, unknown>} args
 * @param {{handler?: Function, settle: () => Promise<unknown>}} options
 * @returns {Promise<unknown>} what the handler returned
 */
export async function submitForm(form, args, { handler, settle }) {
  const fields = formFields(form);
  const dropped = [];
  for (const [name, value] of Object.entries(args)) {
    const els = fields.get(name);
    const problem = els ? fill(els, value) : null;
    if (problem) dropped.push(problem);
  }
  // A framework re-renders after the input events (a submit button enabled, a field shown).
  await settle();
  // Sent without a value the call gave, the form would say something nobody asked for.
  if (dropped.length) throw new FormRefused(`the form was not sent: ${dropped.join('; ')}`);
  const refused = () => new FormRefused(`the form was not sent; the browser refused: ${refusals(form).join('; ')}`);
  if (handler) {
    if (!form.checkValidity()) throw refused();
    return handler(args);
  }
  let sent = false;
  const onSubmit = () => {
    sent = true;
  };
  form.addEventListener('submit', onSubmit, { capture: true, once: true });
  try {
    form.requestSubmit(submitterOf(form));
  } finally {
    form.removeEventListener('submit', onSubmit, { capture: true });
  }
  if (!sent) throw refused();
  return undefined;
}

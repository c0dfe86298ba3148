// A form's constraint validation as the page's feedback: the browser's own messages for the
// fields the person touched or that failed a submit, a secret's value never quoted.
import { isSensitive } from './safe.js';

/**
 * The browser's own constraint validation as feedback: invalid fields the person has touched
 * (`:user-invalid`) or that failed a submit. After a submit that went through (or a reset),
 * a field the page emptied is not an error until the person edits the form or a submit fails.
 * @param {HTMLFormElement} form
 * @param {string | undefined} region
 * @param {WeakSet<Element>} invalidSeen
 * @param {boolean} [settled] the form was submitted or reset since the person last edited it
 */
export function formFeedback(form, region, invalidSeen, settled = false) {
  const out = [];
  for (const el of form.elements ?? []) {
    if (!el.willValidate || el.validity.valid) continue;
    let touched = invalidSeen.has(el);
    try {
      touched = touched || (!settled && el.matches(':user-invalid'));
    } catch {
      // :user-invalid unsupported: only fields that failed a submit are reported.
    }
    if (!touched) continue;
    const label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : undefined;
    out.push({ kind: 'error', message: fieldMessage(el), field: el.name || el.id || label, region });
  }
  return out;
}

/**
 * The browser's message for an invalid field. It may quote the value ("'x' is missing an
 * '@'"): for a secret, a message from the field's validity flags instead.
 * @param {HTMLInputElement} el
 */
export function fieldMessage(el) {
  return isSensitive(el) ? validityMessage(el) : el.validationMessage;
}

/**
 * A validation message that never quotes the value, from the field's validity flags.
 * @param {HTMLInputElement} el
 */
function validityMessage(el) {
  const v = el.validity;
  if (v.valueMissing) return 'Please fill out this field.';
  if (v.typeMismatch) return `The value is not a valid ${el.type === 'url' ? 'URL' : el.type === 'email' ? 'email address' : 'value'}.`;
  if (v.tooShort) return `Use at least ${el.minLength} characters.`;
  if (v.tooLong) return `Use at most ${el.maxLength} characters.`;
  if (v.patternMismatch) return 'The value does not match the required format.';
  if (v.rangeUnderflow || v.rangeOverflow || v.stepMismatch || v.badInput) return 'The value is out of the allowed range.';
  return 'The value is not valid.';
}

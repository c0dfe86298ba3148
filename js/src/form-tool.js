// A declared form as one tool: its fields become the tool's parameters, with the types and
// constraints the browser itself enforces, so one call can fill the whole form.
//
//   <form data-pling-form="send_email" data-pling-description="Send an email">
//     <label for="to">To</label> <input id="to" name="to" type="email" required>
//
// becomes `send_email({to: string (format: email), …})`, `to` required while it is empty.
import { isIgnored } from './dom.js';
import { cutText, isSensitive, visibleText } from './safe.js';

const MAX_DESCRIPTION = 120;
const NOT_FIELDS = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

/**
 * The controls of `form` a call may fill, grouped by name (a radio group or a set of
 * checkboxes is one parameter). Left out: buttons, hidden and file inputs, disabled and
 * `data-pling-ignore` controls, unnamed ones, and sensitive ones (a password, a field marked
 * `data-pling-sensitive`) unless the field says `data-pling-fillable`.
 * @param {HTMLFormElement} form
 * @returns {Map<string, HTMLElement[]>}
 */
export function formFields(form) {
  /** @type {Map<string, HTMLElement[]>} */
  const fields = new Map();
  for (const el of /** @type {Iterable<any>} */ (form.elements ?? [])) {
    if (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) continue;
    if (el.tagName === 'INPUT' && NOT_FIELDS.has(el.type)) continue;
    if (el.disabled || isIgnored(el)) continue;
    if (isSensitive(el) && !el.hasAttribute('data-pling-fillable')) continue;
    const name = el.name || el.id;
    if (!name) continue;
    const group = fields.get(name);
    if (group) group.push(el);
    else fields.set(name, [el]);
  }
  return fields;
}

/**
 * The tool's parameters: one property a field, `required` naming the required fields that are
 * empty now (a field the page already filled need not be given again), nothing else accepted.
 * @param {HTMLFormElement} form
 * @returns {{type: 'object', properties: Record<string, object>, required: string[], additionalProperties: false}}
 */
export function formSchema(form) {
  /** @type {Record<string, object>} */
  const properties = {};
  const required = [];
  for (const [name, els] of formFields(form)) {
    properties[name] = fieldSchema(els);
    if (els.some((el) => /** @type {HTMLInputElement} */ (el).required && /** @type {HTMLInputElement} */ (el).validity.valueMissing)) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** @param {HTMLElement[]} els one control, or a radio group / checkbox set sharing a name */
function fieldSchema(els) {
  const el = /** @type {any} */ (els[0]);
  const label = describe(els.length > 1 && el.type === 'radio' ? el.closest('fieldset') ?? el : el);
  const schema = els.length > 1 || el.type === 'radio' ? groupSchema(els) : controlSchema(el);
  // What the schema cannot say (a date's bounds) follows the label.
  const description = label && schema.description ? `${label} (${schema.description})` : label ?? schema.description;
  return description ? { ...schema, description } : schema;
}

/** A radio group: one of its values; several checkboxes with one name: a list of theirs. */
function groupSchema(els) {
  const values = els.map((e) => /** @type {HTMLInputElement} */ (e).value);
  if (/** @type {HTMLInputElement} */ (els[0]).type === 'checkbox') return { type: 'array', items: { type: 'string', enum: values } };
  return { type: 'string', enum: values };
}

/** @param {any} el one input, select or textarea */
function controlSchema(el) {
  if (el.tagName === 'SELECT') {
    const values = [...el.options].filter((o) => !o.disabled && o.value !== '').map((o) => o.value);
    return el.multiple ? { type: 'array', items: { type: 'string', enum: values } } : { type: 'string', enum: values };
  }
  if (el.tagName === 'INPUT' && el.type === 'checkbox') return { type: 'boolean' };
  if (el.tagName === 'INPUT' && (el.type === 'number' || el.type === 'range')) return numberSchema(el);
  /** @type {Record<string, unknown>} */
  const s = { type: 'string' };
  const format = { email: 'email', url: 'uri', date: 'date', time: 'time' }[el.type];
  if (format) s.format = format;
  if (el.type === 'datetime-local') s.description = 'YYYY-MM-DDTHH:MM';
  if (el.hasAttribute('minlength')) s.minLength = el.minLength;
  if (el.hasAttribute('maxlength')) s.maxLength = el.maxLength;
  if (el.pattern) s.pattern = `^(?:${el.pattern})$`;
  // A date's bounds are dates: JSON Schema has no keyword for them, so they are said.
  if (el.min || el.max) s.description = [s.description, el.min && `from ${el.min}`, el.max && `until ${el.max}`].filter(Boolean).join(', ');
  return s;
}

/** A number field: an integer unless its step allows fractions, within its bounds. */
function numberSchema(el) {
  const step = el.getAttribute('step');
  const whole = step !== 'any' && Number.isInteger(Number(step || 1)) && Number.isInteger(Number(el.min || 0));
  /** @type {Record<string, unknown>} */
  const s = { type: whole ? 'integer' : 'number' };
  if (el.min !== '' && Number.isFinite(Number(el.min))) s.minimum = Number(el.min);
  if (el.max !== '' && Number.isFinite(Number(el.max))) s.maximum = Number(el.max);
  return s;
}

/**
 * A field's description in the page's words: `data-pling-description`, else its label,
 * `aria-label`, `title` or placeholder; never its value.
 * @param {Element} el
 */
function describe(el) {
  const own = el.getAttribute('data-pling-description') ?? el.getAttribute('aria-label');
  if (own) return cutText(own.trim(), MAX_DESCRIPTION);
  const labels = /** @type {any} */ (el).labels;
  const legend = el.tagName === 'FIELDSET' ? el.querySelector('legend') : null;
  const source = labels?.[0] ?? legend;
  const text = source ? visibleText(source).replace(/\s+/g, ' ').trim() : (el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '');
  return text ? cutText(text, MAX_DESCRIPTION) : undefined;
}

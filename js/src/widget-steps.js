// What the assistant did, as the person reads it: one line per action, in the page's own words
// (the action's description and the row's label), marked running, done or failed; what the
// action changed — from its receipt, the account the model read — behind a small disclosure.
import { h, disclosure } from './widget-dom.js';
import { fill } from './widget-strings.js';

/**
 * @typedef {import('./index.d.ts').ChatStrings} ChatStrings
 * @typedef {(actionId: string, record?: string | null) => {description: string, label: string | null}} Describe
 * @typedef {{el: HTMLElement, text: HTMLElement, actionId: string, record: string | null, done: boolean}} Step
 */

/**
 * An action in words: "Mark the item as bought: “Bread”".
 * @param {ChatStrings} strings
 * @param {string} description
 * @param {string | null | undefined} row the row's label (or id, when it has none)
 */
export function stepWords(strings, description, row) {
  return row ? fill(strings.stepOnRow, { action: description, row }) : fill(strings.step, { action: description });
}

/**
 * A new step line, running.
 * @param {ChatStrings} strings
 * @param {{actionId: string, record?: string | null}} call
 * @param {Describe} describe
 * @returns {Step}
 */
export function startStep(strings, call, describe) {
  const { description, label } = describe(call.actionId, call.record);
  const text = h('span', { class: 'words', text: stepWords(strings, description, label ?? call.record) });
  const el = h('div', { class: 'msg step running', part: 'message step' },
    h('div', { class: 'line' }, h('span', { class: 'mark', 'aria-hidden': 'true' }), text, h('span', { class: 'sr-only status', text: strings.stepRunning })));
  return { el, text, actionId: call.actionId, record: call.record ?? null, done: false };
}

/**
 * Marks the step of a result done or failed (the failure with its reason).
 * @param {ChatStrings} strings
 * @param {Step[]} steps
 * @param {{actionId: string, ok: boolean, error?: string}} result
 */
export function finishStep(strings, steps, result) {
  const step = steps.find((s) => !s.done && s.actionId === result.actionId);
  if (!step) return;
  step.done = true;
  step.el.classList.replace('running', result.ok ? 'ok' : 'failed');
  /** @type {HTMLElement} */ (step.el.querySelector('.mark')).textContent = result.ok ? '✓' : '✗';
  /** @type {HTMLElement} */ (step.el.querySelector('.status')).textContent = result.ok ? strings.stepDone : strings.stepFailed;
  if (!result.ok && result.error) step.text.append(` — ${result.error}`);
}

/**
 * Gives each step what its action changed, from the receipts the model read (in order), and
 * the row's label as the receipt names it.
 * @param {ChatStrings} strings
 * @param {Step[]} steps
 * @param {object[]} history the conversation (its tool messages carry the receipts)
 * @param {(record: string) => string | null} labelOf a row's label on the page now
 */
export function attachReceipts(strings, steps, history, labelOf) {
  // This request's receipts: the tool messages since the person's last message.
  const since = history.findLastIndex((m) => /** @type {any} */ (m).role === 'user');
  const receipts = history
    .slice(since + 1)
    .filter((m) => /** @type {any} */ (m).role === 'tool')
    .map((m) => parsed(/** @type {any} */ (m).content))
    .filter(Boolean);
  for (const step of steps) {
    const at = receipts.findIndex((r) => r.action?.id === step.actionId);
    if (at < 0) continue;
    const [receipt] = receipts.splice(at, 1);
    const { description, label } = receipt.action;
    if (description && label) step.text.firstChild.textContent = stepWords(strings, description, label);
    const lines = receiptLines(strings, receipt, (id) => labelOf(id) ?? (id === receipt.action.record ? label : null) ?? id);
    step.el.append(disclosure(strings.details, h('ul', {}, ...lines.map((line) => h('li', { text: line })))));
  }
}

function parsed(content) {
  try {
    return JSON.parse(String(content)).result ?? null;
  } catch {
    return null;
  }
}

/**
 * A receipt in sentences: the page's own names and values, joined by the widget's strings.
 * @param {ChatStrings} strings
 * @param {any} receipt
 * @param {(record: string) => string} labelOf
 * @returns {string[]}
 */
export function receiptLines(strings, receipt, labelOf) {
  const lines = [];
  const changed = receipt.changed ?? {};
  const quoted = (id) => fill(strings.quote, { text: labelOf(id) });
  const rows = (ids) => ids.map(quoted).join(', ');
  if (receipt.ok === false && receipt.error) lines.push(receipt.error);
  if (changed.page?.to) lines.push(fill(strings.pageMoved, { page: changed.page.to }));
  for (const c of changed.records?.changed ?? []) lines.push(fill(strings.changedFields, { row: quoted(c.id), fields: c.fields.join(', ') }));
  for (const v of changed.actions?.values ?? []) lines.push(valueLine(strings, receipt.action, v, quoted));
  if (changed.records?.added?.length) lines.push(fill(strings.added, { rows: rows(changed.records.added) }));
  if (changed.records?.removed?.length) lines.push(fill(strings.removed, { rows: rows(changed.records.removed) }));
  for (const [name, { from, to }] of Object.entries(changed.state ?? {})) lines.push(`${name}: ${stateChange(from, to)}`);
  for (const f of changed.feedback ?? []) lines.push(fill(strings.pageSays, { message: f.message }));
  if (!lines.length) lines.push(strings.nothingChanged);
  return lines;
}

/**
 * A control's new value: "“Milk”: unchecked → checked" for the row the step acted on, else
 * named by its action ("Set the display name: “Ana” → “Ana Lima”").
 * @param {ChatStrings} strings
 * @param {{id?: string, description?: string, record?: string}} action the receipt's action
 * @param {{id: string, from: unknown, to: unknown}} change
 * @param {(record: string) => string} quoted a row by its label, quoted
 */
function valueLine(strings, action, change, quoted) {
  const own = change.id === action.id;
  const control = own && action.record ? quoted(action.record) : own && action.description ? action.description : change.id;
  const value = (v) => (typeof v === 'boolean' ? (v ? strings.checked : strings.unchecked) : fill(strings.quote, { text: shown(v) }));
  return fill(strings.valueChanged, { control, from: value(change.from), to: value(change.to) });
}

/** A state's change: "3 → 2"; for an object, only its members that changed ("paid: 58 → 57"). */
function stateChange(from, to) {
  const plain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!plain(from) || !plain(to)) return `${shown(from)} → ${shown(to)}`;
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.filter((k) => JSON.stringify(from[k]) !== JSON.stringify(to[k])).map((k) => `${k} ${shown(from[k])} → ${shown(to[k])}`).join(', ');
}

/** A value as a short text. */
export function shown(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

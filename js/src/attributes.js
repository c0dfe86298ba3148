// Declarations written as HTML `data-pling-*` attributes, read afresh for every snapshot so a
// page with no script of its own beyond the <script> tag works.
//
//   <section data-pling-region="todos" data-pling-name="Todo list" data-pling-purpose="open tasks" data-pling-role="list">
//   <button data-pling-action="add" data-pling-description="Add a task">
//   <input type="checkbox" data-pling-action="toggle" data-pling-record="t1" data-pling-description="Mark the task as complete">
//   <li data-pling-record-id="t1" data-pling-label="Buy milk"><span data-pling-field="title">Buy milk</span></li>
//   <output data-pling-state="filter">open</output>
//   <p data-pling-feedback="error" data-pling-for="title">Title is required</p>
//   <form data-pling-form data-pling-region="…">
//   <form data-pling-form="send_email" data-pling-description="Send an email"> (one tool: its fields)
import { defaultEffect } from './effect.js';
import { KINDS, EFFECTS, EXPECTATIONS, FEEDBACK_KINDS, isExpectation, secret } from './declare.js';
import { isIgnored, isShown } from './dom.js';
import { PlingDeclarationError, reportDeclaration } from './errors.js';
import { cutText, isSensitive, visibleText } from './safe.js';

/** A description taken from a control's own words: a label's length. */
const MAX_TEXT = 120;
/**
 * Page text read whole (a field's value, a feedback message): the engine shows what its limits
 * allow and marks what it cut, as for a value declared from script. This only bounds what a
 * huge element sends.
 */
const MAX_VALUE_TEXT = 10_000;

/** @param {Element} el @param {string} name */
const attr = (el, name) => el.getAttribute(`data-pling-${name}`) ?? undefined;

/**
 * The text a person reads in `el`, without what is marked sensitive, cut by code points; a cut
 * ends in `…`, so it shows.
 */
function text(el, max = MAX_TEXT) {
  const whole = visibleText(el).replace(/\s+/g, ' ').trim();
  const cut = cutText(whole, max);
  return cut.length < whole.length ? `${cut}…` : cut;
}

function regionOf(el) {
  const r = el.parentElement?.closest('[data-pling-region]');
  return r ? r.getAttribute('data-pling-region') : undefined;
}

function inferKind(el) {
  const tag = el.tagName;
  if (tag === 'SELECT') return 'select';
  if (tag === 'TEXTAREA') return 'type';
  if (tag === 'INPUT') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (['checkbox', 'radio', 'button', 'reset', 'image'].includes(type)) return 'click';
    if (type === 'submit') return 'submit';
    return 'type';
  }
  if (tag === 'A' && el.hasAttribute('href')) return 'navigate';
  if (tag === 'BUTTON' && (el.getAttribute('type') || 'submit') === 'submit' && el.closest('form')) return 'submit';
  return 'click';
}

/** Default parameters of an element action, from what the element takes. */
export function elementParams(kind, el) {
  if (kind === 'type') return { type: 'object', properties: { text: { type: 'string', description: 'The text to enter' } }, required: ['text'] };
  if (kind === 'select' && el.tagName === 'SELECT') {
    const options = [...el.options].map((o) => o.value);
    return { type: 'object', properties: { value: { type: 'string', enum: options, description: 'The option to choose' } }, required: ['value'] };
  }
  if (kind === 'scroll') return { type: 'object', properties: { direction: { type: 'string', enum: ['up', 'down'] } }, required: ['direction'] };
  return undefined;
}

function parseValue(raw) {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function fieldValue(el) {
  if (el.tagName === 'INPUT' && (el.type === 'checkbox' || el.type === 'radio')) return el.checked;
  if ('value' in el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return el.value;
  const raw = attr(el, 'value');
  return raw !== undefined ? parseValue(raw) : text(el, MAX_VALUE_TEXT);
}

/** `data-pling-expects="records.changed state.total"`: the valid ones; the others reported. */
function expectsOf(el, what, bad) {
  const raw = attr(el, 'expects');
  if (!raw) return undefined;
  const list = raw.split(/\s+/).filter(Boolean);
  const ok = list.filter(isExpectation);
  for (const e of list) if (!ok.includes(e)) bad(what, `data-pling-expects: ${JSON.stringify(e)} is not one of ${EXPECTATIONS.join(', ')} or state.<name>`);
  return ok.length ? ok : undefined;
}

const sensitiveField = isSensitive;

/**
 * Reads every declaration in `root`. Malformed ones are reported to the console, naming the
 * element, and skipped.
 * @param {ParentNode} root
 * @param {import('./marked.js').MarkedElements} marked
 */
export function scan(root, marked) {
  /** @param {keyof import('./marked.js').MARKS} kind */
  const all = (kind) => marked.within(root, kind);
  const read = (kind, one, shownOnly = false) => {
    const out = [];
    for (const el of all(kind)) {
      if (isIgnored(el) || (shownOnly && !isShown(el))) continue;
      const d = one(el);
      if (d) out.push(d);
    }
    return out;
  };
  return {
    regions: read('regions', regionAt),
    actions: read('actions', actionAt),
    records: read('records', recordAt, true),
    state: read('state', stateAt),
    feedback: read('feedback', feedbackAt, true),
    // A form marked as a region too (`<form data-pling-form data-pling-region="x">`) is that
    // region, declared by the region reader; the form only says where its feedback goes.
    forms: read('forms', formAt),
  };
}

/** @param {string} what @param {string} problem @returns {undefined} */
function bad(what, problem) {
  reportDeclaration(new PlingDeclarationError(what, problem), false);
  return undefined;
}

function regionAt(el) {
  const id = el.getAttribute('data-pling-region');
  if (!id?.trim()) return bad('data-pling-region', 'needs an id as its value');
  return {
    id,
    name: attr(el, 'name') ?? el.getAttribute('aria-label') ?? id,
    purpose: attr(el, 'purpose'),
    role: attr(el, 'role') ?? el.getAttribute('role') ?? undefined,
    parent: regionOf(el),
    active: attr(el, 'active') !== 'false' && isShown(el),
    element: el,
    // On a `data-pling-form`, the attribute may name a region declared elsewhere instead.
    formRef: el.tagName === 'FORM' && el.hasAttribute('data-pling-form'),
  };
}

function actionAt(el) {
  const name = el.getAttribute('data-pling-action');
  const what = `data-pling-action=${JSON.stringify(name)}`;
  if (!name?.trim()) return bad(what, 'needs a name as its value');
  const kind = attr(el, 'kind') ?? inferKind(el);
  if (!KINDS.includes(kind)) return bad(what, `data-pling-kind must be one of ${KINDS.join(', ')} (got ${JSON.stringify(kind)})`);
  const effect = attr(el, 'effect') ?? defaultEffect(kind, { reveals: attr(el, 'reveals'), element: el });
  if (!EFFECTS.includes(effect)) return bad(what, `data-pling-effect must be read or write (got ${JSON.stringify(effect)})`);
  const record = attr(el, 'record');
  if (record !== undefined && !record.trim()) return bad(what, 'data-pling-record needs the record id as its value');
  if (!isShown(el) && record !== undefined) return undefined; // a row that is not rendered is not a target
  return {
    id: record !== undefined ? `${name}@${record}` : (attr(el, 'id') ?? name),
    name: record !== undefined ? name : undefined,
    record,
    description: attr(el, 'description') ?? el.getAttribute('aria-label') ?? el.getAttribute('title') ?? text(el),
    kind,
    effect,
    region: regionOf(el),
    params: elementParams(kind, el),
    confirm: el.hasAttribute('data-pling-confirm'),
    handoff: el.hasAttribute('data-pling-handoff'),
    reason: attr(el, 'reason'),
    reveals: attr(el, 'reveals'),
    expects: expectsOf(el, what, bad),
    submit: el.hasAttribute('data-pling-submit'),
    element: el,
  };
}

/**
 * `<form data-pling-form>`: its validation is feedback. `data-pling-form="send_email"` also
 * makes it one tool of that name, its fields the parameters.
 */
function formAt(el) {
  const id = el.getAttribute('data-pling-form')?.trim() || undefined;
  const form = { element: el, region: el.getAttribute('data-pling-region') || regionOf(el) };
  if (!id) return form;
  if (id.includes('@')) return bad(`data-pling-form=${JSON.stringify(id)}`, 'a tool name must not contain "@"');
  return {
    ...form,
    id,
    description: attr(el, 'description') ?? el.getAttribute('aria-label') ?? undefined,
    confirm: el.hasAttribute('data-pling-confirm'),
    handoff: el.hasAttribute('data-pling-handoff'),
    expects: expectsOf(el, `data-pling-form=${JSON.stringify(id)}`, bad),
  };
}

function recordAt(el) {
  const id = el.getAttribute('data-pling-record-id');
  if (!id?.trim()) return bad('data-pling-record-id', 'needs the record id as its value');
  const fields = {};
  for (const f of el.querySelectorAll('[data-pling-field]')) {
    if (f.closest('[data-pling-record-id]') !== el) continue;
    const key = f.getAttribute('data-pling-field');
    if (key) fields[key] = sensitiveField(f) ? secret(null) : fieldValue(f);
  }
  const first = Object.values(fields).find((v) => typeof v === 'string');
  return { id, region: regionOf(el), label: attr(el, 'label') ?? first, fields, element: el };
}

function stateAt(el) {
  const name = el.getAttribute('data-pling-state');
  if (!name?.trim()) return bad('data-pling-state', 'needs the state group name as its value');
  return { name, description: attr(el, 'description'), value: sensitiveField(el) ? secret(null) : fieldValue(el) };
}

function feedbackAt(el) {
  const kind = el.getAttribute('data-pling-feedback') || 'status';
  if (!FEEDBACK_KINDS.includes(kind)) return bad('data-pling-feedback', `must be error, warning or status (got ${JSON.stringify(kind)})`);
  const message = text(el, MAX_VALUE_TEXT);
  return message ? { kind, message, field: attr(el, 'for'), region: regionOf(el) } : undefined;
}

// Page declarations: normalised and checked when they are made, so a mistake is reported to
// the page author at once, naming the declaration.
import { defaultEffect } from './effect.js';
import { PlingDeclarationError } from './errors.js';

// The values the core accepts, generated from its Rust source: one policy on both sides.
import { EFFECTS, EXPECTATIONS, FEEDBACK_KINDS, KINDS } from './contract.js';

export { EFFECTS, EXPECTATIONS, FEEDBACK_KINDS, KINDS };

/** @param {unknown} e @returns {boolean} whether `e` names something an action can change */
export function isExpectation(e) {
  return typeof e === 'string' && (EXPECTATIONS.includes(e) || /^state\.[^.]+$/.test(e));
}

/** The keys each declaration takes; any other key is reported (a typo is otherwise silent). */
const COMMON_KEYS = ['description', 'kind', 'effect', 'region', 'params', 'available', 'reason', 'confirm', 'handoff', 'reveals', 'timeoutMs', 'handler', 'expects'];
const KEYS = {
  action: ['id', 'name', 'element', ...COMMON_KEYS],
  row: ['name', 'rows', 'element', ...COMMON_KEYS],
  region: ['id', 'name', 'purpose', 'role', 'parent', 'active', 'element', 'counts'],
  records: ['region', 'rows', 'id', 'label', 'fields', 'element', 'sensitive'],
  state: ['name', 'description', 'value', 'sensitive'],
  page: ['title', 'path', 'route', 'params', 'query'],
  form: ['id', 'element', 'region', 'description', 'confirm', 'handoff', 'handler', 'timeoutMs', 'expects'],
};

/** Warns about keys a declaration does not take, with the likely one meant. */
function unknownKeys(what, d, kind) {
  const known = KEYS[kind];
  for (const key of Object.keys(d)) {
    if (known.includes(key)) continue;
    const near = known.find((k) => distance(k, key) <= 2);
    console.warn(`[pling] ${what}: unknown key \`${key}\` is ignored${near ? ` (did you mean \`${near}\`?)` : ''}`);
  }
}

/** Edit distance, for short keys. */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

const SECRET = Symbol.for('pling.secret');

/**
 * Marks a value as secret: it is masked before anything leaves the page.
 * @template T
 * @param {T} value
 * @returns {{[SECRET]: true, value: T}}
 */
export function secret(value) {
  return { [SECRET]: true, value };
}

/** @param {unknown} v */
export function isSecret(v) {
  return !!v && typeof v === 'object' && v[SECRET] === true;
}

/** Control characters and line separators: what an id shown on one line could not keep. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * Why `id` cannot be a record id, or undefined when it can: an id with a control character
 * (a newline, a tab) would be shown flattened, so the model could not cite it as it is.
 * @param {string} id
 */
export function badRecordId(id) {
  const c = CONTROL.exec(id)?.[0];
  if (c === undefined) return undefined;
  const code = c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `record id ${JSON.stringify(id)} has a control character (U+${code}); ids are shown on one line, so use one without control characters`;
}

/** Evaluates a declared value that may be a function. */
export function read(v, ...args) {
  return typeof v === 'function' ? v(...args) : v;
}

function fail(what, problem) {
  throw new PlingDeclarationError(what, problem);
}

function str(what, obj, key, { required = false } = {}) {
  const v = obj[key];
  if (v === undefined || v === null) {
    if (required) fail(what, `\`${key}\` is required`);
    return undefined;
  }
  if (typeof v !== 'string') fail(what, `\`${key}\` must be a string (got ${typeof v})`);
  if (required && !v.trim()) fail(what, `\`${key}\` must not be empty`);
  return v;
}

function strOrFn(what, obj, key) {
  const v = obj[key];
  if (v === undefined || v === null || typeof v === 'string' || typeof v === 'function') return v ?? undefined;
  fail(what, `\`${key}\` must be a string or a function (got ${typeof v})`);
}

function boolOrFn(what, obj, key, fallback) {
  const v = obj[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean' || typeof v === 'function') return v;
  fail(what, `\`${key}\` must be a boolean or a function (got ${typeof v})`);
}

function oneOf(what, obj, key, allowed, fallback) {
  const v = obj[key];
  if (v === undefined || v === null) return fallback;
  if (!allowed.includes(v)) fail(what, `\`${key}\` must be one of ${allowed.join(', ')} (got ${JSON.stringify(v)})`);
  return v;
}

function elementOrFn(what, obj, key) {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'function') return v;
  if (typeof Element !== 'undefined' && v instanceof Element) return v;
  fail(what, `\`${key}\` must be an Element or a function returning one`);
}

function plainObject(what, v, key) {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) fail(what, `\`${key}\` must be an object`);
  return v;
}

/**
 * Parameters as a JSON Schema object. Accepts a full schema (`{type: 'object', properties}`)
 * or the shorthand `{text: {type: 'string'}}`, where every property is required unless it
 * says `optional: true`.
 */
export function toSchema(what, params) {
  if (params === undefined || params === null) return undefined;
  plainObject(what, params, 'params');
  if (params.type === 'object' && (params.properties === undefined || typeof params.properties === 'object')) {
    const props = params.properties ?? {};
    for (const [k, s] of Object.entries(props)) {
      if (!s || typeof s !== 'object') fail(what, `parameter \`${k}\` must be a JSON Schema object`);
    }
    for (const r of params.required ?? []) {
      if (!(r in props)) fail(what, `\`required\` names \`${r}\`, which is not a parameter`);
    }
    return params;
  }
  const properties = {};
  const required = [];
  for (const [k, s] of Object.entries(params)) {
    if (!s || typeof s !== 'object' || Array.isArray(s)) fail(what, `parameter \`${k}\` must be a JSON Schema object such as {type: 'string'}`);
    const { optional, ...schema } = s;
    properties[k] = schema;
    if (!optional) required.push(k);
  }
  return { type: 'object', properties, required };
}

/** @param {any} d */
export function normRegion(d) {
  const what = `region ${JSON.stringify(d?.id ?? '?')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'region');
  return {
    id: str(what, d, 'id', { required: true }),
    name: str(what, d, 'name') ?? d.id,
    purpose: str(what, d, 'purpose'),
    role: str(what, d, 'role'),
    parent: str(what, d, 'parent'),
    active: boolOrFn(what, d, 'active', true),
    element: elementOrFn(what, d, 'element'),
    counts: typeof d.counts === 'function' ? d.counts : undefined,
  };
}

function common(what, d) {
  const kind = oneOf(what, d, 'kind', KINDS, 'click');
  return {
    description: str(what, d, 'description') ?? '',
    kind,
    effect: oneOf(what, d, 'effect', EFFECTS, defaultEffect(kind, d)),
    region: str(what, d, 'region'),
    params: toSchema(what, d.params),
    available: boolOrFn(what, d, 'available', true),
    reason: strOrFn(what, d, 'reason'),
    confirm: !!d.confirm,
    handoff: !!d.handoff,
    reveals: str(what, d, 'reveals'),
    timeoutMs: d.timeoutMs === undefined ? undefined : positive(what, d, 'timeoutMs'),
    expects: expectations(what, d.expects),
    handler: d.handler === undefined ? undefined : (typeof d.handler === 'function' ? d.handler : fail(what, '`handler` must be a function')),
  };
}

/** @returns {string[] | undefined} */
function expectations(what, v) {
  if (v === undefined) return undefined;
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list)) fail(what, '`expects` must list what the action changes, e.g. [\'records.changed\']');
  for (const e of list) {
    if (!isExpectation(e)) {
      fail(what, `\`expects\` takes ${EXPECTATIONS.join(', ')} or state.<name> (got ${JSON.stringify(e)})`);
    }
  }
  return list.length ? [...list] : undefined;
}

function positive(what, d, key) {
  const v = d[key];
  if (typeof v !== 'number' || !(v > 0)) fail(what, `\`${key}\` must be a positive number`);
  return v;
}

/** @param {any} d */
export function normAction(d) {
  const what = `action ${JSON.stringify(d?.id ?? '?')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  const id = str(what, d, 'id', { required: true });
  unknownKeys(what, d, 'action');
  const out = { row: false, id, name: str(what, d, 'name'), element: elementOrFn(what, d, 'element'), ...common(what, d) };
  // A handoff never runs: the person does it, pointed at its element when it has one.
  if (!out.handler && !out.element && !out.handoff) fail(what, 'needs a `handler` function or an `element` to click');
  return out;
}

/** @param {any} d */
export function normRowAction(d) {
  const what = `row action ${JSON.stringify(d?.name ?? '?')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'row');
  const name = str(what, d, 'name', { required: true });
  if (name.includes('@')) fail(what, '`name` must not contain "@" (row ids are built as name@record)');
  if (d.rows === undefined) {
    // The rows are the region's records.
    if (typeof d.region !== 'string' || !d.region) fail(what, 'needs `rows` (record ids, or a function returning them), or a `region` whose records it acts on');
  } else if (typeof d.rows !== 'function' && !Array.isArray(d.rows)) {
    fail(what, '`rows` must be an array of record ids or a function returning one');
  }
  const out = { row: true, name, rows: d.rows, element: elementOrFn(what, d, 'element'), ...common(what, d) };
  if (out.params?.properties && 'record' in out.params.properties) fail(what, '`record` is added by Pling; do not declare it as a parameter');
  if (!out.handler && !out.element && !out.handoff) fail(what, 'needs a `handler(args)` function or an `element(record)` to click');
  return out;
}

/** @param {any} d */
export function normRecords(d) {
  const what = `records ${JSON.stringify(d?.region ?? '(no region)')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'records');
  if (typeof d.rows !== 'function' && !Array.isArray(d.rows)) fail(what, '`rows` must be an array of records or a function returning one');
  if (d.sensitive !== undefined && !Array.isArray(d.sensitive)) fail(what, '`sensitive` must be an array of field names');
  const accessor = (key) => {
    if (d[key] === undefined) return undefined;
    if (typeof d[key] !== 'function') fail(what, `\`${key}\` must be a function of a row (your own item)`);
    return d[key];
  };
  const id = accessor('id');
  if (Array.isArray(d.rows) && !id) {
    for (const row of d.rows) {
      const problem = row !== null && typeof row === 'object' && typeof row.id === 'string' ? badRecordId(row.id) : undefined;
      if (problem) fail(what, problem);
    }
  }
  const out = { region: str(what, d, 'region'), rows: d.rows, sensitive: new Set(d.sensitive ?? []), id, label: accessor('label'), fields: accessor('fields'), element: accessor('element') };
  if (!id && (out.label || out.fields || out.element)) fail(what, 'accessors (`label`, `fields`, `element`) need an `id` accessor too');
  return out;
}

/** @param {any} d */
export function normState(d) {
  const what = `state ${JSON.stringify(d?.name ?? '?')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'state');
  if (!('value' in d)) fail(what, '`value` is required (a value or a function returning one)');
  return { name: str(what, d, 'name', { required: true }), description: str(what, d, 'description'), value: d.value, sensitive: !!d.sensitive };
}

/** @param {any} d */
export function normPage(d) {
  const what = 'page';
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'page');
  if (d.query !== undefined && !(Array.isArray(d.query) && d.query.every((q) => typeof q === 'string'))) {
    fail(what, '`query` must list the query fields allowed into the observation, e.g. ["q"]');
  }
  return {
    title: strOrFn(what, d, 'title'),
    path: strOrFn(what, d, 'path'),
    route: strOrFn(what, d, 'route'),
    params: d.params,
    query: d.query ?? [],
  };
}

/**
 * A form: its constraint validation becomes feedback; with an `id` it is also one tool whose
 * parameters are its fields (a call fills them and submits the form).
 * @param {any} d
 */
export function normForm(d) {
  const what = `form ${JSON.stringify(d?.id ?? d?.region ?? '?')}`;
  plainObject(what, d, 'declaration') ?? fail(what, 'a declaration object is required');
  unknownKeys(what, d, 'form');
  const element = elementOrFn(what, d, 'element') ?? fail(what, '`element` (the form) is required');
  const id = str(what, d, 'id');
  if (id !== undefined && (!id.trim() || id.includes('@'))) fail(what, '`id` must be a name without "@"');
  const tool = {
    description: str(what, d, 'description'),
    confirm: !!d.confirm,
    handoff: !!d.handoff,
    timeoutMs: d.timeoutMs === undefined ? undefined : positive(what, d, 'timeoutMs'),
    expects: expectations(what, d.expects),
    handler: d.handler === undefined ? undefined : (typeof d.handler === 'function' ? d.handler : fail(what, '`handler` must be a function')),
  };
  if (id === undefined && Object.values(tool).some((v) => v !== undefined && v !== false)) fail(what, 'tool options need an `id`: the name the model calls');
  return { element, region: str(what, d, 'region'), id, ...tool };
}

/**
 * @param {any} fn
 */
export function normFeedback(fn) {
  if (typeof fn !== 'function' && !Array.isArray(fn)) {
    throw new PlingDeclarationError('feedback', 'must be an array of items or a function returning one');
  }
  return fn;
}

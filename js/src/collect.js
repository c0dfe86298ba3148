// Snapshot collection: the author's declarations plus the browser's facts, as the plain JSON
// the engine reads. Secrets are masked here, before anything leaves the shim.
import { isSecret, read } from './declare.js';
import { PageFacts, isCovered, isDisabled, isShown } from './dom.js';
import { scan } from './attributes.js';
import { messageOf } from './errors.js';

/** What a masked value reads as. */
export const MASK = '[masked]';
/** Reason given for a disabled control whose author gave none. */
export const DISABLED_REASON = 'disabled on the page';
/** Reason given for a hidden control. */
export const HIDDEN_REASON = 'hidden on the page';

const MAX_DEPTH = 8;

/** Masks secrets anywhere in a value and drops what JSON cannot carry. */
export function clean(value, depth = 0) {
  if (isSecret(value)) return MASK;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || depth > MAX_DEPTH) return value === undefined ? null : String(value);
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') out[k] = clean(v, depth + 1);
  }
  return out;
}

function text(v) {
  if (v === undefined || v === null) return undefined;
  return isSecret(v) ? MASK : String(v);
}

/**
 * @typedef {object} Target what a resolved action id dispatches to
 * @property {string} id
 * @property {string} kind
 * @property {string | undefined} record
 * @property {Function | undefined} handler
 * @property {Element | undefined} element
 * @property {number | undefined} timeoutMs
 * @property {boolean} [submit]
 */

/**
 * Collects one snapshot.
 * @param {import('./registry.js').Registry} registry
 * @param {import('./dom.js').ViewportTracker} tracker
 * @param {{attributes: boolean, root: ParentNode, report: (m: string) => void}} options
 */
export function collect(registry, tracker, options) {
  tracker.begin();
  const facts = new PageFacts();
  const scanned = options.attributes ? scan(options.root) : null;
  const problems = new Set();
  const problem = (m) => {
    if (!problems.has(m)) {
      problems.add(m);
      options.report(m);
    }
  };
  const call = (what, fn, ...args) => {
    try {
      return read(fn, ...args);
    } catch (error) {
      problem(`${what} threw: ${messageOf(error)}`);
      return undefined;
    }
  };

  // Page identity.
  const p = registry.page;
  const page = {
    title: text(call('page.title', p.title) ?? document.title) ?? '',
    path: text(call('page.path', p.path) ?? location.pathname) ?? '',
  };
  const route = text(call('page.route', p.route));
  if (route) page.route = route;
  const params = call('page.params', p.params);
  if (params && typeof params === 'object') page.params = clean(params);
  if (p.query.length) {
    const search = new URLSearchParams(location.search);
    const query = {};
    for (const key of p.query) if (search.has(key)) query[key] = search.get(key);
    if (Object.keys(query).length) page.query = query;
  }

  // Regions.
  const regions = [];
  const regionIds = new Set();
  const regionCounts = new Map();
  const addRegion = (d, source) => {
    if (regionIds.has(d.id)) return problem(`${source} region "${d.id}" is declared twice; the second is ignored`);
    regionIds.add(d.id);
    const el = call(`region "${d.id}".element`, d.element);
    const region = { id: d.id, name: d.name ?? d.id, active: !!call(`region "${d.id}".active`, d.active) };
    if (d.purpose) region.purpose = d.purpose;
    if (d.role) region.role = d.role;
    if (d.parent) region.parent = d.parent;
    if (el) {
      if (!isShown(el)) region.active = false;
      region.inViewport = region.active && tracker.touchesViewport(el);
    }
    const counts = d.counts ? call(`region "${d.id}".counts`, d.counts) : undefined;
    if (counts) regionCounts.set(d.id, counts);
    regions.push(region);
  };
  for (const d of registry.regions.values()) addRegion(d, 'the');
  if (scanned) for (const d of scanned.regions) addRegion(d, 'a data-pling');
  for (const r of regions) {
    if (r.parent && !regionIds.has(r.parent)) {
      problem(`region "${r.id}" names parent "${r.parent}", which is not declared; it is shown at the top level`);
      delete r.parent;
    }
  }
  const regionRef = (what, id) => {
    if (id === undefined || id === null) return undefined;
    if (regionIds.has(id)) return id;
    problem(`${what} names region "${id}", which is not declared; the reference is dropped`);
    return undefined;
  };

  // Records.
  const records = [];
  const recordIds = new Set();
  const recordElements = new Map();
  const addRecord = (row, region, sensitive, source) => {
    if (!row || typeof row !== 'object' || row.id === undefined || row.id === null || row.id === '') {
      return problem(`${source}: every record needs an id`);
    }
    const id = String(row.id);
    if (recordIds.has(id)) return problem(`${source}: record "${id}" is declared twice; the second is ignored`);
    recordIds.add(id);
    const fields = {};
    for (const [k, v] of Object.entries(row.fields ?? {})) {
      if (v === undefined || typeof v === 'function') continue;
      fields[k] = sensitive.has(k) ? MASK : clean(v);
    }
    const record = { id, fields };
    const reg = regionRef(`record "${id}"`, row.region ?? region);
    if (reg) record.region = reg;
    const label = row.label === undefined ? undefined : (sensitive.has('label') ? MASK : text(row.label));
    if (label) record.label = label;
    const el = row.element;
    if (el instanceof Element) {
      recordElements.set(id, el);
      record.inViewport = tracker.inViewport(el);
    } else if (typeof row.inViewport === 'boolean') {
      record.inViewport = row.inViewport;
    }
    records.push(record);
  };
  for (const d of registry.records) {
    const rows = call(`records "${d.region ?? ''}".rows`, d.rows) ?? [];
    for (const row of rows) addRecord(row, d.region, d.sensitive, `records "${d.region ?? ''}"`);
  }
  if (scanned) for (const r of scanned.records) addRecord(r, r.region, new Set(), 'data-pling-record-id');

  // Actions.
  const actions = [];
  /** @type {Map<string, Target>} */
  const targets = new Map();
  const elementFacts = (action, el, declaredReason, checkHidden) => {
    if (!(el instanceof Element)) return;
    if (checkHidden && !isShown(el)) {
      action.available = false;
      action.reason = declaredReason || HIDDEN_REASON;
      return;
    }
    const inView = tracker.inViewport(el);
    action.inViewport = inView;
    if (isDisabled(el)) {
      action.available = false;
      action.reason = declaredReason || DISABLED_REASON;
    }
    if ((inView || facts.modal || facts.anyInert) && isCovered(el, facts, inView)) action.covered = true;
  };
  const addAction = (a, target) => {
    if (targets.has(a.id)) return problem(`action "${a.id}" is declared twice; the second is ignored`);
    targets.set(a.id, target);
    actions.push(a);
  };
  const base = (d, what) => {
    const a = { description: d.description, kind: d.kind, effect: d.effect };
    const region = regionRef(what, d.region);
    if (region) a.region = region;
    if (d.params) a.params = d.params;
    if (d.confirm) a.confirm = true;
    if (d.handoff) a.handoff = true;
    if (d.reveals) {
      const reveals = regionRef(`${what}.reveals`, d.reveals);
      if (reveals) a.reveals = reveals;
    }
    return a;
  };
  for (const d of registry.actions.values()) {
    if (d.row) {
      const what = `row action "${d.name}"`;
      const shared = base(d, what);
      const rows = call(`${what}.rows`, d.rows) ?? [];
      const declaredAvailable = typeof d.available === 'function' ? undefined : d.available;
      for (const row of rows) {
        const spec = row !== null && typeof row === 'object' ? row : { record: row };
        if (spec.record === undefined || spec.record === null || spec.record === '') {
          problem(`${what}: every row needs a record id`);
          continue;
        }
        const record = String(spec.record);
        const a = { id: `${d.name}@${record}`, name: d.name, record, ...shared };
        const available = spec.available ?? declaredAvailable ?? call(`${what}.available`, d.available, record);
        const reason = text(spec.reason ?? call(`${what}.reason`, d.reason, record));
        if (available === false) {
          a.available = false;
          if (reason) a.reason = reason;
        }
        const el = spec.element ?? (d.element ? call(`${what}.element`, d.element, record) : recordElements.get(record));
        elementFacts(a, el, reason, false);
        addAction(a, { id: a.id, kind: d.kind, record, handler: d.handler, element: el instanceof Element ? el : undefined, timeoutMs: d.timeoutMs });
      }
      continue;
    }
    const what = `action "${d.id}"`;
    const a = { id: d.id, ...base(d, what) };
    if (d.name) a.name = d.name;
    const available = call(`${what}.available`, d.available);
    const reason = text(call(`${what}.reason`, d.reason));
    if (available === false) {
      a.available = false;
      if (reason) a.reason = reason;
    }
    const el = call(`${what}.element`, d.element);
    elementFacts(a, el, reason, true);
    addAction(a, { id: d.id, kind: d.kind, record: undefined, handler: d.handler, element: el, timeoutMs: d.timeoutMs });
  }
  if (scanned) {
    for (const d of scanned.actions) {
      const a = { id: d.id, ...base(d, `data-pling-action "${d.id}"`) };
      if (d.name) a.name = d.name;
      if (d.record !== undefined) a.record = d.record;
      elementFacts(a, d.element, d.reason, d.record === undefined);
      addAction(a, { id: d.id, kind: d.kind, record: d.record, handler: undefined, element: d.element, timeoutMs: undefined, submit: d.submit });
    }
  }

  // State.
  const state = [];
  const stateNames = new Set();
  const addState = (d, value) => {
    if (stateNames.has(d.name)) return problem(`state "${d.name}" is declared twice; the second is ignored`);
    stateNames.add(d.name);
    const group = { name: d.name, value: d.sensitive ? MASK : clean(value === undefined ? null : value) };
    if (d.description) group.description = d.description;
    state.push(group);
  };
  for (const d of registry.state.values()) addState(d, call(`state "${d.name}".value`, d.value));
  if (scanned) for (const d of scanned.state) addState(d, d.value);

  // Feedback.
  const feedback = [];
  const addFeedback = (f, source) => {
    if (!f || typeof f !== 'object' || !f.message) return problem(`${source}: every feedback item needs a message`);
    const kind = ['error', 'warning', 'status'].includes(f.kind) ? f.kind : 'status';
    const item = { kind, message: text(f.message) };
    if (f.field) item.field = text(f.field);
    const region = regionRef(`${source} feedback`, f.region);
    if (region) item.region = region;
    feedback.push(item);
  };
  for (const fn of registry.feedback) for (const f of call('feedback', fn) ?? []) addFeedback(f, 'feedback');
  if (scanned) for (const f of scanned.feedback) addFeedback(f, 'data-pling-feedback');
  const forms = [...registry.forms, ...(scanned ? scanned.forms : [])];
  for (const d of forms) {
    const form = call('form.element', d.element);
    if (form) for (const f of formFeedback(form, d.region, registry.invalidSeen)) addFeedback(f, 'form');
  }

  // Region counts: declared, or from the region's records.
  const perRegion = new Map();
  for (const r of records) {
    if (!r.region) continue;
    const c = perRegion.get(r.region) ?? { visible: 0, total: 0 };
    c.total += 1;
    if (r.inViewport) c.visible += 1;
    perRegion.set(r.region, c);
  }
  for (const r of regions) {
    const c = regionCounts.get(r.id) ?? perRegion.get(r.id);
    if (c && Number.isInteger(c.total)) {
      r.total = c.total;
      if (Number.isInteger(c.visible)) r.visible = c.visible;
    }
  }

  tracker.prune();
  const snapshot = { page, regions, actions, records, state, feedback };
  return { snapshot, targets, recordElements };
}

/**
 * The browser's own constraint validation as feedback: invalid fields the person has touched
 * (`:user-invalid`) or that failed a submit.
 * @param {HTMLFormElement} form
 * @param {string | undefined} region
 * @param {WeakSet<Element>} invalidSeen
 */
export function formFeedback(form, region, invalidSeen) {
  const out = [];
  for (const el of form.elements ?? []) {
    if (!el.willValidate || el.validity.valid) continue;
    let touched = invalidSeen.has(el);
    try {
      touched = touched || el.matches(':user-invalid');
    } catch {
      // :user-invalid unsupported: only fields that failed a submit are reported.
    }
    if (!touched) continue;
    const label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : undefined;
    out.push({ kind: 'error', message: el.validationMessage, field: el.name || el.id || label, region });
  }
  return out;
}

// Snapshot collection: the author's declarations plus the browser's facts, as the plain JSON
// the engine reads. Secrets are masked here, before anything leaves the shim.
import { isSecret, read } from './declare.js';
import { PageFacts, Viewport, isCovered, isDisabled, isShown } from './dom.js';
import { scan } from './attributes.js';
import { messageOf } from './errors.js';

/** What a masked value reads as. */
export const MASK = '[masked]';
/** Reason given for a disabled control whose author gave none. */
export const DISABLED_REASON = 'disabled on the page';
/** Reason given for a hidden control. */
export const HIDDEN_REASON = 'hidden on the page';
/**
 * Up to this many records, every record carries its fields (so receipts can name changed
 * fields anywhere); above it, only rows in the viewport do — the only ones the observation
 * shows — and the rest are sent by id.
 */
export const FULL_FIELDS_LIMIT = 500;

const MAX_DEPTH = 8;
/** Rows of a row set hit-tested for overlays before the rest are assumed clear. */
const OVERLAY_SAMPLES = 1;

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
 * @typedef {object} Target what a declared action id dispatches to
 * @property {string} id the declared id (a row set's rows are `id@record`)
 * @property {string} kind
 * @property {string | undefined} record the row, for a row action declared per element
 * @property {Function | undefined} handler
 * @property {(record?: string) => Element | undefined} element the element to operate or scroll to
 * @property {number | undefined} timeoutMs
 * @property {boolean} [submit]
 */

/**
 * Collects one snapshot.
 * @param {import('./registry.js').Registry} registry
 * @param {{attributes: boolean, root: ParentNode, report: (m: string) => void}} options
 */
export function collect(registry, options) {
  const tracker = new Viewport();
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
  /** @param {string | (() => string)} what named lazily: this runs once a row */
  const regionRef = (what, id) => {
    if (id === undefined || id === null) return undefined;
    if (regionIds.has(id)) return id;
    problem(`${typeof what === 'function' ? what() : what} names region "${id}", which is not declared; the reference is dropped`);
    return undefined;
  };

  // Records.
  const records = [];
  const recordIds = new Set();
  /** Each record's index in `pending`, for row sets and dispatch. */
  const recordIndex = new Map();
  const sources = registry.records.map((d) => ({ d, rows: call(`records "${d.region ?? ''}".rows`, d.rows) ?? [] }));
  const scannedRecords = scanned ? scanned.records : [];
  const totalRecords = sources.reduce((n, s) => n + (Array.isArray(s.rows) ? s.rows.length : 0), scannedRecords.length);
  const allFields = totalRecords <= FULL_FIELDS_LIMIT;
  const pendingRecords = [];
  /** @type {{region?: string, ids: string[]}[]} */
  const idOnly = [];
  // Names for error messages, made once a source rather than once a row.
  const named = new Map();
  const names = (source) => {
    let n = named.get(source);
    if (!n) {
      n = { id: `${source}.id`, element: `${source}.element`, fields: `${source}.fields`, label: `${source}.label` };
      named.set(source, n);
    }
    return n;
  };
  const addRecord = (item, d, source) => {
    const n = names(source);
    const id = d.id ? call(n.id, d.id, item) : item?.id;
    if (id === undefined || id === null || id === '') return problem(`${source}: every record needs an id`);
    const key = String(id);
    if (recordIds.has(key)) return problem(`${source}: record "${key}" is declared twice; the second is ignored`);
    recordIds.add(key);
    // The element is looked up only when needed: a long list's offscreen rows never are.
    pendingRecords.push({ item, d, source, key, el: undefined });
  };
  for (const { d, rows } of sources) {
    const source = `records "${d.region ?? ''}"`;
    if (!Array.isArray(rows)) {
      problem(`${source}.rows must return an array`);
      continue;
    }
    for (const item of rows) {
      if ((item === null || typeof item !== 'object') && !d.id) {
        problem(`${source}: every record must be an object with an id`);
        continue;
      }
      addRecord(item, d, source);
    }
  }
  const plain = { sensitive: new Set() };
  for (const r of scannedRecords) addRecord(r, plain, 'data-pling-record-id');
  /** @param {number} i */
  const elementAt = (i) => {
    const p = pendingRecords[i];
    if (p.el === undefined) {
      const el = p.d.element ? call(names(p.source).element, p.d.element, p.item) : p.item?.element;
      p.el = el instanceof Element ? el : null;
    }
    return p.el;
  };
  // Rows are measured as a list: a long list costs a few box reads, not one a row.
  const inViewAt = tracker.measureRows(pendingRecords.length, elementAt);
  const recordView = new Int8Array(pendingRecords.length); // 1 in view, 0 not, -1 unknown
  for (let i = 0; i < pendingRecords.length; i++) {
    const { item, d, source, key } = pendingRecords[i];
    const record = { id: key };
    const reg = regionRef(() => `record "${key}"`, (d.id ? undefined : item.region) ?? d.region);
    if (reg) record.region = reg;
    const measured = inViewAt(i);
    if (measured !== undefined) {
      record.inViewport = measured;
    } else if (typeof item?.inViewport === 'boolean') {
      record.inViewport = item.inViewport;
    }
    recordIndex.set(key, i);
    recordView[i] = record.inViewport === undefined ? -1 : record.inViewport ? 1 : 0;
    if (!allFields && record.inViewport === false) {
      // Long list, row out of view: cited by id only, in the compact form.
      const last = idOnly[idOnly.length - 1];
      if (last && last.region === record.region) last.ids.push(key);
      else idOnly.push(record.region ? { region: record.region, ids: [key] } : { ids: [key] });
      continue;
    }
    {
      const raw = d.fields ? call(names(source).fields, d.fields, item) : item.fields;
      const fields = {};
      for (const [k, v] of Object.entries(raw ?? {})) {
        if (v === undefined || typeof v === 'function') continue;
        fields[k] = d.sensitive.has(k) ? MASK : clean(v);
      }
      record.fields = fields;
      const rawLabel = d.label ? call(names(source).label, d.label, item) : item.label;
      const label = rawLabel === undefined ? undefined : (d.sensitive.has('label') ? MASK : text(rawLabel));
      if (label) record.label = label;
    }
    records.push(record);
  }

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
    if (isCovered(el, facts, inView)) action.covered = true;
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
      addRowSet(d);
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
    addAction(a, { id: d.id, kind: d.kind, record: undefined, handler: d.handler, element: () => (el instanceof Element ? el : undefined), timeoutMs: d.timeoutMs });
  }

  /** A row action declared once: its rows travel as one compact row set. */
  function addRowSet(d) {
    const what = `row action "${d.name}"`;
    const rows = call(`${what}.rows`, d.rows) ?? [];
    if (!Array.isArray(rows)) return problem(`${what}.rows must return an array`);
    const [whatElement, whatAvailable, whatReason] = [`${what}.element`, `${what}.available`, `${what}.reason`];
    const elementOf = (record) => {
      if (d.element) return call(whatElement, d.element, record);
      const i = recordIndex.get(record);
      return i === undefined ? undefined : elementAt(i);
    };
    const set = { records: [] };
    const inViewport = [];
    const unavailable = [];
    const covered = [];
    let known = true;
    const perRowAvailability = typeof d.available === 'function' || typeof d.reason === 'function';
    // Hit-testing is costly on a long list: the first rows in view are tested, and only when
    // one of them is covered are the others tested too.
    let overlayChecks = OVERLAY_SAMPLES;
    for (const row of rows) {
      // Rows are usually bare ids: read a spec's fields without making one for them.
      const isSpec = row !== null && typeof row === 'object';
      const raw = isSpec ? row.record : row;
      if (raw === undefined || raw === null || raw === '') {
        problem(`${what}: every row needs a record id`);
        continue;
      }
      const record = String(raw);
      const index = set.records.length;
      set.records.push(record);
      // A row's control is only measured when its row is in view (or a modal may cover it):
      // offscreen rows are scrolled to, and checked again, when called.
      const ri = recordIndex.get(record);
      let view = ri === undefined || recordView[ri] < 0 ? undefined : recordView[ri] === 1;
      let el = isSpec ? row.element : undefined;
      if (view === undefined || view || el || facts.modal) {
        el = el ?? elementOf(record);
        if (el instanceof Element) view = tracker.inViewport(el);
      }
      if (view === undefined) known = false;
      else if (view) inViewport.push(index);
      const declared = isSpec ? row.available : undefined;
      let available = declared ?? (perRowAvailability ? call(whatAvailable, d.available, record) : d.available);
      let reason = (isSpec ? row.reason : undefined) ?? (perRowAvailability || available === false ? text(call(whatReason, d.reason, record)) : undefined);
      if (available !== false && view && el instanceof Element) {
        if (isDisabled(el)) {
          available = false;
          reason = reason || DISABLED_REASON;
        } else if (overlayChecks !== 0 && isCovered(el, facts, true)) {
          covered.push(index);
          overlayChecks = -1; // an overlay is there: check every row in view
        } else if (overlayChecks > 0) {
          overlayChecks -= 1;
        }
      } else if (available !== false && facts.modal && el instanceof Element && isCovered(el, facts, false)) {
        covered.push(index);
      }
      if (available === false) unavailable.push(reason ? { index, reason } : { index });
    }
    if (known) set.inViewport = inViewport;
    if (unavailable.length) set.unavailable = unavailable;
    if (covered.length) set.covered = covered;
    const a = { id: d.name, ...base(d, what), rows: set };
    addAction(a, { id: d.name, kind: d.kind, record: undefined, handler: d.handler, element: (record) => { const el = elementOf(record); return el instanceof Element ? el : undefined; }, timeoutMs: d.timeoutMs });
  }
  if (scanned) {
    for (const d of scanned.actions) {
      const a = { id: d.id, ...base(d, `data-pling-action "${d.id}"`) };
      if (d.name) a.name = d.name;
      if (d.record !== undefined) a.record = d.record;
      elementFacts(a, d.element, d.reason, d.record === undefined);
      addAction(a, { id: d.id, kind: d.kind, record: d.record, handler: undefined, element: () => d.element, timeoutMs: undefined, submit: d.submit });
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
  for (const set of idOnly) {
    if (!set.region) continue;
    const c = perRegion.get(set.region) ?? { visible: 0, total: 0 };
    c.total += set.ids.length;
    perRegion.set(set.region, c);
  }
  for (const r of regions) {
    const c = regionCounts.get(r.id) ?? perRegion.get(r.id);
    if (c && Number.isInteger(c.total)) {
      r.total = c.total;
      if (Number.isInteger(c.visible)) r.visible = c.visible;
    }
  }

  const snapshot = { page, regions, actions, records, state, feedback };
  if (idOnly.length) snapshot.recordIds = idOnly;
  return { snapshot, targets };
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

// Snapshot collection: the author's declarations plus the browser's facts, as the plain JSON
// the engine reads. Secrets are masked here, before anything leaves the shim.
import { isSecret, read } from './declare.js';
import { PageFacts, Viewport, blocked, centreOf, isCovered, isDisabled, isShown, overlayOver } from './dom.js';
import { elementParams, scan } from './attributes.js';
import { messageOf } from './errors.js';
import { Secrets, isSensitive } from './safe.js';

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
/** Rows in view of a region hit-tested for overlays before the rest are assumed clear. */
const OVERLAY_SAMPLES = 1;

/** How deep, through how many children a level, and through how many elements in all, fixed
 * and sticky boxes are looked for. */
const OVERLAY_DEPTH = 3;
const OVERLAY_FANOUT = 64;
const OVERLAY_VISITS = 256;

/**
 * Fixed and sticky boxes near the top of the tree that overlap the viewport: where headers,
 * banners and bars live. A long list's rows are never walked.
 * @param {Viewport} tracker
 * @returns {{el: Element, box: DOMRect, on: boolean | undefined}[]}
 */
function overlayCandidates(tracker) {
  const out = [];
  let visits = 0;
  // Level by level, so a banner at the end of <body> is seen before a deep first subtree.
  let level = document.body ? [document.body] : [];
  for (let depth = 1; depth <= OVERLAY_DEPTH && level.length; depth++) {
    const next = [];
    for (const parent of level) {
      const kids = parent.children;
      if (kids.length > OVERLAY_FANOUT) continue;
      for (const el of kids) {
        if (++visits > OVERLAY_VISITS) return out;
        const position = getComputedStyle(el).position;
        if (position === 'fixed' || position === 'sticky') {
          const box = el.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < tracker.height && box.left < tracker.width) {
            out.push({ el, box, on: undefined });
          }
        } else {
          next.push(el);
        }
      }
    }
    level = next;
  }
  return out;
}

/**
 * Masks secrets anywhere in a value and drops what JSON cannot carry: a value met again on
 * its own path (a cycle) becomes `"[cycle]"`, a getter that throws `"[unreadable]"`, and
 * nesting below MAX_DEPTH a string. Masked values are noted in `secrets`.
 * @param {unknown} value
 * @param {import('./safe.js').Secrets} [secrets]
 */
export function clean(value, secrets, depth = 0, path = new Set()) {
  if (isSecret(value)) {
    secrets?.note(/** @type {{value: unknown}} */ (value).value);
    return MASK;
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'object' || depth > MAX_DEPTH) return value === undefined ? null : safeString(value);
  if (path.has(value)) return '[cycle]';
  path.add(value);
  try {
    if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => clean(v, secrets, depth + 1, path));
    const out = {};
    let n = 0;
    for (const k of Object.keys(value)) {
      if (++n > MAX_ITEMS) break;
      let v;
      try {
        v = value[k];
      } catch {
        v = '[unreadable]';
      }
      if (v !== undefined && typeof v !== 'function' && typeof v !== 'symbol') out[k] = clean(v, secrets, depth + 1, path);
    }
    return out;
  } catch {
    return '[unreadable]';
  } finally {
    path.delete(value);
  }
}

/** Items of an array or keys of an object kept: the core summarises deeper and longer. */
const MAX_ITEMS = 1000;

function safeString(v) {
  try {
    return String(v);
  } catch {
    return '[unreadable]';
  }
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
 * @param {{attributes: boolean, root: ParentNode, marked: import('./marked.js').MarkedElements, report: (m: string) => void}} options
 */
export function collect(registry, options) {
  const tracker = new Viewport();
  const facts = new PageFacts(options.marked);
  const scanned = options.attributes ? scan(options.root, options.marked) : null;
  const secrets = new Secrets();
  secrets.noteFields(options.root);
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
  if (params && typeof params === 'object') page.params = clean(params, secrets);
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
    if (regionIds.has(d.id)) {
      if (d.formRef) return undefined; // <form data-pling-form data-pling-region="x"> names region x
      return problem(`${source} region "${d.id}" is declared twice; the second is ignored`);
    }
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

  // Records. One tight pass a source keeps ids and items in flat arrays; a record's element
  // is looked up only when needed, so a long list's offscreen rows never are.
  /** @type {string[]} */
  const keys = [];
  const items = [];
  /** Each record's source, as an index into `slots`. */
  const owner = [];
  /** @type {(string | undefined)[]} */
  const recordRegion = [];
  const slots = [];
  const seen = new Set();
  const regionOfValue = new Map();
  const recordRegionRef = (value, key) => {
    if (value === undefined || value === null) return undefined;
    let r = regionOfValue.get(value);
    if (r === undefined) {
      r = regionRef(() => `record "${key}"`, value) ?? null;
      regionOfValue.set(value, r);
    }
    return r ?? undefined;
  };
  const addSource = (d, source, rows) => {
    const slot = slots.length;
    slots.push({ d, source, elementName: `${source}.element`, fieldsName: `${source}.fields`, labelName: `${source}.label` });
    const idOf = d.id;
    for (let j = 0; j < rows.length; j++) {
      const item = rows[j];
      let id;
      if (idOf) {
        try {
          id = idOf(item);
        } catch (error) {
          problem(`${source}.id threw: ${messageOf(error)}`);
          continue;
        }
      } else if (item !== null && typeof item === 'object') {
        id = item.id;
      } else {
        problem(`${source}: every record must be an object with an id`);
        continue;
      }
      // An id that is empty once trimmed cannot be cited: that one record is left out.
      if (id === undefined || id === null || String(id).trim() === '') {
        problem(`${source}: every record needs an id`);
        continue;
      }
      const key = typeof id === 'string' ? id : String(id);
      const size = seen.size;
      seen.add(key);
      if (seen.size === size) {
        problem(`${source}: record "${key}" is declared twice; the second is ignored`);
        continue;
      }
      keys.push(key);
      items.push(item);
      owner.push(slot);
      recordRegion.push(recordRegionRef(idOf ? d.region : (item.region ?? d.region), key));
    }
  };
  for (const d of registry.records) {
    const source = `records "${d.region ?? ''}"`;
    const rows = call(`${source}.rows`, d.rows) ?? [];
    if (Array.isArray(rows)) addSource(d, source, rows);
    else problem(`${source}.rows must return an array`);
  }
  if (scanned) addSource({ sensitive: new Set() }, 'data-pling-record-id', scanned.records);
  const n = keys.length;
  const allFields = n <= FULL_FIELDS_LIMIT;
  /** @type {(Element | null | undefined)[]} */
  const elements = new Array(n);
  /** @param {number} i */
  const elementAt = (i) => {
    let el = elements[i];
    if (el === undefined) {
      const s = slots[owner[i]];
      const raw = s.d.element ? call(s.elementName, s.d.element, items[i]) : items[i]?.element;
      el = raw instanceof Element ? raw : null;
      elements[i] = el;
    }
    return el;
  };
  /** Record index by id, built the first time something asks. */
  let byKey = null;
  const recordIndexOf = (key) => {
    if (!byKey) {
      byKey = new Map();
      for (let i = 0; i < n; i++) byKey.set(keys[i], i);
    }
    return byKey.get(key);
  };
  // Rows are measured as a list: a long list costs a few box reads, not one a row.
  const inViewAt = tracker.measureRows(n, elementAt);
  const recordView = new Int8Array(n); // 1 in view, 0 not, -1 unknown
  const records = [];
  /** A long list's ids, once, in page order: `recordIds` in the snapshot. */
  const lists = [];
  const perRegion = new Map();
  for (let i = 0; i < n; i++) {
    const key = keys[i];
    const region = recordRegion[i];
    let inViewport = inViewAt(i);
    if (inViewport === undefined && typeof items[i]?.inViewport === 'boolean') inViewport = items[i].inViewport;
    recordView[i] = inViewport === undefined ? -1 : inViewport ? 1 : 0;
    if (region) {
      let c = perRegion.get(region);
      if (!c) perRegion.set(region, (c = { visible: 0, total: 0 }));
      c.total += 1;
      if (inViewport) c.visible += 1;
    }
    if (!allFields) {
      let list = lists[lists.length - 1];
      if (!list || list.region !== region || list.slot !== owner[i]) {
        list = { region, slot: owner[i], start: i, ids: [] };
        lists.push(list);
      }
      list.ids.push(key);
      // Out of view, the list is all there is of it: cited by id, never shown in full.
      if (inViewport === false) continue;
    }
    const item = items[i];
    const s = slots[owner[i]];
    const d = s.d;
    const record = { id: key };
    if (region) record.region = region;
    if (inViewport !== undefined) record.inViewport = inViewport;
    const raw = d.fields ? call(s.fieldsName, d.fields, item) : item.fields;
    const fields = {};
    for (const [k, v] of Object.entries(raw ?? {})) {
      if (v === undefined || typeof v === 'function') continue;
      if (d.sensitive.has(k)) secrets.note(v);
      fields[k] = d.sensitive.has(k) ? MASK : clean(v, secrets);
    }
    record.fields = fields;
    const rawLabel = d.label ? call(s.labelName, d.label, item) : item.label;
    const label = rawLabel === undefined ? undefined : (d.sensitive.has('label') ? MASK : text(rawLabel));
    if (label) record.label = label;
    records.push(record);
  }
  /** The list whose ids are exactly `rows`, if any. */
  const listOf = (rows) => {
    for (let k = 0; k < lists.length; k++) {
      const ids = lists[k].ids;
      if (ids.length !== rows.length || ids.length === 0) continue;
      // Ids may come as numbers; the list holds them as strings.
      const is = (j) => rows[j] === ids[j] || (typeof rows[j] === 'number' && String(rows[j]) === ids[j]);
      if (!is(0) || !is(ids.length - 1)) continue;
      let same = true;
      for (let j = 0; j < ids.length && same; j++) same = is(j);
      if (same) return k;
    }
    return -1;
  };

  // Actions.
  const actions = [];
  /** @type {Map<string, Target>} */
  const targets = new Map();
  /**
   * Overlays over rows in view. Hit-testing into a long list costs about a millisecond a row,
   * so rows are tested sparingly: the page's fixed and sticky boxes near the top of the tree
   * (headers, banners, bars) are candidates, and the first row whose centre falls in one is
   * hit-tested to confirm or clear it for every row under it; beyond those, the first row in
   * view of each region is tested, and an overlay found there joins the confirmed ones.
   */
  /** @type {{el: Element, box: DOMRect, on: boolean | undefined}[] | null} */
  let overlays = null;
  /** Hit tests left for rows outside every candidate, by region. */
  const overlayTests = new Map();
  const inBox = ({ x, y }, r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom;
  const coveredInView = (el, key) => {
    const known = blocked(el, facts);
    if (known !== undefined) return known;
    if (!overlays) overlays = overlayCandidates(tracker);
    const centre = centreOf(el);
    let inside = false;
    for (const o of overlays) {
      if (!inBox(centre, o.box)) continue;
      inside = true;
      if (o.on === undefined) {
        const over = overlayOver(el);
        o.on = over !== null;
        if (over && over !== o.el && !overlays.some((x) => x.el === over)) overlays.push({ el: over, box: over.getBoundingClientRect(), on: true });
      }
      if (o.on) return true;
    }
    if (inside) return false;
    const tests = overlayTests.get(key) ?? OVERLAY_SAMPLES;
    if (tests <= 0) return false;
    overlayTests.set(key, tests - 1);
    const over = overlayOver(el);
    if (!over) return false;
    if (!overlays.some((x) => x.el === over)) overlays.push({ el: over, box: over.getBoundingClientRect(), on: true });
    return true;
  };
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
    // What the field holds now is page data the model needs to see (masked when sensitive).
    if (checkHidden) {
      // An empty field is left unsaid, as the spec's example has it.
      const value = currentValue(el);
      if (value !== undefined && value !== '') {
        if (isSensitive(el)) secrets.note(value);
        action.value = isSensitive(el) ? MASK : value;
      }
    }
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
    if (d.expects) a.expects = d.expects;
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
    // An element action takes what its element takes (text to type, an option to choose).
    if (!a.params && el instanceof Element) {
      const params = elementParams(d.kind, el);
      if (params) a.params = params;
    }
    elementFacts(a, el, reason, true);
    addAction(a, { id: d.id, kind: d.kind, record: undefined, handler: d.handler, element: () => (el instanceof Element ? el : undefined), timeoutMs: d.timeoutMs });
  }

  /**
   * A row action declared once: its rows travel as one compact row set. When its rows are
   * exactly a long list's records, it names that list instead of repeating the ids, and only
   * its rows in view (or under a modal, or with availability per row) are looked at.
   */
  function addRowSet(d) {
    const what = `row action "${d.name}"`;
    const rows = call(`${what}.rows`, d.rows) ?? [];
    if (!Array.isArray(rows)) return problem(`${what}.rows must return an array`);
    const [whatElement, whatAvailable, whatReason] = [`${what}.element`, `${what}.available`, `${what}.reason`];
    /** The row's control: the declared element, else the record's. */
    const controlOf = (record, ri) => {
      if (d.element) return call(whatElement, d.element, record);
      return ri === undefined ? undefined : elementAt(ri);
    };
    const a = { id: d.name, ...base(d, what) };
    if (!a.params && (d.kind === 'type' || d.kind === 'scroll') && d.element) a.params = elementParams(d.kind, null);
    const set = {};
    const inViewport = [];
    const unavailable = [];
    const covered = [];
    let known = true;
    const perRow = typeof d.available === 'function' || typeof d.reason === 'function';
    if (!perRow && d.available === false) {
      // Unavailable as a whole: said once, not once a row.
      a.available = false;
      const reason = text(d.reason);
      if (reason) a.reason = reason;
    }
    const overlayKey = a.region ?? '';
    /**
     * @param {number} index the row's index in the set
     * @param {string} record
     * @param {number | undefined} ri the record's index, when it is a declared record
     * @param {any} spec a row given as an object, if it was
     */
    const examine = (index, record, ri, spec) => {
      let view = ri === undefined || recordView[ri] < 0 ? undefined : recordView[ri] === 1;
      let el = spec ? spec.element : undefined;
      // A row's control is only measured when its row is in view (or a modal may cover it):
      // offscreen rows are scrolled to, and checked again, when called.
      if (view === undefined || view || el || facts.modal) {
        el = el ?? controlOf(record, ri);
        if (el instanceof Element) view = tracker.inViewport(el);
      }
      if (view === undefined) known = false;
      else if (view) inViewport.push(index);
      if (a.available === false) return;
      let available = spec ? spec.available : undefined;
      if (available === undefined && perRow) available = call(whatAvailable, d.available, record);
      let reason = (spec ? spec.reason : undefined) ?? (perRow || available === false ? text(call(whatReason, d.reason, record)) : undefined);
      if (available !== false && view && el instanceof Element) {
        if (isDisabled(el)) {
          available = false;
          reason = reason || DISABLED_REASON;
        } else if (coveredInView(el, overlayKey)) {
          covered.push(index);
        }
      } else if (available !== false && facts.modal && el instanceof Element && isCovered(el, facts, false)) {
        covered.push(index);
      }
      if (available === false) unavailable.push(reason ? { index, reason } : { index });
    };
    const k = listOf(rows);
    if (k >= 0) {
      set.list = k;
      const { start, ids } = lists[k];
      const everyRow = perRow || facts.modal !== null;
      for (let index = 0; index < ids.length; index++) {
        if (everyRow || recordView[start + index] !== 0) examine(index, ids[index], start + index, undefined);
      }
    } else {
      set.records = [];
      for (const row of rows) {
        // Rows are usually bare ids: read a spec's fields without making one for them.
        const spec = row !== null && typeof row === 'object' ? row : undefined;
        const raw = spec ? spec.record : row;
        if (raw === undefined || raw === null || String(raw).trim() === '') {
          problem(`${what}: every row needs a record id`);
          continue;
        }
        const record = String(raw);
        const index = set.records.length;
        set.records.push(record);
        examine(index, record, recordIndexOf(record), spec);
      }
    }
    if (known) set.inViewport = inViewport;
    if (unavailable.length) set.unavailable = unavailable;
    if (covered.length) set.covered = covered;
    a.rows = set;
    const elementFor = (record) => {
      const el = controlOf(record, recordIndexOf(record));
      return el instanceof Element ? el : undefined;
    };
    addAction(a, { id: d.name, kind: d.kind, record: undefined, handler: d.handler, element: elementFor, timeoutMs: d.timeoutMs });
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
    if (d.sensitive) secrets.note(value);
    const group = { name: d.name, value: d.sensitive ? MASK : clean(value === undefined ? null : value, secrets) };
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
    // A hidden form gives no feedback: what it said no longer applies to anything in view.
    if (form && isShown(form)) for (const f of formFeedback(form, d.region, registry.invalidSeen)) addFeedback(f, 'form');
  }

  // Region counts: declared, or from the region's records.
  for (const r of regions) {
    const c = regionCounts.get(r.id) ?? perRegion.get(r.id);
    if (c && Number.isInteger(c.total)) {
      r.total = c.total;
      if (Number.isInteger(c.visible)) r.visible = c.visible;
    }
  }

  const snapshot = { page, regions, actions, records, state, feedback };
  if (lists.length) snapshot.recordIds = lists.map((l) => (l.region ? { region: l.region, ids: l.ids } : { ids: l.ids }));
  return { snapshot, targets, secrets };
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
    // The browser's message may quote the value ("'x' is missing an '@'"): not for a secret.
    const message = isSensitive(el) ? validityMessage(el) : el.validationMessage;
    out.push({ kind: 'error', message, field: el.name || el.id || label, region });
  }
  return out;
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

/** The current value of a form control, or `undefined` for an element that holds none. */
function currentValue(el) {
  if (el.tagName === 'INPUT') {
    const input = /** @type {HTMLInputElement} */ (el);
    if (input.type === 'checkbox' || input.type === 'radio') return input.checked;
    if (['button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(input.type)) return undefined;
    return input.value;
  }
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return /** @type {HTMLTextAreaElement} */ (el).value;
  if (/** @type {HTMLElement} */ (el).isContentEditable) return el.textContent ?? '';
  return undefined;
}

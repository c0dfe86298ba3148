// Snapshot collection: the author's declarations plus the browser's facts, as the plain JSON
// the engine reads. Secrets are masked here, before anything leaves the shim.
import { badRecordId, isSecret, read } from './declare.js';
import { PageFacts, Viewport, isCovered, isDisabled, isShown, rowStandIn } from './dom.js';
import { OverlayProbe } from './overlays.js';
import { elementParams, scan } from './attributes.js';
import { messageOf } from './errors.js';
import { Secrets, isSensitive } from './safe.js';
import { formFeedback } from './form-feedback.js';
import { formSchema } from './form-tool.js';
import { FULL_FIELDS_LIMIT, MASK } from './contract.js';

export { MASK };
/** Reason given for a disabled control whose author gave none. */
export const DISABLED_REASON = 'disabled on the page';
/** Reason given for a hidden control. */
export const HIDDEN_REASON = 'hidden on the page';
// Up to FULL_FIELDS_LIMIT records (the core's choice), every record carries its fields (so
// receipts can name changed fields anywhere); above it, only rows in the viewport do.
export { FULL_FIELDS_LIMIT };

const MAX_DEPTH = 8;

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
 * @property {boolean} [form] a declared form: a call fills its fields and submits it
 */

/**
 * Collects one snapshot, in stages: page identity, regions, records, actions, state,
 * feedback, region counts. Each stage reads the declarations through `ctx.call`, so a
 * throwing accessor costs its own value and is reported once.
 * @param {import('./registry.js').Registry} registry
 * @param {{attributes: boolean, root: ParentNode, marked: import('./marked.js').MarkedElements, report: (m: string) => void}} options
 */
export function collect(registry, options) {
  const ctx = new Context(registry, options);
  const page = collectPage(ctx, registry.page);
  const regions = collectRegions(ctx, registry);
  const table = gatherRecords(ctx, registry);
  const { records, lists, perRegion } = buildRecords(ctx, table);
  const { actions, targets } = collectActions(ctx, registry, table, lists);
  const state = collectState(ctx, registry);
  const feedback = collectFeedback(ctx, registry);
  applyCounts(regions, ctx.regionCounts, perRegion);
  const snapshot = { page, regions, actions, records, state, feedback };
  // Copies: the lists are kept for the next snapshot, and the snapshot is the page's to keep.
  if (lists.length) snapshot.recordIds = lists.map((l) => (l.region ? { region: l.region, ids: l.ids.slice() } : { ids: l.ids.slice() }));
  // `lists` is the same array as last time while the lists are the same.
  return { snapshot, targets, secrets: ctx.secrets, lists: lists.length ? lists : undefined, recordIdsJson: lists.length ? recordIdsJson(table, lists) : undefined };
}

/** `recordIds` as JSON: the same lists as last time are the same text, written once. */
function recordIdsJson(table, lists) {
  const last = table.reused;
  const json = last && last.lists === lists && last.listsJson !== null
    ? last.listsJson
    : JSON.stringify(lists.map((l) => (l.region ? { region: l.region, ids: l.ids } : { ids: l.ids })));
  if (table.memo) table.memo.listsJson = json;
  return json;
}

/** What every stage shares: the browser's facts, the secrets found, problems reported once. */
class Context {
  /**
   * @param {import('./registry.js').Registry} registry
   * @param {{attributes: boolean, root: ParentNode, marked: import('./marked.js').MarkedElements, report: (m: string) => void}} options
   */
  constructor(registry, options) {
    this.tracker = new Viewport();
    this.facts = new PageFacts(options.marked);
    this.scanned = options.attributes ? scan(options.root, options.marked) : null;
    this.secrets = new Secrets();
    this.secrets.noteFields(options.root, options.marked);
    this.invalidSeen = registry.invalidSeen;
    this.settledForms = registry.settledForms;
    this.report = options.report;
    this.problems = new Set();
    /** @type {Set<string>} */
    this.regionIds = new Set();
    this.regionCounts = new Map();
  }

  /** Reports a problem once a snapshot. @param {string} m */
  problem(m) {
    if (!this.problems.has(m)) {
      this.problems.add(m);
      this.report(m);
    }
  }

  /** Reads a declared value or accessor; a throw is reported and reads as undefined. */
  call(what, fn, ...args) {
    try {
      return read(fn, ...args);
    } catch (error) {
      this.problem(`${what} threw: ${messageOf(error)}`);
      return undefined;
    }
  }

  /**
   * A declared region id, or undefined (reported) when there is no such region.
   * @param {string | (() => string)} what named lazily: this runs once a row
   */
  regionRef(what, id) {
    if (id === undefined || id === null) return undefined;
    if (this.regionIds.has(id)) return id;
    this.problem(`${typeof what === 'function' ? what() : what} names region "${id}", which is not declared; the reference is dropped`);
    return undefined;
  }
}

function collectPage(ctx, p) {
  const page = {
    title: text(ctx.call('page.title', p.title) ?? document.title) ?? '',
    path: text(ctx.call('page.path', p.path) ?? location.pathname) ?? '',
  };
  const route = text(ctx.call('page.route', p.route));
  if (route) page.route = route;
  const params = ctx.call('page.params', p.params);
  if (params && typeof params === 'object') page.params = clean(params, ctx.secrets);
  if (p.query.length) {
    const search = new URLSearchParams(location.search);
    const query = {};
    for (const key of p.query) if (search.has(key)) query[key] = search.get(key);
    if (Object.keys(query).length) page.query = query;
  }
  return page;
}

function collectRegions(ctx, registry) {
  const regions = [];
  const add = (d, source) => {
    if (ctx.regionIds.has(d.id)) {
      if (d.formRef) return; // <form data-pling-form data-pling-region="x"> names region x
      ctx.problem(`${source} region "${d.id}" is declared twice; the second is ignored`);
      return;
    }
    ctx.regionIds.add(d.id);
    regions.push(regionOf(ctx, d));
  };
  for (const d of registry.regions.values()) add(d, 'the');
  if (ctx.scanned) for (const d of ctx.scanned.regions) add(d, 'a data-pling');
  for (const r of regions) {
    if (r.parent && !ctx.regionIds.has(r.parent)) {
      ctx.problem(`region "${r.id}" names parent "${r.parent}", which is not declared; it is shown at the top level`);
      delete r.parent;
    }
  }
  return regions;
}

function regionOf(ctx, d) {
  const el = ctx.call(`region "${d.id}".element`, d.element);
  const region = { id: d.id, name: d.name ?? d.id, active: !!ctx.call(`region "${d.id}".active`, d.active) };
  if (d.purpose) region.purpose = d.purpose;
  if (d.role) region.role = d.role;
  if (d.parent) region.parent = d.parent;
  if (el) {
    if (!isShown(el)) region.active = false;
    region.inViewport = region.active && ctx.tracker.touchesViewport(el);
  }
  const counts = d.counts ? ctx.call(`region "${d.id}".counts`, d.counts) : undefined;
  if (counts) ctx.regionCounts.set(d.id, counts);
  return region;
}

/**
 * Every declared record, in flat arrays: one tight pass a source. A record's element is
 * looked up only when something needs it, so a long list's offscreen rows never are.
 */
class RecordTable {
  /** @param {Context} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {string[]} */
    this.keys = [];
    this.items = [];
    /** Each record's source, as an index into `slots`. */
    this.owner = [];
    /** @type {(string | undefined)[]} */
    this.region = [];
    this.slots = [];
    this.seen = new Set();
    this.regionOfValue = new Map();
    /** @type {(Element | null | undefined)[]} */
    this.elements = [];
    /** Record index by id, built the first time something asks. */
    this.byKey = null;
    /** What the next snapshot may reuse, and what this one reused. @type {RecordMemo | null} */
    this.memo = null;
    /** @type {RecordMemo | null} */
    this.reused = null;
    /** 1 in view, 0 not, -1 unknown; set by `buildRecords`. */
    this.view = new Int8Array(0);
    /** The indexes, in order, of the records not out of view. @type {number[]} */
    this.looked = [];
  }

  get size() {
    return this.keys.length;
  }

  /** @param {number} i @returns {Element | null} */
  elementAt(i) {
    let el = this.elements[i];
    if (el === undefined) {
      const s = this.slots[this.owner[i]];
      const raw = s.d.element ? this.ctx.call(s.elementName, s.d.element, this.items[i]) : this.items[i]?.element;
      el = raw instanceof Element ? raw : null;
      this.elements[i] = el;
    }
    return el;
  }

  /** @param {string} key @returns {number | undefined} */
  indexOf(key) {
    if (!this.byKey) {
      this.byKey = new Map();
      for (let i = 0; i < this.keys.length; i++) this.byKey.set(this.keys[i], i);
      // The same ids next time give the same index.
      if (this.memo) this.memo.byKey = this.byKey;
    }
    return this.byKey.get(key);
  }

  /**
   * Takes the last snapshot's ids, owners and regions when every source is the one it was,
   * every row's id is the one it had, and every row was kept then: nothing to check again.
   * @param {RecordMemo | null} memo
   * @param {{d: any, source: string, rows: any[]}[]} sources
   */
  reuse(memo, sources) {
    if (!memo || memo.sources.length !== sources.length) return false;
    for (let k = 0; k < sources.length; k++) {
      const { d, rows } = sources[k];
      const m = memo.sources[k];
      if (rows.length !== m.count) return false;
      if (!rows.length) continue;
      if (d !== m.d || !this.#plain(d)) return false;
      if (!sameIds(d, rows, memo.keys, m.start)) return false;
    }
    this.keys = memo.keys;
    this.owner = memo.owner;
    this.region = memo.region;
    this.items = itemsOf(sources);
    this.byKey = memo.byKey;
    for (const { d, source } of sources) this.#slot(d, source);
    this.reused = memo;
    return true;
  }

  /** What the next snapshot may reuse: null unless every row of every source was kept. */
  remember(sources) {
    const parts = [];
    let start = 0;
    for (const { d, rows } of sources) {
      const count = this.owner.length - start;
      if (count !== rows.length || (count && !this.#plain(d))) return null;
      parts.push({ d, count, start });
      start += count;
    }
    this.memo = new RecordMemo(parts, this);
    return this.memo;
  }

  /** A source whose rows all take its declared id accessor and its region, a declared one. */
  #plain(d) {
    return typeof d.id === 'function' && (d.region === undefined || d.region === null || this.ctx.regionIds.has(d.region));
  }

  #slot(d, source) {
    this.slots.push({ d, source, elementName: `${source}.element`, fieldsName: `${source}.fields`, labelName: `${source}.label` });
  }

  regionFor(value, key) {
    if (value === undefined || value === null) return undefined;
    let r = this.regionOfValue.get(value);
    if (r === undefined) {
      r = this.ctx.regionRef(() => `record "${key}"`, value) ?? null;
      this.regionOfValue.set(value, r);
    }
    return r ?? undefined;
  }

  /** Adds one source's rows; a row without a usable, unique id is reported and left out. */
  addSource(d, source, rows) {
    const slot = this.slots.length;
    this.#slot(d, source);
    for (let j = 0; j < rows.length; j++) {
      const item = rows[j];
      const key = this.#keyOf(d, source, item);
      if (key === undefined) continue;
      const size = this.seen.size;
      this.seen.add(key);
      if (this.seen.size === size) {
        this.ctx.problem(`${source}: record "${key}" is declared twice; the second is ignored`);
        continue;
      }
      this.keys.push(key);
      this.items.push(item);
      this.owner.push(slot);
      this.region.push(this.regionFor(d.id ? d.region : (item.region ?? d.region), key));
    }
  }

  #keyOf(d, source, item) {
    let id;
    if (d.id) {
      try {
        id = d.id(item);
      } catch (error) {
        this.ctx.problem(`${source}.id threw: ${messageOf(error)}`);
        return undefined;
      }
    } else if (item !== null && typeof item === 'object') {
      id = item.id;
    } else {
      this.ctx.problem(`${source}: every record must be an object with an id`);
      return undefined;
    }
    // An id that is empty once trimmed cannot be cited: that one record is left out.
    if (id === undefined || id === null || String(id).trim() === '') {
      this.ctx.problem(`${source}: every record needs an id`);
      return undefined;
    }
    const key = typeof id === 'string' ? id : String(id);
    const bad = badRecordId(key);
    if (bad) {
      this.ctx.problem(`${source}: ${bad}; the record is left out`);
      return undefined;
    }
    return key;
  }
}

/**
 * The last snapshot's records: each source's declaration, row count and region, and the
 * flat arrays built from them, with the id index once something built it.
 */
class RecordMemo {
  /** @param {{d: any, count: number, start: number}[]} sources @param {RecordTable} table */
  constructor(sources, table) {
    this.sources = sources;
    this.keys = table.keys;
    this.owner = table.owner;
    this.region = table.region;
    /** @type {Map<string, number> | null} */
    this.byKey = table.byKey;
    /** The long lists `buildRecords` made of these records, once it made them, and their JSON. */
    this.lists = null;
    /** Each region's number of records, with the lists. @type {Map<string, number> | undefined} */
    this.totals = undefined;
    /** @type {string | null} */
    this.listsJson = null;
  }
}

/** Every source's rows in one array: the rows of the one source that has any, as they are. */
function itemsOf(sources) {
  const filled = sources.filter((s) => s.rows.length);
  return filled.length === 1 ? filled[0].rows : sources.flatMap((s) => s.rows);
}

/** Whether the declared id of every row is the key at `start +` its place. */
function sameIds(d, rows, keys, start) {
  try {
    for (let j = 0; j < rows.length; j++) {
      const id = d.id(rows[j]);
      if ((typeof id === 'string' ? id : String(id)) !== keys[start + j]) return false;
    }
  } catch {
    return false; // read again, and reported, row by row
  }
  return true;
}

function gatherRecords(ctx, registry) {
  const table = new RecordTable(ctx);
  const sources = [];
  for (const d of registry.records) {
    const source = `records "${d.region ?? ''}"`;
    const rows = ctx.call(`${source}.rows`, d.rows) ?? [];
    if (Array.isArray(rows)) sources.push({ d, source, rows });
    else ctx.problem(`${source}.rows must return an array`);
  }
  if (ctx.scanned) sources.push({ d: { sensitive: new Set() }, source: 'data-pling-record-id', rows: ctx.scanned.records });
  if (!table.reuse(registry.recordMemo, sources)) {
    for (const { d, source, rows } of sources) table.addSource(d, source, rows);
  }
  registry.recordMemo = table.remember(sources);
  return table;
}

/**
 * The snapshot's records: every one with its fields up to FULL_FIELDS_LIMIT; above it, rows
 * out of view travel once as a list of ids (`recordIds`). Rows are measured as a list: a
 * long list costs a few box reads, not one a row. When the long lists are the ones of last
 * time, only the rows that may be in view are visited.
 * @param {Context} ctx
 * @param {RecordTable} table
 */
function buildRecords(ctx, table) {
  const n = table.size;
  const allFields = n <= FULL_FIELDS_LIMIT;
  const measured = ctx.tracker.measureRows(n, (i) => table.elementAt(i));
  table.view = new Int8Array(n);
  const records = [];
  /** A long list's ids, once, in page order: `recordIds` in the snapshot; the same ids as last
   * time are the same lists. */
  const known = allFields ? null : (table.reused?.lists ?? null);
  const totals = known ? table.reused?.totals : undefined;
  const lists = known ?? [];
  const counts = new RegionCounts();
  const [from, to] = totals ? [measured.from, measured.to] : [0, n];
  for (let i = from; i < to; i++) {
    const region = table.region[i];
    let inViewport = measured.inView(i);
    if (inViewport === undefined && typeof table.items[i]?.inViewport === 'boolean') inViewport = table.items[i].inViewport;
    table.view[i] = inViewport === undefined ? -1 : inViewport ? 1 : 0;
    if (inViewport !== false) table.looked.push(i);
    if (region) counts.add(region, inViewport);
    if (!allFields) {
      if (!known) listRow(lists, table, i, region);
      // Out of view, the list is all there is of it: cited by id, never shown in full.
      if (inViewport === false) continue;
    }
    records.push(recordAt(ctx, table, i, region, inViewport));
  }
  if (totals) counts.setTotals(totals);
  if (table.memo && !allFields) {
    table.memo.lists = lists;
    table.memo.totals = totals ?? counts.totals();
  }
  return { records, lists, perRegion: counts.perRegion };
}

/** Adds record `i` to the long list it belongs to: a new one where its region or source changes. */
function listRow(lists, table, i, region) {
  let list = lists[lists.length - 1];
  if (!list || list.region !== region || list.slot !== table.owner[i]) {
    list = { region, slot: table.owner[i], start: i, ids: [] };
    lists.push(list);
  }
  list.ids.push(table.keys[i]);
}

/** Records and records in view, by region; rows of one region come in runs. */
class RegionCounts {
  constructor() {
    /** @type {Map<string, {visible: number, total: number}>} */
    this.perRegion = new Map();
    this.last = undefined;
    this.count = { visible: 0, total: 0 };
  }

  /** Each region's number of records, as `setTotals` takes it. */
  totals() {
    return new Map([...this.perRegion].map(([region, c]) => [region, c.total]));
  }

  /** Sets each region's number of records, counted on a snapshot with the same records. @param {Map<string, number>} totals */
  setTotals(totals) {
    for (const [region, total] of totals) {
      const c = this.perRegion.get(region);
      if (c) c.total = total;
      else this.perRegion.set(region, { visible: 0, total });
    }
  }

  add(region, inViewport) {
    if (region !== this.last) {
      let c = this.perRegion.get(region);
      if (!c) this.perRegion.set(region, (c = { visible: 0, total: 0 }));
      this.last = region;
      this.count = c;
    }
    this.count.total += 1;
    if (inViewport) this.count.visible += 1;
  }
}

/** One record with its fields and label, sensitive ones masked. */
function recordAt(ctx, table, i, region, inViewport) {
  const item = table.items[i];
  const s = table.slots[table.owner[i]];
  const d = s.d;
  const record = { id: table.keys[i] };
  if (region) record.region = region;
  if (inViewport !== undefined) record.inViewport = inViewport;
  const raw = d.fields ? ctx.call(s.fieldsName, d.fields, item) : item.fields;
  const fields = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (v === undefined || typeof v === 'function') continue;
    if (d.sensitive.has(k)) ctx.secrets.note(v);
    fields[k] = d.sensitive.has(k) ? MASK : clean(v, ctx.secrets);
  }
  record.fields = fields;
  const rawLabel = d.label ? ctx.call(s.labelName, d.label, item) : item.label;
  const label = rawLabel === undefined ? undefined : (d.sensitive.has('label') ? MASK : text(rawLabel));
  if (label) record.label = label;
  return record;
}

/** The list whose ids are exactly `rows`, or -1. */
function listOf(lists, rows) {
  for (let k = 0; k < lists.length; k++) {
    const ids = lists[k].ids;
    if (ids.length === rows.length && ids.length > 0 && isList(ids, rows)) return k;
  }
  return -1;
}

/** Whether `rows` are `ids`, in order; ids may come as numbers, the list holds strings. */
function isList(ids, rows) {
  const last = ids.length - 1;
  if (rows[last] !== ids[last] && (typeof rows[last] !== 'number' || String(rows[last]) !== ids[last])) return false;
  for (let j = 0; j < last; j++) {
    const r = rows[j];
    if (r !== ids[j] && (typeof r !== 'number' || String(r) !== ids[j])) return false;
  }
  return true;
}

/**
 * Disabled, hidden, covered, in view, and what a field holds now: an element's facts. A row's
 * control (`checkHidden` false: its row's place decides) is not checked for being hidden, and
 * its value is carried too, so a receipt can say a checkbox was checked when no field of the
 * row shows it.
 */
function elementFacts(ctx, action, el, declaredReason, checkHidden) {
  if (!(el instanceof Element)) return;
  if (checkHidden && !isShown(el)) {
    action.available = false;
    action.reason = declaredReason || HIDDEN_REASON;
    return;
  }
  const inView = ctx.tracker.inViewport(el);
  action.inViewport = inView;
  if (isDisabled(el)) {
    action.available = false;
    action.reason = declaredReason || DISABLED_REASON;
  }
  if (isCovered(el, ctx.facts, inView)) action.covered = true;
  // What the field holds now is page data the model needs to see (masked when sensitive). An
  // empty field is left unsaid, as the spec's example has it.
  const value = currentValue(el);
  if (value !== undefined && value !== '') {
    if (isSensitive(el)) ctx.secrets.note(value);
    action.value = isSensitive(el) ? MASK : value;
  }
}

/** What every kind of action declares the same way. */
function actionBase(ctx, d, what) {
  const a = { description: d.description, kind: d.kind, effect: d.effect };
  const region = ctx.regionRef(what, d.region);
  if (region) a.region = region;
  if (d.params) a.params = d.params;
  if (d.confirm) a.confirm = true;
  if (d.handoff) a.handoff = true;
  if (d.expects) a.expects = d.expects;
  if (d.reveals) {
    const reveals = ctx.regionRef(`${what}.reveals`, d.reveals);
    if (reveals) a.reveals = reveals;
  }
  return a;
}

/**
 * Declared actions (single and row sets) and data-attribute actions, with the targets that
 * dispatch resolves their ids to.
 */
function collectActions(ctx, registry, table, lists) {
  const actions = [];
  /** @type {Map<string, Target>} */
  const targets = new Map();
  const add = (a, target) => {
    if (targets.has(a.id)) return ctx.problem(`action "${a.id}" is declared twice; the second is ignored`);
    targets.set(a.id, target);
    actions.push(a);
  };
  const rows = new RowSets(ctx, table, lists);
  for (const d of registry.actions.values()) {
    if (d.row) rows.add(d, add);
    else singleAction(ctx, d, add);
  }
  for (const d of ctx.scanned?.actions ?? []) {
    const a = { id: d.id, ...actionBase(ctx, d, `data-pling-action "${d.id}"`) };
    if (d.name) a.name = d.name;
    if (d.record !== undefined) a.record = d.record;
    elementFacts(ctx, a, d.element, d.reason, d.record === undefined);
    add(a, { id: d.id, kind: d.kind, record: d.record, handler: undefined, element: () => d.element, timeoutMs: undefined, submit: d.submit });
  }
  for (const d of [...registry.forms, ...(ctx.scanned?.forms ?? [])]) if (d.id) formAction(ctx, d, add);
  return { actions, targets };
}

/** A declared form as one tool: its fields are the parameters; a call fills it and submits. */
function formAction(ctx, d, add) {
  const what = `form "${d.id}"`;
  const form = ctx.call(`${what}.element`, d.element);
  if (!(form instanceof HTMLFormElement)) return ctx.problem(`${what}: its element must be a <form>`);
  const declared = { ...d, kind: 'submit', effect: 'write', params: formSchema(form) };
  const a = { id: d.id, ...actionBase(ctx, declared, what) };
  if (!a.description) a.description = 'Fill in the form and submit it';
  elementFacts(ctx, a, form, undefined, true);
  add(a, { id: d.id, kind: 'submit', record: undefined, handler: d.handler, element: () => form, timeoutMs: d.timeoutMs, form: true });
}

function singleAction(ctx, d, add) {
  const what = `action "${d.id}"`;
  const a = { id: d.id, ...actionBase(ctx, d, what) };
  if (d.name) a.name = d.name;
  const available = ctx.call(`${what}.available`, d.available);
  const reason = text(ctx.call(`${what}.reason`, d.reason));
  if (available === false) {
    a.available = false;
    if (reason) a.reason = reason;
  }
  const el = ctx.call(`${what}.element`, d.element);
  // An element action takes what its element takes (text to type, an option to choose).
  if (!a.params && el instanceof Element) {
    const params = elementParams(d.kind, el);
    if (params) a.params = params;
  }
  elementFacts(ctx, a, el, reason, true);
  add(a, { id: d.id, kind: d.kind, record: undefined, handler: d.handler, element: () => (el instanceof Element ? el : undefined), timeoutMs: d.timeoutMs });
}

/**
 * Row actions declared once: each one's rows travel as one compact row set. When its rows are
 * exactly a long list's records, it names that list instead of repeating the ids, and only
 * its rows in view (or under a modal, or with availability per row) are looked at.
 */
class RowSets {
  /** @param {Context} ctx @param {RecordTable} table */
  constructor(ctx, table, lists) {
    this.ctx = ctx;
    this.table = table;
    this.lists = lists;
    this.overlays = new OverlayProbe(ctx);
    /** Each row accessor's answer, read once a snapshot: row actions on one list usually
     * share one accessor. @type {Map<Function, any[]>} */
    this.answers = new Map();
    /** The list each answer is, and the rows of each list that are looked at. */
    this.listOfRows = new Map();
    this.looked = new Map();
    /** Each region's record ids, for the row actions that name no rows of their own. */
    this.regionRows = new Map();
  }

  /** A row action's rows: its accessor's answer, the one already read if another action shares it. */
  #rows(d, what) {
    const shared = typeof d.rows === 'function' ? this.answers.get(d.rows) : undefined;
    if (shared) return shared;
    const rows = this.ctx.call(`${what}.rows`, d.rows) ?? [];
    if (typeof d.rows === 'function' && Array.isArray(rows)) this.answers.set(d.rows, rows);
    return rows;
  }

  /**
   * The ids of `region`'s records, for a row action that names no rows of its own: the
   * region's long list as it is when it has one (found without comparing), else its ids.
   */
  #regionRows(region) {
    let rows = this.regionRows.get(region);
    if (rows) return rows;
    const lists = this.lists.filter((l) => l.region === region);
    if (lists.length === 1) {
      rows = lists[0].ids;
      this.listOfRows.set(rows, this.lists.indexOf(lists[0]));
    } else {
      rows = lists.length ? lists.flatMap((l) => l.ids) : this.table.keys.filter((_, i) => this.table.region[i] === region);
    }
    // The row actions of one region share the answer, and with it the list it was found to be.
    this.regionRows.set(region, rows);
    return rows;
  }

  add(d, addAction) {
    const ctx = this.ctx;
    const what = `row action "${d.name}"`;
    const rows = d.rows === undefined ? this.#regionRows(d.region) : this.#rows(d, what);
    if (!Array.isArray(rows)) return ctx.problem(`${what}.rows must return an array`);
    const a = { id: d.name, ...actionBase(ctx, d, what) };
    if (!a.params && (d.kind === 'type' || d.kind === 'scroll') && d.element) a.params = elementParams(d.kind, null);
    const perRow = typeof d.available === 'function' || typeof d.reason === 'function';
    if (!perRow && d.available === false) {
      // Unavailable as a whole: said once, not once a row.
      a.available = false;
      const reason = text(d.reason);
      if (reason) a.reason = reason;
    }
    const row = new RowExam(this, d, what, a, perRow);
    const set = this.#walk(rows, row, what);
    if (row.known) set.inViewport = row.inViewport;
    if (row.unavailable.length) set.unavailable = row.unavailable;
    if (row.covered.length) set.covered = row.covered;
    a.rows = set;
    const elementFor = (record) => {
      const el = row.controlOf(record, this.table.indexOf(record));
      return el instanceof Element ? el : undefined;
    };
    addAction(a, { id: d.name, kind: d.kind, record: undefined, handler: d.handler, element: elementFor, timeoutMs: d.timeoutMs });
  }

  /** The places in list `k` of its rows not known to be out of view: the rows looked at. */
  #looked(k) {
    let places = this.looked.get(k);
    if (!places) {
      const { start, ids } = this.lists[k];
      const end = start + ids.length;
      places = [];
      for (const i of this.table.looked) if (i >= start && i < end) places.push(i - start);
      this.looked.set(k, places);
    }
    return places;
  }

  /** Examines the rows: through the list they are, or one by one. @returns {object} the row set */
  #walk(rows, row, what) {
    let k = this.listOfRows.get(rows);
    if (k === undefined) this.listOfRows.set(rows, (k = listOf(this.lists, rows)));
    if (k >= 0) {
      const { start, ids } = this.lists[k];
      const everyRow = row.perRow || this.ctx.facts.modal !== null;
      if (everyRow) for (let index = 0; index < ids.length; index++) row.examine(index, ids[index], start + index, undefined);
      else for (const index of this.#looked(k)) row.examine(index, ids[index], start + index, undefined);
      return { list: k };
    }
    const records = [];
    for (const r of rows) {
      // Rows are usually bare ids: read a spec's fields without making one for them.
      const spec = r !== null && typeof r === 'object' ? r : undefined;
      const raw = spec ? spec.record : r;
      if (raw === undefined || raw === null || String(raw).trim() === '') {
        this.ctx.problem(`${what}: every row needs a record id`);
        continue;
      }
      const record = String(raw);
      const bad = badRecordId(record);
      if (bad) {
        this.ctx.problem(`${what}: ${bad}; the row is left out`);
        continue;
      }
      records.push(record);
      row.examine(records.length - 1, record, this.table.indexOf(record), spec);
    }
    return { records };
  }
}

/** The rows of one row set, examined one at a time: in view, unavailable, covered. */
class RowExam {
  constructor(sets, d, what, action, perRow) {
    this.ctx = sets.ctx;
    this.table = sets.table;
    this.overlays = sets.overlays;
    this.d = d;
    this.action = action;
    this.perRow = perRow;
    this.names = { element: `${what}.element`, available: `${what}.available`, reason: `${what}.reason` };
    this.overlayKey = action.region ?? '';
    this.inViewport = [];
    this.unavailable = [];
    this.covered = [];
    this.known = true;
  }

  /** The row's control: the declared element, else the record's. */
  controlOf(record, ri) {
    if (this.d.element) return this.ctx.call(this.names.element, this.d.element, record);
    return ri === undefined ? undefined : this.table.elementAt(ri);
  }

  /**
   * @param {number} index the row's index in the set
   * @param {string} record
   * @param {number | undefined} ri the record's index, when it is a declared record
   * @param {any} spec a row given as an object, if it was
   */
  examine(index, record, ri, spec) {
    const view = this.table.view;
    let inView = ri === undefined || view[ri] < 0 ? undefined : view[ri] === 1;
    let el = spec ? spec.element : undefined;
    // A row's control is only measured when its row is in view (or a modal may cover it):
    // offscreen rows are scrolled to, and checked again, when called.
    let probe = el;
    if (inView === undefined || inView || el || this.ctx.facts.modal) {
      el = el ?? this.controlOf(record, ri);
      if (el instanceof Element) {
        probe = rowStandIn(el, () => (ri === undefined ? undefined : this.table.elementAt(ri)));
        inView = this.ctx.tracker.inViewport(probe);
      }
    }
    if (inView === undefined) this.known = false;
    else if (inView) this.inViewport.push(index);
    if (this.action.available !== false) this.#availability(index, record, spec, el, inView, probe);
  }

  /** `el` is the row's control; `probe` what its place is measured by (see `rowStandIn`). */
  #availability(index, record, spec, el, inView, probe) {
    const { ctx, d } = this;
    let available = spec ? spec.available : undefined;
    if (available === undefined && this.perRow) available = ctx.call(this.names.available, d.available, record);
    let reason = (spec ? spec.reason : undefined) ?? (this.perRow || available === false ? text(ctx.call(this.names.reason, d.reason, record)) : undefined);
    if (available !== false && inView && el instanceof Element) {
      if (isDisabled(el)) {
        available = false;
        reason = reason || DISABLED_REASON;
      } else if (this.overlays.covers(probe, this.overlayKey)) {
        this.covered.push(index);
      }
    } else if (available !== false && ctx.facts.modal && el instanceof Element && isCovered(probe, ctx.facts, false)) {
      this.covered.push(index);
    }
    if (available === false) this.unavailable.push(reason ? { index, reason } : { index });
  }
}

function collectState(ctx, registry) {
  const state = [];
  const names = new Set();
  const add = (d, value) => {
    if (names.has(d.name)) return ctx.problem(`state "${d.name}" is declared twice; the second is ignored`);
    names.add(d.name);
    if (d.sensitive) ctx.secrets.note(value);
    const group = { name: d.name, value: d.sensitive ? MASK : clean(value === undefined ? null : value, ctx.secrets) };
    if (d.description) group.description = d.description;
    state.push(group);
  };
  for (const d of registry.state.values()) add(d, ctx.call(`state "${d.name}".value`, d.value));
  if (ctx.scanned) for (const d of ctx.scanned.state) add(d, d.value);
  return state;
}

function collectFeedback(ctx, registry) {
  const feedback = [];
  const add = (f, source) => {
    if (!f || typeof f !== 'object' || !f.message) return ctx.problem(`${source}: every feedback item needs a message`);
    const kind = ['error', 'warning', 'status'].includes(f.kind) ? f.kind : 'status';
    const item = { kind, message: text(f.message) };
    if (f.field) item.field = text(f.field);
    const region = ctx.regionRef(`${source} feedback`, f.region);
    if (region) item.region = region;
    feedback.push(item);
  };
  for (const fn of registry.feedback) for (const f of ctx.call('feedback', fn) ?? []) add(f, 'feedback');
  if (ctx.scanned) for (const f of ctx.scanned.feedback) add(f, 'data-pling-feedback');
  for (const d of [...registry.forms, ...(ctx.scanned ? ctx.scanned.forms : [])]) {
    const form = ctx.call('form.element', d.element);
    // A hidden form gives no feedback: what it said no longer applies to anything in view.
    if (form && isShown(form)) for (const f of formFeedback(form, d.region, ctx.invalidSeen, ctx.settledForms.has(form))) add(f, 'form');
  }
  return feedback;
}

/** Region counts: declared, or from the region's records. */
function applyCounts(regions, declared, fromRecords) {
  for (const r of regions) {
    const c = declared.get(r.id) ?? fromRecords.get(r.id);
    if (c && Number.isInteger(c.total)) {
      r.total = c.total;
      if (Number.isInteger(c.visible)) r.visible = c.visible;
    }
  }
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

// Generated from the Rust types of pling-core (src/snapshot/mod.rs, src/trust.rs,
// src/limits.rs) by `cargo test -p pling-core --test contract`; do not edit by hand.
// `PLING_BLESS=1` with that command writes it again after the Rust types change.

/** One moment of a page, as declared by its author. */
export interface Snapshot {
  /** Which page this is. */
  page?: PageIdentity;
  /** The parts of the page, nested through `Region::parent`. */
  regions?: Region[];
  /** Every declared action, row actions once per row. */
  actions?: Action[];
  /** Business objects with stable ids. */
  records?: PageRecord[];
  /** Declared read-only views: filters, pagination, selection, totals. */
  state?: StateGroup[];
  /** Validation errors, warnings and status messages currently shown. */
  feedback?: Feedback[];
  /**
   * Long lists sent by id: the compact form, whose offscreen rows the observation cites by
   * id but never shows in full. A row set can name one of these lists instead of repeating
   * its ids.
   */
  recordIds?: RecordIds[];
}

/** Page identity: answers "which page am I on". */
export interface PageIdentity {
  /** The document title (page data: it may name a user's document). */
  title?: string;
  /** The URL path. */
  path?: string;
  /** The route's name, as the author's router calls it. */
  route?: string | null;
  /** Route parameters such as `{"id": "42"}` (page data), in the page's order. */
  params?: Record<string, unknown>;
  /** Query fields the author explicitly allowed into the observation (page data). */
  query?: Record<string, unknown>;
}

/** A part of the page: a list, a form, a dialog, a tab panel. */
export interface Region {
  /** Stable id, unique among regions. */
  id: string;
  /** Human name, shown in `region:` tags. */
  name: string;
  /** What the region is for. */
  purpose?: string | null;
  /** Its role: list, form, dialog, toolbar, tabpanel, … */
  role?: string | null;
  /** The enclosing region's id. */
  parent?: string | null;
  /** False for a collapsed section, a hidden tab or a closed dialog. */
  active?: boolean;
  /** Whether any of it is in the viewport, when the browser knows. */
  inViewport?: boolean | null;
  /** Items currently visible. */
  visible?: number | null;
  /** Items in total. */
  total?: number | null;
}

/** A declared action bound to one of the page's own handlers. */
export interface Action {
  /** Stable id, unique among actions; row actions usually read `name@record`. */
  id: string;
  /** The operation's name; defaults to the id, or the part before `@` for a row action. */
  name?: string | null;
  /** What the action does, in the author's words. */
  description?: string;
  /** The kind of interaction. */
  kind?: ActionKind;
  /** Read or write. */
  effect?: Effect;
  /** The region it belongs to. */
  region?: string | null;
  /** For a row action, the record (row) it acts on. */
  record?: string | null;
  /** A row action declared once for many rows; each row's id is `{id}@{record}`. */
  rows?: RowSet | null;
  /** JSON Schema (`type: object`) of the parameters, if it takes any. */
  params?: unknown | null;
  /** False when it exists but cannot run now. */
  available?: boolean;
  /** Why it cannot run now. */
  reason?: string | null;
  /** The person must confirm before it runs. */
  confirm?: boolean;
  /** It hands control to the person (payment, login, a captcha). */
  handoff?: boolean;
  /** Whether its element is in the viewport, when the browser knows. */
  inViewport?: boolean | null;
  /** Covered by a modal dialog, an overlay or `inert`: not usable. */
  covered?: boolean;
  /** The region this action opens or activates: a discoverable target for hidden content. */
  reveals?: string | null;
  /**
   * What it is expected to change: `records`, `records.added`, `records.removed`,
   * `records.changed`, `state`, `state.<name>`, `page`, `feedback` or `actions`. When none of
   * it changes, the receipt carries `EXPECTATION_FAILED`.
   */
  expects?: string[];
  /**
   * The current value of its element (an input's text, a checkbox's state, a select's
   * option), as page data; masked by the shim when sensitive.
   */
  value?: unknown | null;
}

/** What kind of interaction an action is. */
export type ActionKind = 'click' | 'type' | 'select' | 'navigate' | 'scroll' | 'submit';

/** Whether an action only reads or also changes something. */
export type Effect = 'read' | 'write';

/**
 * The rows of a row action declared once: the compact form of many `name@record` actions
 * that share every other field.
 */
export interface RowSet {
  /** Record ids, in page order. */
  records?: string[];
  /** Instead of `records`: the rows are the ids of `recordIds[list]`, in order. */
  list?: number | null;
  /** Indices into the set's rows of the rows in the viewport; absent when unknown. */
  inViewport?: number[] | null;
  /** Rows that cannot run now, each with its reason. */
  unavailable?: RowException[];
  /** Indices of rows whose control is covered by a dialog or overlay. */
  covered?: number[];
}

/** A row of a `RowSet` that cannot run now. */
export interface RowException {
  /** Index into the set's rows. */
  index: number;
  /** Why it cannot run now. */
  reason?: string | null;
}

/** A business object with a stable id. */
export interface PageRecord {
  /** Stable id from the page's data, unique among records. */
  id: string;
  /** The region (list, table) that holds it. */
  region?: string | null;
  /** A short human label. */
  label?: string | null;
  /** Readable fields, in the author's order. */
  fields?: Record<string, unknown>;
  /** Whether its row is in the viewport, when the browser knows. */
  inViewport?: boolean | null;
}

/**
 * A list of records by id, in page order. An id that is also in `Snapshot::records` is that
 * record, with its fields and viewport there; the others are outside the viewport and known by
 * id alone.
 */
export interface RecordIds {
  /** The region that holds them. */
  region?: string | null;
  /** Their ids. */
  ids: string[];
}

/** A declared read-only view of the page's state. */
export interface StateGroup {
  /** Its key in the state block, such as `filter`. */
  name: string;
  /** What it means. */
  description?: string | null;
  /** Its current value. */
  value?: unknown;
}

/** A message the page shows in reaction to something. */
export interface Feedback {
  /** Error, warning or status. */
  kind?: FeedbackKind;
  /** The message as the page shows it. */
  message: string;
  /** The input it concerns. */
  field?: string | null;
  /** The region it appears in. */
  region?: string | null;
}

/** How serious a feedback item is. */
export type FeedbackKind = 'error' | 'warning' | 'status';

/** Every budget the observation and the conversation obey. */
export interface Limits {
  /** Total history budget, in estimated tokens. */
  maxTokens: number;
  /** Space reserved for the model's answer. */
  reserveForOutput: number;
  /** Fraction of the usable budget that triggers compaction. */
  compactRatio: number;
  /** Recent messages kept verbatim when compacting. */
  keepRecent: number;
  /** Action entries after folding. */
  maxActions: number;
  /** Records with full fields. */
  maxRecords: number;
  /** Listed page regions. */
  maxScopes: number;
  /** Feedback items. */
  maxFeedback: number;
  /** State section text, in characters. */
  maxStateChars: number;
  /**
   * Record section text, in characters. The record-id index has an allowance of a quarter
   * of it of its own, so ids stay citable when full fields do not fit.
   */
  maxRecordChars: number;
  /** Feedback section text, in characters. */
  maxFeedbackChars: number;
  /** Page identity text, in characters. */
  maxPageChars: number;
  /** One tool result sent back to the model, in estimated tokens. */
  maxToolResultTokens: number;
}

// Types for the default entry (`pling`): the declaration API, observations and calls.

/** A value, or a function that returns the current value at each snapshot. */
export type Live<T> = T | (() => T);

// The snapshot and the limits are the core's contract, generated from its Rust types.
import type { ActionKind, Effect, FeedbackKind, Limits, Snapshot } from './snapshot.js';
export type {
  Action, ActionKind, Effect, Feedback, FeedbackKind, Limits, PageIdentity, PageRecord,
  RecordIds, Region, RowException, RowSet, Snapshot, StateGroup,
} from './snapshot.js';

/** A JSON Schema object, or the shorthand `{text: {type: 'string'}}` (all required unless `optional: true`). */
export type Params =
  | { type: 'object'; properties?: Record<string, object>; required?: string[]; [k: string]: unknown }
  | Record<string, { type?: string; description?: string; optional?: boolean; [k: string]: unknown }>;

export interface PageDeclaration {
  /** Defaults to `document.title`. */
  title?: Live<string>;
  /** Defaults to `location.pathname`. */
  path?: Live<string>;
  /** The route's name in your router. */
  route?: Live<string>;
  /** Route parameters, e.g. `{id: '42'}`. */
  params?: Live<Record<string, unknown>>;
  /** Query fields allowed into the observation; others never leave the page. */
  query?: string[];
}

export interface RegionDeclaration {
  id: string;
  /** Shown in `region:` tags; defaults to the id. */
  name?: string;
  purpose?: string;
  /** list, form, dialog, toolbar, tabpanel, … */
  role?: string;
  /** The enclosing region's id. */
  parent?: string;
  /** False for a collapsed section, hidden tab or closed dialog (default true). */
  active?: Live<boolean>;
  /** Its element: gives "in viewport", and a hidden element makes the region inactive. */
  element?: Live<Element | null | undefined>;
  /** Item counts, when the region's records do not give them. */
  counts?: () => { visible?: number; total: number };
}

interface ActionCommon {
  /** What it does, in your words; the model reads this. */
  description?: string;
  kind?: ActionKind;
  /** Default `write` (`read` for navigate and scroll). */
  effect?: Effect;
  region?: string;
  params?: Params;
  /** False when it exists but cannot run now (default true). */
  available?: boolean | ((record?: string) => boolean);
  /** Why it cannot run now. */
  reason?: string | ((record?: string) => string | undefined);
  /** The person confirms before it runs. */
  confirm?: boolean;
  /** It hands control to the person (payment, sign-in, verification). */
  handoff?: boolean;
  /** The region it opens: a discoverable target for hidden content. */
  reveals?: string;
  /** Overrides the handler timeout for this action (ms). */
  timeoutMs?: number;
  /** What it changes; when none of it does, the receipt carries EXPECTATION_FAILED. */
  expects?: Expectation | Expectation[];
}

export type Expectation = 'records' | 'records.added' | 'records.removed' | 'records.changed' | 'state' | `state.${string}` | 'page' | 'feedback' | 'actions';

/** The TypeScript type of one shorthand parameter: its enum's values, or its JSON type. */
export type ParamValue<S> = S extends { enum: readonly (infer E)[] } ? E
  : S extends { type: 'string' } ? string
  : S extends { type: 'integer' | 'number' } ? number
  : S extends { type: 'boolean' } ? boolean
  : S extends { type: 'array' } ? unknown[]
  : S extends { type: 'object' } ? Record<string, unknown>
  : unknown;

/** The arguments a handler receives for `params` in the shorthand form (`optional: true` may be absent). */
export type ArgsOf<P> = P extends { type: 'object' } ? Record<string, unknown>
  : P extends Record<string, object>
    ? { [K in keyof P as P[K] extends { optional: true } ? never : K]: ParamValue<P[K]> }
      & { [K in keyof P as P[K] extends { optional: true } ? K : never]?: ParamValue<P[K]> }
  : Record<string, unknown>;

export interface ActionDeclaration<P = Params> extends Omit<ActionCommon, 'params'> {
  id: string;
  /** The operation's name; defaults to the id. */
  name?: string;
  params?: P;
  /** Your handler; it receives the model's arguments, typed from `params`. Without it, the element is operated. */
  handler?: (args: ArgsOf<P>) => unknown;
  /** Its element: gives in viewport / disabled / covered / hidden, and is scrolled into view. */
  element?: Live<Element | null | undefined>;
}

export interface RowSpec {
  record: string;
  element?: Element;
  available?: boolean;
  reason?: string;
}

interface RowActionBase<P> extends Omit<ActionCommon, 'params'> {
  params?: P;
  /** The operation's name; each row's id is `name@record`. */
  name: string;
  /** The row's control; defaults to the record's element. */
  element?: (record: string) => Element | null | undefined;
  /** Your handler; `args.record` is the row's record id. */
  handler?: (args: { record: string } & ArgsOf<P>) => unknown;
}

/**
 * A row action: on the rows it names, or — without `rows` — on every record of its `region`
 * (nothing to keep in step with the records, and nothing read twice each turn).
 */
export type RowActionDeclaration<P = Params> = RowActionBase<P> & (
  | {
      /** The rows it applies to: record ids, or specs with an element per row. */
      rows: Live<Array<string | number | RowSpec>>;
    }
  | {
      rows?: undefined;
      /** The region whose records are its rows. */
      region: string;
    }
);

export interface RecordRow {
  id: string | number;
  label?: string;
  fields?: Record<string, unknown>;
  region?: string;
  /** Its row element: gives "in viewport" and is the default target of row actions. */
  element?: Element;
  /** When there is no element. */
  inViewport?: boolean;
}

/** Records given as rows Pling can read directly. */
export interface RecordsDeclaration {
  region?: string;
  rows: Live<RecordRow[]>;
  /** Field names masked before anything leaves the page. */
  sensitive?: string[];
}

/** Records from your own items, read through accessors: only the rows shown are read in full. */
export interface RecordsFromItems<T> {
  region?: string;
  /** Your own items. */
  rows: Live<readonly T[]>;
  /** The item's stable id. */
  id: (item: T) => string | number;
  label?: (item: T) => string | undefined;
  fields?: (item: T) => Record<string, unknown>;
  /** Its row element: gives "in viewport" and is the default target of row actions. */
  element?: (item: T) => Element | null | undefined;
  /** Field names masked before anything leaves the page. */
  sensitive?: string[];
}

export interface StateDeclaration {
  name: string;
  description?: string;
  value: Live<unknown>;
  /** Mask the whole value. */
  sensitive?: boolean;
}

export interface FeedbackItem {
  kind?: FeedbackKind;
  message: string;
  field?: string;
  region?: string;
}

export type FeedbackSource = Live<FeedbackItem[]>;

/**
 * A form. Its constraint validation becomes feedback; with an `id` it is also one tool whose
 * parameters are its fields (names, types, `required`, options, constraints, labels). A call
 * fills every given field through the page's input events and submits the form with
 * `requestSubmit`, so the browser's validation and the page's submit handler run.
 */
export interface FormDeclaration {
  /** The form. */
  element: Live<HTMLFormElement>;
  /** The region its feedback and its tool belong to. */
  region?: string;
  /** The tool's name (the model calls it); without it the form gives feedback only. */
  id?: string;
  /** What submitting the form does, in your words. */
  description?: string;
  /** The person is asked first, with the values the call would fill. */
  confirm?: boolean;
  /** The person fills and sends this form; the model never does. */
  handoff?: boolean;
  /**
   * Runs in place of the browser's submit once the fields are filled and valid; gets the
   * call's arguments (the field values by name).
   */
  handler?: (values: Record<string, unknown>) => unknown;
  /** A handler that takes longer fails the call (default `handlerTimeoutMs`). */
  timeoutMs?: number;
  /** What a submit changes; a receipt that shows none of it says `EXPECTATION_FAILED`. */
  expects?: Expectation | Expectation[];
}

export interface SettleOptions {
  /** Mutations and scrolling quiet for this long (default 60 ms). */
  quietMs?: number;
  /** Give up after this long and report it (default 3000 ms). */
  maxWaitMs?: number;
}

export interface SettleReport {
  settled: boolean;
  waitedMs: number;
  reason?: string;
}

/** What the person is asked to allow: the same shape from the loop, the surface and `call`. */
export interface ConfirmRequest {
  /** The function name that was called. */
  name: string;
  /** The original action id (`delete@t1`). */
  actionId: string;
  /** The row, for a row action. */
  record?: string | null;
  /** That row's label as the page shows it (from the loop). */
  label?: string | null;
  /** The author's description of the action. */
  description?: string;
  arguments: Record<string, unknown>;
}

export interface PlingOptions {
  /** The application section of the system message, appended once after the rules. */
  app?: string;
  limits?: Partial<Limits>;
  /** Read `data-pling-*` declarations too (default true). */
  attributes?: boolean;
  /** Where to read them (default `document`). */
  root?: ParentNode;
  settle?: SettleOptions;
  /** True while the page is busy; snapshots wait. */
  busy?: () => boolean;
  /** Default handler timeout (ms, default 10000). */
  handlerTimeoutMs?: number;
  /** Asks the person before a confirm action runs (default `window.confirm`). */
  confirm?: (request: ConfirmRequest) => boolean | Promise<boolean>;
}

/** An OpenAI function tool. */
export interface Tool {
  type: 'function';
  function: { name: string; description: string; parameters: object };
}

export interface Observation {
  /** The page section of the system message. */
  section: string;
  /** The `tools` array for the request. */
  tools: Tool[];
  /** Counts behind every omission notice. */
  omissions: Record<string, number>;
  /** Rules + application section + page section. */
  system: string;
  /** What was sent to the engine (secrets already masked). */
  snapshot: Snapshot;
  settle: SettleReport;
}

export interface ObserveOptions {
  /** Wait for the page to settle first (default true); `false` observes it as it is now. */
  settle?: boolean;
}

export interface CallResult {
  ok: boolean;
  /** The page's handler (or element) was reached; absent when the call was refused before dispatch. */
  ran?: boolean;
  /** The original action id, when the call resolved. */
  actionId: string | null;
  record?: string;
  /** What went wrong, written for the model. */
  error?: string;
  value?: unknown;
  scrolled?: boolean;
  declined?: boolean;
  handoff?: boolean;
  settle?: SettleReport;
}

export declare class Pling {
  constructor(options?: PlingOptions);
  page(declaration: PageDeclaration): this;
  region(declaration: RegionDeclaration): () => void;
  action<const P extends Params = Params>(declaration: ActionDeclaration<P>): () => void;
  rowAction<const P extends Params = Params>(declaration: RowActionDeclaration<P>): () => void;
  records<T>(declaration: RecordsDeclaration | RecordsFromItems<T>): () => void;
  state(declaration: StateDeclaration): () => void;
  feedback(source: FeedbackSource): () => void;
  form(declaration: FormDeclaration): () => void;
  /** Snapshots wait until `work` settles. */
  pending<T>(work: Promise<T>): Promise<T>;
  /** Loads the engine now if a lazy start has not yet (an assistant and `observe` load it themselves when needed). */
  ready(): Promise<this>;
  /** Calls `listener` after each declaration made or removed; returns a function that stops it. */
  onDeclarations(listener: () => void): () => void;
  /** Waits until the page has settled (what `observe` does first). */
  settle(): Promise<SettleReport>;
  /**
   * The one way to look at the page: settles it (unless `settle: false`), collects its snapshot
   * and observes it — page section, tools, omissions, system message, the snapshot itself
   * (secrets masked) and the settle report. `call` runs against the latest observation.
   */
  observe(options?: ObserveOptions): Promise<Observation>;
  /** Calls an action by the name the model sees, against the latest observation. */
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  /** @deprecated Use `observe({ settle: false })`: its `snapshot` is this one's. Warns once; removed in the next release. */
  collect(): { snapshot: Snapshot };
  /** @deprecated Use `observe()`: its `snapshot` and `settle` are these. Warns once; removed in the next release. */
  snapshot(): Promise<{ snapshot: Snapshot; settle: SettleReport }>;
  /** @deprecated Use `observe({ settle: false })`. Warns once; removed in the next release. */
  observeNow(report?: SettleReport): Observation;
  /** @deprecated Use `observe()`. Warns once; removed in the next release. */
  capture(): Promise<{ json: string; settle: SettleReport }>;
  /** @deprecated Use `observe()`, or `surface().observe()` for an agent outside the page. Warns once; removed in the next release. */
  take(): Promise<{ json: string; settle: SettleReport }>;
  /** Runs an action the assistant loop resolved, checked and confirmed. */
  perform(call: { actionId: string; declared: string; record: string | null; arguments: Record<string, unknown> }): Promise<CallResult>;
  /** Scrolls to and focuses the control of an action handed to the person. */
  pointAt(done: { actionId?: string | null; record?: string | null } | undefined): void;
  /** An action on a row in words, as the last snapshot shows them: for steps and confirmations. */
  describe(actionId: string, record?: string | null): { description: string; label: string | null; fields: [string, string][] };
  /** The Agent Surface of this page (made once; `options` apply the first time). */
  surface(options?: SurfaceOptions): AgentSurface;
  destroy(): void;
}

export interface SurfaceOptions {
  /** Asks the person before a confirm action runs (default: the Pling's `confirm`, else `window.confirm`). */
  confirm?: (request: ConfirmRequest) => boolean | Promise<boolean>;
}

/** What an agent outside the page is given: what the in-page model is sent. */
export interface SurfaceObservation {
  /** Changes only when this shape does. */
  version: number;
  /** Rules + application section + page section: the in-page model's system message. */
  system: string;
  /** The page section alone. */
  section: string;
  /** The callable tools, as sent in the `tools` field. */
  tools: Tool[];
  /** Counts behind every omission notice. */
  omissions: Record<string, number>;
  settle: SettleReport;
}

export interface SurfaceCallResult {
  /** The action ran without error. */
  ok: boolean;
  /**
   * Its handler (or element) was reached on the page: false when refused, declined or handed
   * off, and when its target left the page between the observation and the call.
   */
  ran: boolean;
  /** The original action id, when the name resolved. */
  actionId: string | null;
  /** The tool message the in-page model would read: `{"result": {…}}` (cut to maxToolResultTokens). */
  content: string;
  declined?: boolean;
  handoff?: boolean;
}

/** The same observation and calls as the in-page assistant, for an agent outside the page. */
export declare class AgentSurface {
  constructor(pling: Pling, options?: SurfaceOptions);
  observe(): Promise<SurfaceObservation>;
  call(name: string, args?: Record<string, unknown> | string): Promise<SurfaceCallResult>;
  /** Called with every observation the surface makes; returns a function that removes it. */
  subscribe(listener: (observation: SurfaceObservation) => void): () => void;
  /**
   * Answers `{pling: 'observe' | 'call', id, name?, arguments?}` messages posted to this window
   * (by this window only) with `{pling: 'result', id, ok, value | error}`; returns a function
   * that stops it.
   */
  listen(): () => void;
  destroy(): void;
}

export declare const SURFACE_VERSION: number;

/** A WebMCP model context: `document.modelContext` or a polyfill. */
export interface ModelContextLike {
  registerTool(
    tool: {
      name: string;
      description: string;
      inputSchema?: object;
      annotations?: { readOnlyHint?: boolean; untrustedContentHint?: boolean };
      execute(input: Record<string, unknown>, client?: unknown): Promise<unknown>;
    },
    options?: { signal?: AbortSignal },
  ): unknown;
}

export interface WebMCPOptions {
  /** Default `document.modelContext`. */
  modelContext?: ModelContextLike;
}

export interface WebMCPConnection {
  surface: AgentSurface;
  /** Resolves once the first observation's tools are registered. */
  ready: Promise<void>;
  /** The names registered now. */
  tools(): string[];
  disconnect(): void;
}

/** The tool that reads the page through WebMCP. */
export declare const READ_PAGE: string;
/** Offers the page's tools through WebMCP; null when the browser has no model context. */
export declare function connectWebMCP(pling: Pling, options?: WebMCPOptions): WebMCPConnection | null;

/** What kind of failure a Pling error is. */
export type PlingErrorCode =
  | 'declaration' | 'snapshot' | 'limits' | 'call' | 'config' | 'assistant' | 'engine'
  | 'not-initialised' | 'observe-only' | 'load' | 'panic' | 'busy' | 'error';

/** Every error Pling throws: `instanceof PlingError` catches them all. */
export declare class PlingError extends Error {
  constructor(message: string, details?: { code?: PlingErrorCode; what?: string; where?: string; cause?: unknown });
  readonly code: PlingErrorCode;
  /** The declaration, limit or option it is about, when known. */
  readonly what?: string;
  /** The path of the bad value in the snapshot (`actions[0].rows`), when known. */
  readonly where?: string;
}
/** Thrown (and logged) for a declaration Pling cannot use. */
export declare class PlingDeclarationError extends PlingError {
  constructor(declaration: string, problem: string);
  readonly declaration: string;
}
/** A snapshot the engine rejects. */
export declare class PlingSnapshotError extends PlingError {}
/** A limit that is not usable; `what` names it. */
export declare class PlingLimitsError extends PlingError {}
/** A call that does not resolve to an action the model was shown. */
export declare class PlingCallError extends PlingError {}
/** An assistant or chat option that is not usable; `what` names it. */
export declare class PlingConfigError extends PlingError {}
/** The engine is not loaded (`not-initialised`), could not load (`load`), is the observe-only build (`observe-only`) or failed inside (`panic`). */
export declare class PlingEngineError extends PlingError {}

export declare const HANDLER_TIMEOUT_MS: number;
/** What masked values read as. */
export declare const MASK: string;

/** Marks a value as secret: it is masked before anything leaves the page. */
export declare function secret<T>(value: T): { value: T };
export declare function init(source?: string | URL | Request | Response | BufferSource | WebAssembly.Module): Promise<void>;
/** What `createPling` (and React's `<PlingProvider options>`) take besides the Pling's own options. */
export interface CreatePlingOptions extends PlingOptions {
  /** The engine's .wasm (URL or bytes); default: the package's own, beside this module. */
  wasm?: string | URL | Request | Response | BufferSource | WebAssembly.Module;
  /**
   * When the engine loads. `true` (default): when first needed (an observation, a call, the
   * chat's first message) or when the browser is idle, whichever comes first; `'on-use'`: only
   * when first needed; `false`: before `createPling` resolves.
   */
  lazy?: boolean | 'on-use';
  /** `false`: this page runs no in-page assistant, so the observe-only engine is loaded (Agent Surface, WebMCP, calls). */
  assistant?: boolean;
}

/**
 * Returns a Pling for this page at once; the engine loads as `lazy` says. `observe()`, calls
 * and an assistant's first request load it when needed; `await pling.ready()` loads it now.
 */
export declare function createPling(options?: CreatePlingOptions): Promise<Pling>;
export declare function engineReady(): boolean;
/** Whether the loaded engine carries the assistant loop (false for pling_observe_bg.wasm). */
export declare function engineHasAssistant(): boolean;
export declare function defaultLimits(): Limits;
export declare function mountDebugPanel(pling: Pling, container: HTMLElement): { refresh(): Promise<void>; destroy(): void };

export interface AssistantOptions {
  /** An OpenAI-compatible endpoint, e.g. "/v1" (a same-origin proxy that holds the key). */
  baseURL: string;
  /** The model name sent (default "default": a proxy that holds the model name replaces it). */
  model?: string;
  /** Sent as a bearer token. Prefer a server-side proxy that holds the key. */
  apiKey?: string;
  headers?: Record<string, string>;
  /** Stream replies (default true). */
  stream?: boolean;
  /** How tool calls travel: native tools with calls in text recovered (auto, the default), native only, or a JSON-schema reply. */
  toolMode?: 'auto' | 'native' | 'structured';
  /** In structured mode, a row action's `record` can only be one of the rows the page shows (up to 100): an invented id cannot be written (default false). */
  recordChoices?: boolean;
  temperature?: number;
  /** The longest wait for the model: for its answer to begin, then between pieces of a streamed answer (default 60000 ms). */
  timeoutMs?: number;
  /** The longest one whole answer may take, however steadily it streams (default 300000 ms). */
  deadlineMs?: number;
  retry?: { maxRetries?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Model turns per request before the loop stops (default 12). */
  maxSteps?: number;
  /** Repeated identical failing calls before the loop stops (default 3). */
  maxRepeatedFailures?: number;
  /** Calls of one model reply that run; later ones get a result saying they did not (default 8). */
  maxCallsPerReply?: number;
  /** Confirmations one model reply may ask the person for (default 2). */
  maxConfirmationsPerReply?: number;
  /**
   * Optional help for weak models, on top of the loop (docs/reference.md, "Assists").
   * `false` turns every assist off; an object switches them one by one.
   */
  assist?: boolean | AssistOptions;
  /** Overrides the Pling's application section. */
  app?: string;
  /** Asks the person before a confirm action runs (default `window.confirm`). */
  confirm?: (request: ConfirmRequest) => boolean | Promise<boolean>;
  onEvent?: (event: AssistantEvent) => void;
}

/** The assists, each on or off (see docs/reference.md, "Assists"). */
export interface AssistOptions {
  /** A reply that is not an answer (the request said back, a tool definition or result written out, a bare page-data block) goes back to the model once (default true). */
  nonAnswers?: boolean;
  /**
   * A write on a row whose fields the model was never shown: sent back once naming the page's
   * ways to find rows, then put to the person on a card (`discover`, the default); put to the
   * person at once (`confirm`); or run as any call (`off`).
   */
  unseenRows?: 'discover' | 'confirm' | 'off';
}

/** What the assistant reports as it works, one event at a time. */
export type AssistantEvent =
  | { type: 'observe' }
  | { type: 'thinking' }
  | { type: 'summarize' }
  | { type: 'text'; text: string }
  | { type: 'reply'; content: string }
  | { type: 'usage'; prompt_tokens: number; completion_tokens: number; cached_tokens: number }
  | ({ type: 'confirm' } & ConfirmRequest)
  | { type: 'call'; actionId: string; record?: string | null; arguments: Record<string, unknown> }
  | { type: 'result'; actionId: string; record?: string | null; ok: boolean; error?: string }
  | ({ type: 'finish' } & AssistantResult);

export interface DoneAction {
  name: string;
  actionId: string | null;
  record: string | null;
  /** The record's label before the action. */
  label: string | null;
  ok: boolean;
  dispatched: boolean;
  error: string | null;
}

export interface AssistantResult {
  reason: 'answered' | 'handoff' | 'stepLimit' | 'repeatedFailures' | 'stopped' | 'modelFailed';
  /** What to tell the person. */
  message: string;
  /** What ran, from the receipts. */
  actions: DoneAction[];
  /** With `modelFailed`: what went wrong, in the person's words (the chat shows this). */
  problem?: Problem;
}

/** Kinds of model failure, stable for pages that word them their own way. */
export type ProblemKind =
  | 'unreachable' | 'key' | 'quota' | 'rateLimited' | 'tooLong' | 'noModel' | 'timeout'
  | 'server' | 'badReply' | 'engine';

/** A model failure as the person should read it, and what they can do. */
export interface Problem {
  kind: ProblemKind;
  text: string;
  /** For `rateLimited`: the wait the server asked for, in ms. */
  waitMs?: number;
}

/** One message of the conversation, as the OpenAI chat format writes it. */
export type ChatMessage =
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export declare class Assistant {
  /** What a request that the page navigated away from was doing (read once), or null. */
  static interrupted(): { request: string; action: string | null; at: number } | null;
  constructor(pling: Pling, options: AssistantOptions);
  readonly busy: boolean;
  run(text: string): Promise<AssistantResult>;
  stop(): void;
  /** The conversation so far (without any page section), as OpenAI chat messages. */
  history(): ChatMessage[];
  destroy(): void;
}

export interface ChatOptions extends AssistantOptions {
  /** The name on the launcher and the panel's header (default: `strings.title`, "Assistant"). */
  title?: string;
  /** @deprecated The old name of `title`; still read. */
  label?: string;
  /** The input's placeholder (default: `strings.placeholder`). */
  placeholder?: string;
  /** Where the widget is appended (default `document.body`). */
  container?: HTMLElement;
  /** The built-in language: `'en'` or `'de'` (a tag such as `de-CH` picks `de`); default the page's `lang`, else English. */
  locale?: string;
  /** Any of the widget's words, over the locale's (placeholders such as `{action}` are filled in). */
  strings?: Partial<ChatStrings>;
  /** The first message on the empty panel (default: `strings.greeting`). */
  greeting?: string;
  /** Requests offered under the greeting; clicking one sends it. */
  suggestions?: string[];
  /** `'auto'` (default) follows the page's `color-scheme` (else its background); `'light'` or `'dark'` fixes it. */
  theme?: 'light' | 'dark' | 'auto';
}

/**
 * Every word the chat widget shows. `{name}` placeholders are filled in: `{title}` (open),
 * `{action}` and `{row}` (step, stepOnRow), `{text}` (quote), `{what}` (allowLabel, denyLabel),
 * `{row}` and `{fields}` (changedFields), `{control}`, `{from}` and `{to}` (valueChanged: a
 * control's new value, a checkbox's worded `checked` or `unchecked`), `{rows}` (added,
 * removed), `{page}` (pageMoved), `{message}` (pageSays), `{reason}` (couldNotStart),
 * `{request}` (interrupted), `{seconds}` (rateLimitedWait). The problem kinds (`unreachable` …
 * `engine`) word a failed model call.
 */
export interface ChatStrings {
  title: string;
  open: string;
  close: string;
  greeting: string;
  suggestions: string;
  placeholder: string;
  message: string;
  send: string;
  stop: string;
  working: string;
  step: string;
  stepOnRow: string;
  quote: string;
  stepDone: string;
  stepFailed: string;
  stepRunning: string;
  details: string;
  changedFields: string;
  valueChanged: string;
  checked: string;
  unchecked: string;
  added: string;
  removed: string;
  pageMoved: string;
  pageSays: string;
  nothingChanged: string;
  confirmQuestion: string;
  allow: string;
  deny: string;
  allowLabel: string;
  denyLabel: string;
  allowed: string;
  denied: string;
  yourStep: string;
  showMe: string;
  showMeLabel: string;
  couldNotStart: string;
  blockedByPolicy: string;
  nothingChangedOnPage: string;
  couldNotFinish: string;
  interrupted: string;
  unreachable: string;
  key: string;
  quota: string;
  rateLimited: string;
  rateLimitedWait: string;
  tooLong: string;
  noModel: string;
  timeout: string;
  server: string;
  badReply: string;
  engine: string;
}

/**
 * `<pling-chat endpoint="/v1" title="…" placeholder="…" model="…" locale="de" theme="auto"
 * greeting="…" suggestions='["…"]'>`: the chat as an element (defined when the package loads;
 * `label` is the deprecated name of `title`). It talks to its `pling` property, else the script
 * build's Pling. Themed with `--pling-accent`, `--pling-on-accent`, `--pling-bg`, `--pling-fg`,
 * `--pling-muted`, `--pling-border`, `--pling-subtle`, `--pling-danger`, `--pling-ok`,
 * `--pling-warn-bg`, `--pling-warn-border`, `--pling-radius`, `--pling-font` (a font family),
 * `--pling-font-size`, `--pling-z` and `::part(launcher | panel | header | title | close | log |
 * intro | suggestion | message | user | assistant | greeting | step | details | progress |
 * confirm | allow | deny | handoff | form | input | send)`.
 */
export declare class PlingChatElement extends HTMLElement {
  pling: Pling | null;
  readonly chat: ReturnType<typeof mountChat> | null;
}
declare global {
  interface HTMLElementTagNameMap { 'pling-chat': PlingChatElement }
}

export declare function mountChat(pling: Pling, options: ChatOptions & { host?: HTMLElement }): {
  /** The assistant, once the engine has loaded (at once unless the start was lazy). */
  readonly assistant: Assistant | null;
  open(): void;
  close(): void;
  send(text: string): void;
  destroy(): void;
};

/** One chat request with retries; model and network failures come back as `{error}`. Loads the engine first if the page has not yet; rejects with `PlingEngineError` (code `observe-only`) where only the observe-only engine is loaded. */
export declare function chat(body: object, options: AssistantOptions, signal?: AbortSignal): Promise<{ ok: object } | { error: { type: string; message?: string } }>;

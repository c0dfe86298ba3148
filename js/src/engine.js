// The wasm engine behind the shim: loads it once, turns snapshots into observations, and
// reports engine failures as real Errors.
import { PlingEngineError, fromEngine } from './errors.js';

/**
 * The engine's JS glue (wasm-bindgen's module), loaded with the engine itself, so a page pays
 * for neither before first use. A bundler splits it into its own chunk; the script build
 * points at the file beside the package's engines (`setGlueSource`).
 * @type {typeof import('../wasm/pling_wasm.js') | null}
 */
let wasm = null;
/** @type {() => Promise<typeof import('../wasm/pling_wasm.js')>} */
let loadGlue = () => import('../wasm/pling_wasm.js');

/**
 * Where the engine's glue is, for a build that cannot import it by a relative path (the script
 * build, which knows its own address).
 * @param {string} url
 */
export function setGlueSource(url) {
  loadGlue = () => import(/* @vite-ignore */ url);
}

/** The engine's module once loaded (for the loop and the client). */
export function engineModule() {
  requireEngine();
  return /** @type {typeof import('../wasm/pling_wasm.js')} */ (wasm);
}

let loading = null;
/** Where the engine loads from when something first needs it (a lazy start). */
let lazySource;
let loaded = false;
let loop = false;

/**
 * Loads the engine. Without a source, the `.wasm` file beside the module is fetched.
 * @param {string | URL | Request | Response | BufferSource | WebAssembly.Module} [source]
 * @returns {Promise<void>}
 */
export function initEngine(source) {
  if (!loading) {
    loading = loadGlue().then((glue) => {
      wasm = glue;
      return glue.default(source === undefined ? undefined : { module_or_path: source });
    }).then(
      (exports) => {
        loaded = true;
        // The observe-only engine (pling_observe_bg.wasm) has no assistant loop.
        loop = typeof exports?.assistant_new === 'function';
      },
      (error) => {
        loading = null;
        throw new PlingEngineError(`Pling could not load its engine: ${error && error.message ? error.message : error}`, { code: 'load', cause: error });
      },
    );
  }
  return loading;
}

/**
 * Remembers where the engine is, to load it when something first needs it.
 * @param {Parameters<typeof initEngine>[0]} source
 */
export function deferEngine(source) {
  lazySource = source;
}

/** How long an idle prefetch waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * Starts the engine as a page asked: at once (`lazy: false`), when first needed (`'on-use'`),
 * or when first needed or the browser is next idle, whichever comes first (`true`, the default),
 * so the page's own loading never waits for it and the first question rarely does.
 * @param {Parameters<typeof initEngine>[0]} source
 * @param {boolean | 'on-use'} [lazy]
 * @returns {Promise<void>}
 */
export function startEngine(source, lazy = true) {
  if (lazy === false) return initEngine(source);
  deferEngine(source);
  if (lazy !== 'on-use' && typeof window !== 'undefined') {
    // A failed prefetch is reported by the first use that needs the engine.
    const prefetch = () => loadEngine().catch(() => {});
    if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(prefetch, 1);
  }
  return Promise.resolve();
}

/** Loads the engine now if it is not yet (from where `deferEngine` said). @returns {Promise<void>} */
export function loadEngine() {
  return loaded ? Promise.resolve() : initEngine(lazySource);
}

/** @returns {boolean} whether the engine is loaded */
export function engineReady() {
  return loaded;
}

/** @returns {boolean} whether the loaded engine carries the assistant loop (not the observe-only build) */
export function engineHasAssistant() {
  return loaded && loop;
}

function requireEngine() {
  if (!loaded) {
    throw new PlingEngineError('Pling\'s engine is not loaded yet: await pling.ready() (or init(), or createPling({ lazy: false })) before observing the page synchronously.', { code: 'not-initialised' });
  }
}

/**
 * Runs an engine call: a trap becomes a PlingEngineError carrying the panic message, and an
 * error the engine raised becomes the Pling error class its name says. Every call into the
 * engine goes through here.
 * @template T
 * @param {() => T} fn
 * @returns {T}
 */
export function guard(fn) {
  requireEngine();
  try {
    return fn();
  } catch (error) {
    throw translated(error);
  }
}
const guarded = guard;

/**
 * `guard` for an engine call that returns a promise: its rejection is translated the same way.
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function guardAsync(fn) {
  try {
    return await guard(fn);
  } catch (error) {
    throw translated(error);
  }
}

/** @param {unknown} error */
function translated(error) {
  if (error instanceof WebAssembly.RuntimeError) {
    const message = wasm?.takePanic();
    return new PlingEngineError(message || `pling engine crashed: ${error.message}`, { code: 'panic', cause: error });
  }
  return fromEngine(error);
}

/**
 * One observed snapshot, held by the engine so calls resolve against what the model saw.
 */
export class Observed {
  /**
   * @param {string} snapshotJson
   * @param {object} [limits]
   * @param {number} [lists] a handle from {@link Observed#lists} standing for the snapshot's
   *   `recordIds`, which `snapshotJson` then leaves out; used once
   */
  constructor(snapshotJson, limits, lists) {
    const limitsJson = limits ? JSON.stringify(limits) : undefined;
    this.page = guarded(() => new (engineModule().Page)(snapshotJson, limitsJson, lists));
    const out = JSON.parse(guarded(() => this.page.render()));
    /** @type {string} */
    this.section = out.section;
    /** @type {object[]} */
    this.tools = out.tools;
    /** @type {Record<string, number>} */
    this.omissions = out.omissions;
    /** The conditional rules this page needs, for {@link systemMessage}. @type {number} */
    this.rules = out.rules;
  }

  /**
   * @param {string} name
   * @param {string} [record]
   * @returns {{actionId: string, declared: string, record: string | null, confirm: boolean, handoff: boolean}}
   */
  resolve(name, record) {
    return JSON.parse(guarded(() => this.page.resolve(name, record == null ? undefined : String(record))));
  }

  /**
   * Checks a call as the assistant loop does: name and record, arguments against the schema
   * (undeclared ones dropped). A refusal carries the error the loop would hand the model.
   * @param {string} name
   * @param {unknown} args
   * @returns {{run: {actionId: string, declared: string, record: string | null, arguments: Record<string, unknown>, confirm: boolean, handoff: boolean, description: string}} | {refused: {actionId: string | null, error: string}}}
   */
  check(name, args) {
    const out = JSON.parse(guarded(() => this.page.check(String(name), JSON.stringify(args ?? {}))));
    if (!out.refused) return out;
    let error = out.refused.content;
    try {
      error = JSON.parse(out.refused.content).result.error ?? error;
    } catch {
      // a cut receipt: its text is the error
    }
    return { refused: { actionId: out.refused.actionId ?? null, error } };
  }

  /** A handle to the snapshot's lists for the next snapshot that has the same, or 0. @returns {number} */
  lists() {
    return guarded(() => this.page.lists());
  }

  /** Releases the engine's copy of the snapshot. */
  free() {
    if (this.page) {
      this.page.free();
      this.page = null;
    }
  }
}

/**
 * The system message: the framework rules the page needs, the application section once, the
 * page section.
 * @param {string | undefined} application
 * @param {Observed} observed
 */
export function systemMessage(application, observed) {
  return guarded(() => engineModule().systemMessage(application, observed.section, observed.rules));
}

/** @returns {object} the default limits */
export function defaultLimits() {
  return JSON.parse(guarded(() => engineModule().defaultLimits()));
}

/**
 * Checks limits and completes them with defaults; throws a PlingLimitsError naming the control.
 * @param {object} limits
 */
export function checkLimits(limits) {
  return JSON.parse(guarded(() => engineModule().checkLimits(JSON.stringify(limits))));
}

// The Pling object page authors hold: declarations in, observations and calls out.
import { Registry } from './registry.js';
import { normAction, normForm, normFeedback, normPage, normRecords, normRegion, normRowAction, normState } from './declare.js';
import { PlingDeclarationError, messageOf, reportDeclaration } from './errors.js';
import { askPerson } from './confirm.js';
import { Viewport } from './dom.js';
import { collect } from './collect.js';
import { MarkedElements } from './marked.js';
import { AgentSurface } from './surface.js';
import { Activity, settle } from './settle.js';
import { dispatch } from './dispatch.js';
import { describeAction } from './describe.js';
import { Observed, checkLimits, engineReady, loadEngine, systemMessage } from './engine.js';

/** Default time a handler may take before its call fails. */
export const HANDLER_TIMEOUT_MS = 10000;

/**
 * @typedef {import('./index.d.ts').PlingOptions} PlingOptions
 * @typedef {import('./index.d.ts').Observation} Observation
 * @typedef {import('./index.d.ts').CallResult} CallResult
 */

/**
 * The package's own ways to a Pling's observations, beside the public `observe`: the
 * assistant loop's (a settled snapshot as JSON, its targets kept for `perform`) and the Agent
 * Surface's (one it keeps apart from the Pling's latest). Not exported from the entry points;
 * a test may wrap them to see what crosses into the engine.
 * @type {{
 *   observeForLoop: (pling: Pling) => Promise<{json: string, settle: import('./settle.js').SettleReport}>,
 *   observeDetached: (pling: Pling) => Promise<{engine: Observed, targets: Map<string, any>, json: string, settle: import('./settle.js').SettleReport}>,
 * }}
 */
export const internal = /** @type {any} */ ({});

/** The deprecated names already warned about on this page: each warns once. */
const warned = new Set();

/**
 * Warns, once per name, that a deprecated method was called and what replaces it.
 * @param {string} name @param {string} instead
 */
function deprecated(name, instead) {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(`[pling] pling.${name} is deprecated and will be removed in the next release; use pling.${instead} instead.`);
}

/**
 * A task of the page's own after a snapshot that took over 8 ms to collect: a long page's
 * collection and the engine's reading of it run as two tasks, so the page answers in between.
 * A short page's snapshot is read in the same task.
 * @param {number} started when the collection began
 */
function pauseAfter(started) {
  return performance.now() - started > 8 ? new Promise((resolve) => setTimeout(resolve, 0)) : undefined;
}

export class Pling {
  /** The lists the engine read last and their handle: `{lists, secrets, handle}`. @type {any} */
  #held;

  /** @param {PlingOptions} [options] */
  constructor(options = {}) {
    if (typeof document === 'undefined') throw new Error('Pling runs in a browser page: there is no document here.');
    this.options = {
      attributes: true,
      root: document,
      handlerTimeoutMs: HANDLER_TIMEOUT_MS,
      ...options,
    };
    // Limits are checked by the engine: now if it is loaded, else when it first is.
    this.limitsChecked = !options.limits || engineReady();
    if (options.limits && this.limitsChecked) this.options.limits = checkLimits(options.limits);
    this.registry = new Registry();
    this.activity = new Activity();
    this.marked = new MarkedElements(document);
    /** @type {Set<Promise<unknown>>} */
    this.pendingWork = new Set();
    /** @type {any} */
    this.last = null;
    this.onInvalid = (event) => this.registry.invalidSeen.add(event.target);
    // A form submitted or reset starts over: its earlier failed fields are not reported again
    // until they fail again (or the person touches them: `:user-invalid`).
    this.onFormDone = (event) => {
      const form = /** @type {HTMLFormElement} */ (event.target);
      const fields = [...(form.elements ?? [])];
      // A `novalidate` form is sent with invalid fields: that submit failed them.
      const failed = event.type === 'submit' ? fields.filter((el) => el.willValidate && !el.validity.valid) : [];
      if (failed.length) {
        for (const el of failed) this.registry.invalidSeen.add(el);
        return;
      }
      for (const el of fields) this.registry.invalidSeen.delete(el);
      this.registry.settledForms.add(form);
    };
    // The person typing in a form again makes the browser's `:user-invalid` theirs again.
    this.onEdit = (event) => {
      const form = /** @type {any} */ (event.target)?.form;
      if (event.isTrusted && form) this.registry.settledForms.delete(form);
    };
    document.addEventListener('invalid', this.onInvalid, true);
    document.addEventListener('submit', this.onFormDone, true);
    document.addEventListener('reset', this.onFormDone, true);
    document.addEventListener('input', this.onEdit, true);
    this.destroyed = false;
    /** @type {AgentSurface | null} */
    this.agentSurface = null;
    /** @type {Set<() => void>} */
    this.declarationListeners = new Set();
  }

  #declare(fn) {
    try {
      return fn();
    } catch (error) {
      if (error instanceof PlingDeclarationError) reportDeclaration(error, true);
      throw error;
    }
  }

  #changed() {
    if (this.last) {
      this.last.engine?.free();
      this.last = null;
    }
  }

  /** A declaration came, changed or went: the cached observation is stale, and whoever follows
   * the declarations (WebMCP) hears of it. */
  #declared() {
    this.#changed();
    for (const listener of this.declarationListeners) listener();
  }

  /**
   * Calls `listener` after each declaration made or removed (not on page changes).
   * @param {() => void} listener
   * @returns {() => void} stops
   */
  onDeclarations(listener) {
    this.declarationListeners.add(listener);
    return () => this.declarationListeners.delete(listener);
  }

  /**
   * Page identity: route name, params, allowed query fields; title and path default to the
   * document's.
   * @param {import('./index.d.ts').PageDeclaration} declaration
   */
  page(declaration) {
    this.registry.page = this.#declare(() => normPage(declaration));
    this.#declared();
    return this;
  }

  /** @param {import('./index.d.ts').RegionDeclaration} declaration @returns {() => void} */
  region(declaration) {
    const d = this.#declare(() => normRegion(declaration));
    return this.#add(this.registry.regions, d.id, d, `region "${d.id}"`);
  }

  /** @param {import('./index.d.ts').ActionDeclaration} declaration @returns {() => void} */
  action(declaration) {
    const d = this.#declare(() => normAction(declaration));
    return this.#add(this.registry.actions, `action:${d.id}`, d, `action "${d.id}"`);
  }

  /** @param {import('./index.d.ts').RowActionDeclaration} declaration @returns {() => void} */
  rowAction(declaration) {
    const d = this.#declare(() => normRowAction(declaration));
    return this.#add(this.registry.actions, `row:${d.name}`, d, `row action "${d.name}"`);
  }

  /** @param {import('./index.d.ts').RecordsDeclaration} declaration @returns {() => void} */
  records(declaration) {
    const d = this.#declare(() => normRecords(declaration));
    this.registry.records.push(d);
    this.#declared();
    return () => this.#remove(this.registry.records, d);
  }

  /** @param {import('./index.d.ts').StateDeclaration} declaration @returns {() => void} */
  state(declaration) {
    const d = this.#declare(() => normState(declaration));
    return this.#add(this.registry.state, d.name, d, `state "${d.name}"`);
  }

  /** @param {import('./index.d.ts').FeedbackSource} source @returns {() => void} */
  feedback(source) {
    const d = this.#declare(() => normFeedback(source));
    this.registry.feedback.push(d);
    this.#declared();
    return () => this.#remove(this.registry.feedback, d);
  }

  /** @param {import('./index.d.ts').FormDeclaration} declaration @returns {() => void} */
  form(declaration) {
    const d = this.#declare(() => normForm(declaration));
    this.registry.forms.push(d);
    this.#declared();
    return () => this.#remove(this.registry.forms, d);
  }

  #add(map, key, d, what) {
    if (map.has(key)) reportDeclaration(new PlingDeclarationError(what, 'is already declared; remove it first'), true);
    const [kind, id] = key.split(/:(.*)/s);
    const other = kind === 'action' ? `row:${id}` : kind === 'row' ? `action:${id}` : null;
    if (other && map.has(other)) {
      reportDeclaration(new PlingDeclarationError(what, `shares its id with a ${kind === 'row' ? 'single' : 'row'} action; give one of them another name`), true);
    }
    map.set(key, d);
    this.#declared();
    return () => {
      if (map.get(key) === d) map.delete(key);
      this.#declared();
    };
  }

  #remove(list, d) {
    const i = list.indexOf(d);
    if (i >= 0) list.splice(i, 1);
    this.#declared();
  }

  /**
   * Tells Pling the page is busy until `work` settles; snapshots wait for it.
   * @template T
   * @param {Promise<T>} work
   * @returns {Promise<T>}
   */
  pending(work) {
    const p = Promise.resolve(work);
    this.pendingWork.add(p);
    const done = () => this.pendingWork.delete(p);
    p.then(done, done);
    return p;
  }

  /** The engine, loaded if this Pling was made before it (a lazy start), limits checked. */
  async #engine() {
    if (!engineReady()) await loadEngine();
    if (!this.limitsChecked) {
      this.options.limits = checkLimits(this.options.limits);
      this.limitsChecked = true;
    }
  }

  /**
   * Loads the engine now if it is not yet (a lazy start loads it on first use or when the
   * browser is idle): for `observeNow()`, `new Assistant()` and `defaultLimits()` right away.
   * @returns {Promise<this>}
   */
  async ready() {
    await this.#engine();
    return this;
  }

  /** Waits until the page has settled. @returns {Promise<import('./settle.js').SettleReport>} */
  settle() {
    return settle(this.activity, { ...this.options.settle, pending: this.pendingWork, busy: this.options.busy });
  }

  /**
   * The one way to look at the page: settles it (unless `settle: false`), collects its
   * snapshot and observes it — the page section, the tools, the omission counts, the system
   * message, the snapshot itself (secrets masked) and the settle report. `call` runs against
   * the latest observation.
   * @param {{settle?: boolean}} [options]
   * @returns {Promise<Observation>}
   */
  async observe(options = {}) {
    const report = await this.#ready(options.settle !== false);
    const started = performance.now();
    const collected = this.#collect();
    await pauseAfter(started);
    return this.#observeCollected(collected, report);
  }

  /**
   * Loads the engine, settles the page (when `settle`) and looks up its marked declarations
   * ahead of the snapshot, yielding to the page between slow lookups.
   * @param {boolean} settle
   * @returns {Promise<import('./settle.js').SettleReport>}
   */
  async #ready(settle) {
    await this.#engine();
    const report = settle ? await this.settle() : { settled: true, waitedMs: 0 };
    if (this.options.attributes !== false) await this.marked.warm();
    return report;
  }

  /** Collects a snapshot now, without settling. */
  #collect() {
    this.#alive();
    return collect(this.registry, {
      attributes: this.options.attributes !== false,
      root: this.options.root,
      marked: this.marked,
      report: (m) => console.error(`[pling] ${m}`),
    });
  }

  /** Observes now, without waiting; the engine must be loaded. @returns {Observation} */
  #observeNow(report = { settled: true, waitedMs: 0 }) {
    return this.#observeCollected(this.#collect(), report);
  }

  /** The engine's observation of a snapshot just collected. @returns {Observation} */
  #observeCollected(collected, report) {
    const engine = this.#observed(collected);
    this.#changed();
    this.last = { engine, targets: collected.targets, snapshot: collected.snapshot };
    return {
      section: engine.section,
      tools: engine.tools,
      omissions: engine.omissions,
      system: systemMessage(this.options.app, engine),
      snapshot: collected.snapshot,
      settle: report,
    };
  }

  /**
   * The engine's observation of `collected`. Lists the engine read last time (with the same
   * secrets) are passed as its handle, not again; a handle it no longer holds, once more whole.
   */
  #observed(collected) {
    const held = this.#held;
    this.#held = undefined;
    const same = held && held.lists === collected.lists && held.secrets.same(collected.secrets);
    let engine;
    try {
      engine = new Observed(this.#serialize(collected, same), this.options.limits, same ? held.handle : undefined);
    } catch (error) {
      if (!same || /** @type {any} */ (error).what !== 'lists') throw error;
      engine = new Observed(this.#serialize(collected), this.options.limits);
    }
    if (collected.lists) this.#held = { lists: collected.lists, secrets: collected.secrets, handle: engine.lists() };
    return engine;
  }

  /** Settles and collects the snapshot as the engine reads it (JSON, secrets scrubbed). */
  async #settledJson() {
    const report = await this.#ready(true);
    const started = performance.now();
    const collected = this.#collect();
    await pauseAfter(started);
    return { collected, json: this.#serialize(collected), settle: report };
  }

  /**
   * For the assistant loop: a settled snapshot as JSON, its dispatch targets kept for
   * `perform`. The loop observes the JSON itself; an engine for `call` is made only if one is
   * asked for.
   * @returns {Promise<{json: string, settle: import('./settle.js').SettleReport}>}
   */
  async #forLoop() {
    const { collected, json, settle: report } = await this.#settledJson();
    this.#changed();
    this.last = { engine: null, json, targets: collected.targets, snapshot: collected.snapshot };
    return { json, settle: report };
  }

  /**
   * For the Agent Surface: a settled observation it keeps (and frees) itself, leaving this
   * Pling's latest observation as it is.
   * @returns {Promise<{engine: Observed, targets: Map<string, any>, json: string, snapshot: any, settle: import('./settle.js').SettleReport}>}
   */
  async #detached() {
    const { collected, json, settle: report } = await this.#settledJson();
    const engine = new Observed(json, this.options.limits);
    return { engine, targets: collected.targets, json, snapshot: collected.snapshot, settle: report };
  }

  static {
    internal.observeForLoop = (pling) => pling.#forLoop();
    internal.observeDetached = (pling) => pling.#detached();
  }

  /**
   * @deprecated Use `observe({ settle: false })`; its `snapshot` is what this returned.
   * Collects a snapshot now, without settling.
   */
  collect() {
    deprecated('collect()', 'observe({ settle: false })');
    return this.#collect();
  }

  /**
   * @deprecated Use `observe()`; its `snapshot` and `settle` are what this returned.
   * @returns {Promise<{snapshot: import('./index.d.ts').Snapshot, settle: import('./settle.js').SettleReport}>}
   */
  async snapshot() {
    deprecated('snapshot()', 'observe()');
    const report = await this.settle();
    const { snapshot } = this.#collect();
    return { snapshot, settle: report };
  }

  /**
   * @deprecated Use `observe({ settle: false })`.
   * @param {import('./settle.js').SettleReport} [report]
   * @returns {Observation}
   */
  observeNow(report) {
    deprecated('observeNow()', 'observe({ settle: false })');
    return this.#observeNow(report);
  }

  /**
   * @deprecated Use `observe()`.
   * @returns {Promise<{json: string, settle: import('./settle.js').SettleReport}>}
   */
  capture() {
    deprecated('capture()', 'observe()');
    return this.#forLoop();
  }

  /**
   * @deprecated Use `observe()`, or `surface().observe()` for an agent outside the page.
   * @returns {Promise<{engine: Observed, targets: Map<string, any>, json: string, settle: import('./settle.js').SettleReport}>}
   */
  take() {
    deprecated('take()', 'observe()');
    return this.#detached();
  }

  /**
   * What an action is in the person's words, from the latest snapshot: its description and,
   * for a row, the row's label (`toggle@t9` → "Mark the task done", “Write the weekly report”).
   * @param {string} actionId
   * @param {string | null} [record]
   * @returns {{description: string, label: string | null, fields: [string, string][]}}
   */
  describe(actionId, record) {
    return describeAction(this.last?.snapshot, actionId, record);
  }

  /**
   * The Agent Surface of this page: the same observation and calls for an agent outside it.
   * @param {import('./index.d.ts').SurfaceOptions} [options] used when it is first made
   * @returns {AgentSurface}
   */
  surface(options) {
    this.#alive();
    if (!this.agentSurface) this.agentSurface = new AgentSurface(this, options);
    return this.agentSurface;
  }

  /**
   * Runs an action the assistant loop has already resolved and checked (and, when needed,
   * confirmed), against the latest capture (or the dispatch targets of another one).
   * @param {{actionId: string, declared: string, record: string | null, arguments: Record<string, unknown>}} call
   * @param {Map<string, any>} [targets]
   */
  async perform(call, targets = this.last?.targets) {
    const target = targets && targets.get(call.declared);
    if (!target) return { ok: false, ran: false, actionId: call.actionId, error: 'the action is no longer declared on the page' };
    const result = await dispatch(target, { actionId: call.actionId, record: call.record }, call.arguments ?? {}, {
      timeoutMs: this.options.handlerTimeoutMs,
      viewport: () => new Viewport(),
      settle: () => this.settle(),
    });
    this.#changed();
    return this.scrubbed(result);
  }

  /**
   * Calls an action by the name the model sees, against the latest observation.
   * @param {string} name
   * @param {Record<string, unknown>} [args]
   * @returns {Promise<CallResult>}
   */
  async call(name, args = {}) {
    await this.#engine();
    if (!this.last) await this.observe();
    if (!this.last.engine) this.last.engine = new Observed(this.last.json, this.options.limits);
    const { engine, targets } = this.last;
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return { ok: false, actionId: null, error: 'arguments must be a JSON object' };
    }
    // The loop's check: name and record, arguments against the schema, undeclared ones dropped.
    let checked;
    try {
      checked = engine.check(name, args);
    } catch (error) {
      return { ok: false, actionId: null, error: messageOf(error) };
    }
    if ('refused' in checked) return { ok: false, actionId: checked.refused.actionId, error: checked.refused.error };
    const resolved = checked.run;
    args = resolved.arguments;
    const target = targets.get(resolved.declared);
    if (!target) return { ok: false, actionId: resolved.actionId, error: 'the action is no longer declared on the page' };
    // A handoff is the person's step: a call never runs it.
    if (resolved.handoff) return { ok: false, actionId: resolved.actionId, handoff: true, error: 'this step is for the person: control was handed to them; it did not run' };
    if (resolved.confirm) {
      const { label } = describeAction(this.last?.snapshot, resolved.actionId, resolved.record);
      const request = { name, actionId: resolved.actionId, record: resolved.record ?? undefined, label, description: resolved.description, arguments: args };
      if (!(await askPerson(request, this.options.confirm))) return { ok: false, actionId: resolved.actionId, declined: true, error: 'the person declined this action' };
    }
    const result = await dispatch(target, resolved, args, {
      timeoutMs: this.options.handlerTimeoutMs,
      viewport: () => new Viewport(),
      settle: () => this.settle(),
    });
    const report = await this.settle();
    this.#changed();
    return { ...this.scrubbed(result), settle: report };
  }

  /**
   * Brings the control of an action handed to the person into view and focuses it, so the
   * person sees where to act.
   * @param {{actionId?: string | null, record?: string | null} | undefined} done
   */
  pointAt(done) {
    const id = done?.actionId;
    const targets = this.last?.targets;
    if (!id || !targets) return;
    const target = targets.get(id) ?? targets.get(id.slice(0, id.lastIndexOf('@')));
    const el = target?.element?.(done.record ?? undefined);
    if (!(el instanceof HTMLElement)) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.focus({ preventScroll: true });
  }

  /** The snapshot as JSON, every string well-formed and scrubbed of the page's secrets. */
  #serialize(collected, held = false) {
    this.secrets = collected.secrets;
    return collected.secrets.stringify(collected.snapshot, collected.recordIdsJson, held);
  }

  /**
   * A dispatch result as it may leave the page: the handler's error scrubbed of secrets.
   * @template {{error?: string}} R @param {R} result @returns {R}
   */
  scrubbed(result) {
    if (typeof result.error === 'string' && this.secrets) result.error = this.secrets.scrub(result.error);
    return result;
  }

  #alive() {
    if (this.destroyed) throw new Error('this Pling instance was destroyed');
  }

  /** Removes every listener and observer Pling added to the page. */
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.declarationListeners.clear();
    this.#changed();
    this.agentSurface?.destroy();
    this.activity.disconnect();
    this.marked.disconnect();
    document.removeEventListener('invalid', this.onInvalid, true);
    document.removeEventListener('submit', this.onFormDone, true);
    document.removeEventListener('reset', this.onFormDone, true);
    document.removeEventListener('input', this.onEdit, true);
  }
}

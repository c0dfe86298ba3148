// The Agent Surface: the same observation and the same calls for an agent outside the page
// (a browser extension, an automation tool, WebMCP). It observes with the page's limits,
// checks every call exactly as the in-page assistant loop does (name and record through the
// name map, arguments against the schema, confirmation and handoff enforced by the runtime),
// and answers with the same tool result the in-page model would read.
import { Observed, systemMessage } from './engine.js';
import { messageOf } from './errors.js';
import { askPerson } from './confirm.js';
import { internal } from './pling.js';
import { describeAction } from './describe.js';

/** Version of what `observe` and `call` return; it changes only when their shape does. */
export const SURFACE_VERSION = 1;

/**
 * @typedef {import('./index.d.ts').SurfaceObservation} SurfaceObservation
 * @typedef {import('./index.d.ts').SurfaceCallResult} SurfaceCallResult
 */

export class AgentSurface {
  /**
   * @param {import('./pling.js').Pling} pling
   * @param {import('./index.d.ts').SurfaceOptions} [options]
   */
  constructor(pling, options = {}) {
    this.pling = pling;
    this.options = options;
    /** @type {{engine: Observed, targets: Map<string, any>, json: string, snapshot: any} | null} */
    this.current = null;
    /** Calls and observations run one at a time, in the order they came. */
    this.queue = Promise.resolve();
    /** @type {Set<(o: SurfaceObservation) => void>} */
    this.listeners = new Set();
    /** @type {((event: MessageEvent) => void) | null} */
    this.onMessage = null;
  }

  #serial(fn) {
    const run = this.queue.then(fn, fn);
    this.queue = run.then(() => {}, () => {});
    return run;
  }

  #replace(next) {
    if (this.current) this.current.engine.free();
    this.current = next;
  }

  #view(settle) {
    const { engine } = /** @type {NonNullable<AgentSurface['current']>} */ (this.current);
    /** @type {SurfaceObservation} */
    const view = {
      version: SURFACE_VERSION,
      system: systemMessage(this.pling.options.app, engine),
      section: engine.section,
      tools: engine.tools,
      omissions: engine.omissions,
      settle,
    };
    for (const listener of this.listeners) {
      try {
        listener(view);
      } catch (error) {
        console.error('[pling] surface listener threw', error);
      }
    }
    return view;
  }

  /**
   * Settles the page and observes it: the system message (rules, application, page section),
   * the tool schemas and the omission counts — what the in-page model is sent.
   * @returns {Promise<SurfaceObservation>}
   */
  observe() {
    return this.#serial(async () => {
      const taken = await internal.observeDetached(this.pling);
      this.#replace(taken);
      return this.#view(taken.settle);
    });
  }

  /**
   * Calls a tool by the name the observation gave it, against the latest observation (taken
   * first when there is none). The result's `content` is the tool message the in-page model
   * would read: `{"result": {ok, action, error?, changed?, warning?, available?}}`.
   * @param {string} name
   * @param {Record<string, unknown> | string} [args] an object, or its JSON text
   * @returns {Promise<SurfaceCallResult>}
   */
  call(name, args = {}) {
    return this.#serial(async () => {
      if (!this.current) {
        const taken = await internal.observeDetached(this.pling);
        this.#replace(taken);
      }
      const current = /** @type {NonNullable<AgentSurface['current']>} */ (this.current);
      const text = typeof args === 'string' ? args : JSON.stringify(args ?? {});
      const checked = JSON.parse(current.engine.page.check(String(name), text));
      if (checked.refused) return { ok: false, ran: false, actionId: checked.refused.actionId ?? null, content: checked.refused.content };
      const run = checked.run;
      const callJson = JSON.stringify(run);
      if (run.handoff) {
        return { ok: false, ran: false, handoff: true, actionId: run.actionId, content: current.engine.page.refusal(callJson, 'handoff') };
      }
      if (run.confirm && !(await this.#confirm(String(name), run, current.snapshot))) {
        return { ok: false, ran: false, declined: true, actionId: run.actionId, content: current.engine.page.refusal(callJson, 'declined') };
      }
      const outcome = await this.pling.perform(run, current.targets);
      const after = await internal.observeDetached(this.pling);
      const content = current.engine.page.receipt(callJson, JSON.stringify({ ok: outcome.ok, error: outcome.error ?? null }), after.engine.page);
      this.#replace(after);
      this.#view(after.settle);
      // `ran`: the handler was reached, not merely the call checked (its target may have left).
      return { ok: outcome.ok, ran: outcome.ran === true, actionId: run.actionId, content };
    });
  }

  /** Asks the person, with the row as they know it: its label, as the chat's card shows it. */
  #confirm(name, run, snapshot) {
    const { label } = describeAction(snapshot, run.actionId, run.record);
    const request = { name, actionId: run.actionId, record: run.record ?? undefined, label, description: run.description, arguments: run.arguments };
    return askPerson(request, this.options.confirm, this.pling.options.confirm);
  }

  /**
   * Calls `listener` with every observation the surface makes, its own and after each call.
   * @param {(o: SurfaceObservation) => void} listener
   * @returns {() => void} removes it
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Answers agents that talk through `window.postMessage` — a browser extension's content
   * script, say — from this window only (never from frames or other windows):
   *
   *   postMessage({pling: 'observe', id: 1}) → {pling: 'result', id: 1, ok: true, value: SurfaceObservation}
   *   postMessage({pling: 'call', id: 2, name: 'toggle', arguments: {record: 't9'}}) → {pling: 'result', id: 2, ok: true, value: SurfaceCallResult}
   *
   * A failure answers `{pling: 'result', id, ok: false, error}`.
   * @returns {() => void} stops listening
   */
  listen() {
    if (!this.onMessage) {
      this.onMessage = (/** @type {MessageEvent} */ event) => {
        if (event.source !== window) return;
        const m = event.data;
        if (!m || typeof m !== 'object' || (m.pling !== 'observe' && m.pling !== 'call')) return;
        const id = m.id ?? null;
        const answer = (body) => window.postMessage({ pling: 'result', id, ...body }, location.origin === 'null' ? '*' : location.origin);
        const work = m.pling === 'observe' ? this.observe() : this.call(String(m.name ?? ''), m.arguments ?? {});
        work.then((value) => answer({ ok: true, value }), (error) => answer({ ok: false, error: messageOf(error) }));
      };
      addEventListener('message', this.onMessage);
    }
    return () => this.#unlisten();
  }

  #unlisten() {
    if (this.onMessage) removeEventListener('message', this.onMessage);
    this.onMessage = null;
  }

  /** Releases the engine's copy of the last observation and stops listening. */
  destroy() {
    this.#unlisten();
    this.listeners.clear();
    this.#replace(null);
  }
}

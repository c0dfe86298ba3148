// The in-page assistant: the engine runs the loop — its sans-IO state machine, and the model
// calls, streams, retries and timeouts — and asks this side for what only the page can do:
// settle and snapshot the page, ask the person, dispatch to the page's handler. The person can
// stop it at any moment; nothing is dispatched after that.
import { clientOf } from './client.js';
import { PlingEngineError, PlingError, messageOf } from './errors.js';
import { problemOf } from './problems.js';
import { engineHasAssistant, engineModule, engineReady, guard, guardAsync } from './engine.js';
import { checkAssistantOptions } from './options.js';
import { askPerson } from './confirm.js';
import { internal } from './pling.js';

/**
 * @typedef {import('./index.d.ts').AssistantOptions} AssistantOptions
 * @typedef {import('./index.d.ts').AssistantResult} AssistantResult
 */

const INTERRUPTED = 'pling:interrupted';

export class Assistant {
  /**
   * What a request that the page navigated away from was doing, once, or null.
   * @returns {{request: string, action: string | null, at: number} | null}
   */
  static interrupted() {
    try {
      const raw = sessionStorage.getItem(INTERRUPTED);
      if (!raw) return null;
      sessionStorage.removeItem(INTERRUPTED);
      return JSON.parse(raw);
    } catch {
      return null;
    }
  }

  /**
   * @param {import('./pling.js').Pling} pling
   * @param {AssistantOptions} options
   */
  constructor(pling, options) {
    checkAssistantOptions(options, 'Assistant');
    this.pling = pling;
    this.options = options;
    const config = {
      application: options.app ?? pling.options.app ?? null,
      limits: pling.options.limits ?? {},
      // Only what the page gave: the engine holds the defaults (RequestOptions in Rust), and
      // an absent member (undefined, and a null temperature) is left out of its JSON.
      request: {
        model: options.model,
        stream: options.stream,
        toolMode: options.toolMode,
        recordChoices: options.recordChoices,
        temperature: options.temperature ?? undefined,
      },
    };
    if (options.maxSteps !== undefined) config.maxSteps = options.maxSteps;
    if (options.maxRepeatedFailures !== undefined) config.maxRepeatedFailures = options.maxRepeatedFailures;
    if (options.maxCallsPerReply !== undefined) config.maxCallsPerReply = options.maxCallsPerReply;
    if (options.maxConfirmationsPerReply !== undefined) config.maxConfirmationsPerReply = options.maxConfirmationsPerReply;
    if (options.assist !== undefined) config.assists = options.assist;
    this.config = config;
    // The loop's state machine lives in the engine: made now if the engine is loaded, else
    // with the first request, once `pling.ready()` has loaded it.
    this.machine = engineReady() ? this.#make() : null;
    this.controller = null;
    this.stopped = false;
    this.running = null;
    this.answerConfirm = null;
    this.current = null;
    // A navigation ends the page and the loop with it: leave a note for the next page.
    this.onPageHide = () => {
      if (!this.running || !this.current) return;
      try {
        sessionStorage.setItem(INTERRUPTED, JSON.stringify({ ...this.current, at: Date.now() }));
      } catch {
        // storage unavailable: nothing to carry over
      }
    };
    addEventListener('pagehide', this.onPageHide);
  }

  /** The engine's loop for this assistant; the observe-only engine has none. */
  #make() {
    if (!engineHasAssistant()) {
      throw new PlingEngineError('This page loaded the observe-only engine (pling_observe_bg.wasm), which has no assistant loop: load pling_wasm_bg.wasm to use the Assistant or the chat widget.', { code: 'observe-only' });
    }
    return guard(() => new (engineModule().Assistant)(this.config));
  }

  /** Whether a request is being worked on. */
  get busy() {
    return this.running !== null;
  }

  #emit(event) {
    try {
      this.options.onEvent?.(event);
    } catch (error) {
      console.error('[pling] onEvent threw', error);
    }
  }

  /**
   * Works on the person's request until the loop finishes.
   * @param {string} text
   * @returns {Promise<AssistantResult>}
   */
  run(text) {
    if (this.running) return Promise.reject(new PlingError('the assistant is already working on a request; stop it first', { code: 'busy' }));
    this.stopped = false;
    this.current = { request: text, action: null };
    this.controller = new AbortController();
    this.running = this.#loop(text).finally(() => {
      this.running = null;
      this.controller = null;
      this.current = null;
    });
    return this.running;
  }

  async #loop(text) {
    try {
      if (!this.machine) {
        await this.pling.ready();
        this.machine = this.#make();
      }
      const end = await guardAsync(() => this.machine.run(text, this.#host(), clientOf(this.options), this.controller?.signal));
      const done = { reason: end.reason, message: end.message, actions: end.actions };
      if (end.reason === 'modelFailed') done.problem = problemOf(end.modelError ?? null, end.waitMs ?? undefined);
      if (end.reason === 'handoff') this.pling.pointAt(end.actions.at(-1));
      this.#emit({ type: 'finish', ...done });
      return done;
    } catch (error) {
      // An engine or page failure, not the person's Stop: end honestly, with what ran, and
      // leave the loop ready for the next request.
      const why = `something went wrong: ${messageOf(error)}`;
      let end = null;
      try {
        if (this.machine) end = guard(() => this.machine.fail(why));
      } catch {
        // already finished
      }
      const done = { reason: 'modelFailed', message: end?.message ?? `Something went wrong: ${messageOf(error)}`, actions: end?.actions ?? [], problem: problemOf(null) };
      this.#emit({ type: 'finish', ...done });
      return done;
    }
  }

  /** What the engine's loop asks of the page: a settled snapshot, a dispatch, the person's answer. */
  #host() {
    return {
      capture: async () => (await internal.observeForLoop(this.pling)).json,
      /** @param {{actionId: string}} effect */
      perform: async (effect) => {
        if (this.current) this.current.action = effect.actionId;
        // A failure here is this call's failed outcome, never the end of the task.
        try {
          const result = await this.pling.perform(effect);
          return { ok: result.ok === true, error: typeof result.error === 'string' ? result.error : null, ran: result.ran !== false };
        } catch (error) {
          return { ok: false, error: `the page's dispatch failed: ${messageOf(error)}` };
        }
      },
      /** @param {object} request */
      confirm: (request) => this.#confirm(request),
      /** @param {object} event */
      emit: (event) => this.#emit(event),
      /** @param {string} text */
      onText: (text) => this.#emit({ type: 'text', text }),
    };
  }

  #confirm(request) {
    return new Promise((resolve) => {
      this.answerConfirm = resolve;
      askPerson(request, this.options.confirm, this.pling.options.confirm).then(resolve);
    }).finally(() => {
      this.answerConfirm = null;
    });
  }

  /** Stops the current request at once: the model call is aborted, an open confirmation is declined, and nothing more is dispatched. */
  stop() {
    this.stopped = true;
    this.controller?.abort();
    this.answerConfirm?.(false);
  }

  /** The conversation so far (without any page section). */
  history() {
    return this.machine ? guard(() => this.machine.history()) : [];
  }

  /** Releases the engine's state. */
  destroy() {
    this.stop();
    removeEventListener('pagehide', this.onPageHide);
    this.machine?.free();
  }
}

// The in-page assistant: drives the engine's loop (a sans-IO state machine) by performing
// what it asks for — settle and snapshot the page, call the model, ask the person, dispatch
// to the page's handler — until it finishes. The person can stop it at any moment; nothing is
// dispatched after that.
import * as wasm from '../wasm/pling_wasm.js';
import { chat } from './client.js';
import { PlingEngineError, PlingError, messageOf } from './errors.js';
import { problemOf } from './problems.js';
import { engineHasAssistant, engineReady, guard } from './engine.js';
import { checkAssistantOptions } from './options.js';
import { askPerson } from './confirm.js';

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
    if (!engineReady()) throw new PlingEngineError('Pling is not initialised: await init() (or createPling()) before making an Assistant.', { code: 'not-initialised' });
    if (!engineHasAssistant()) {
      throw new PlingEngineError('This page loaded the observe-only engine (pling_observe_bg.wasm), which has no assistant loop: load pling_wasm_bg.wasm to use the Assistant or the chat widget.', { code: 'observe-only' });
    }
    this.pling = pling;
    this.options = options;
    const config = {
      application: options.app ?? pling.options.app ?? null,
      limits: pling.options.limits ?? {},
      request: {
        model: options.model ?? 'default',
        stream: options.stream ?? true,
        toolMode: options.toolMode ?? 'auto',
        recordChoices: options.recordChoices ?? false,
        temperature: options.temperature ?? null,
      },
    };
    if (options.maxSteps !== undefined) config.maxSteps = options.maxSteps;
    if (options.maxRepeatedFailures !== undefined) config.maxRepeatedFailures = options.maxRepeatedFailures;
    if (options.maxCallsPerReply !== undefined) config.maxCallsPerReply = options.maxCallsPerReply;
    if (options.maxConfirmationsPerReply !== undefined) config.maxConfirmationsPerReply = options.maxConfirmationsPerReply;
    this.machine = guard(() => new wasm.Assistant(JSON.stringify(config)));
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
    /** @type {import('./problems.js').Problem | null} what the last model call's failure was */
    this.problem = null;
    this.controller = new AbortController();
    this.running = this.#loop(text).finally(() => {
      this.running = null;
      this.controller = null;
      this.current = null;
    });
    return this.running;
  }

  async #loop(text) {
    let effect;
    try {
      effect = this.#step('ask', text);
      for (;;) {
        if (this.stopped && effect.type !== 'finish') effect = this.#step('stop');
        switch (effect.type) {
          case 'observe': {
            this.#emit({ type: 'observe' });
            const { json } = await this.pling.capture();
            effect = this.stopped ? this.#step('stop') : this.#step('observed', json);
            break;
          }
          case 'request': {
            this.#emit({ type: effect.purpose === 'summary' ? 'summarize' : 'thinking' });
            const { waitMs, ...reply } = await chat(effect.body, { ...this.options, onText: (t) => this.#emit({ type: 'text', text: t }) }, this.controller.signal);
            if (reply.ok && reply.ok.usage) this.#emit({ type: 'usage', ...reply.ok.usage });
            if (reply.ok && reply.ok.content) this.#emit({ type: 'reply', content: reply.ok.content });
            this.problem = reply.error ? problemOf(reply.error, waitMs) : null;
            effect = this.#step('modelReplied', JSON.stringify(reply));
            break;
          }
          case 'confirm': {
            const { type: _, ...request } = effect;
            this.#emit({ type: 'confirm', ...request });
            const yes = await this.#confirm(request);
            effect = this.#step('confirmed', yes && !this.stopped);
            break;
          }
          case 'dispatch': {
            this.#emit({ type: 'call', actionId: effect.actionId, record: effect.record, arguments: effect.arguments });
            if (this.current) this.current.action = effect.actionId;
            const result = await this.pling.perform(effect);
            this.#emit({ type: 'result', actionId: effect.actionId, record: effect.record, ok: result.ok, error: result.error });
            effect = this.#step('dispatched', JSON.stringify({ ok: result.ok, error: result.error ?? null }));
            break;
          }
          case 'finish': {
            const done = { reason: effect.reason, message: effect.message, actions: effect.actions };
            if (effect.reason === 'modelFailed') done.problem = this.problem ?? problemOf(null);
            if (effect.reason === 'handoff') this.pling.pointAt(effect.actions.at(-1));
            this.#emit({ type: 'finish', ...done });
            return done;
          }
          default:
            throw new Error(`unknown effect ${effect.type}`);
        }
      }
    } catch (error) {
      // An engine or page failure: end honestly, and leave the loop ready for the next request.
      try {
        this.#step('stop');
      } catch {
        // already finished
      }
      const done = { reason: 'modelFailed', message: `Something went wrong: ${messageOf(error)}`, actions: [], problem: problemOf(null) };
      this.#emit({ type: 'finish', ...done });
      return done;
    }
  }

  /** One transition of the engine's loop, behind the engine guard. */
  #step(method, ...args) {
    return JSON.parse(guard(() => this.machine[method](...args)));
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
    return this.#step('history');
  }

  /** Releases the engine's state. */
  destroy() {
    this.stop();
    removeEventListener('pagehide', this.onPageHide);
    this.machine.free();
  }
}

// The OpenAI-compatible client: POST {baseURL}/chat/completions, streaming or not, with
// retries (exponential backoff with jitter, honouring Retry-After and retry-after-ms), a
// timeout per request, and abort. Parsing and the retry decision are the engine's.
import * as wasm from '../wasm/pling_wasm.js';
import { guard } from './engine.js';
import { checkAssistantOptions } from './options.js';
import { readCapped } from './body.js';
import { waitOf } from './problems.js';

/**
 * @typedef {object} ClientOptions
 * @property {string} baseURL e.g. `/v1` (a same-origin proxy that holds the key) or `https://…/v1`
 * @property {string} [apiKey] sent as a bearer token; prefer a proxy that holds it
 * @property {Record<string, string>} [headers] extra request headers
 * @property {number} [timeoutMs] the longest wait for the answer to begin, then between pieces of a stream (default 60000)
 * @property {number} [deadlineMs] the longest a whole answer may take, however steadily it streams (default 300000)
 * @property {{maxRetries?: number, baseDelayMs?: number, maxDelayMs?: number}} [retry]
 * @property {(text: string) => void} [onText] streamed text as it arrives
 */

/** @typedef {{ok: object} | {error: {type: string, message?: string, status?: number, code?: string | null, ms?: number}, waitMs?: number}} ModelResult */

const sleep = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(done, ms);
  function done() {
    clearTimeout(timer);
    signal?.removeEventListener('abort', done);
    resolve();
  }
  signal?.addEventListener('abort', done, { once: true });
});

function hintsOf(response) {
  const hints = {};
  const ms = response.headers.get('retry-after-ms');
  const after = response.headers.get('retry-after');
  if (ms !== null) hints.retryAfterMs = ms;
  if (after !== null) hints.retryAfter = after;
  return hints;
}

/**
 * Sends one chat request with retries. Never throws for model or network failures: they come
 * back as `{error}` for the loop to report honestly.
 * @param {object} body the request body (its `stream` flag decides how the reply is read)
 * @param {ClientOptions} options
 * @param {AbortSignal} [signal] the person's stop
 * @returns {Promise<ModelResult>}
 */
export async function chat(body, options, signal) {
  checkAssistantOptions(options, 'chat');
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const headers = { 'content-type': 'application/json', ...(options.headers ?? {}) };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const policy = JSON.stringify(options.retry ?? {});
  const init = { method: 'POST', headers, body: JSON.stringify(body) };
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) return { error: { type: 'aborted' } };
    const once = new Attempt(signal, options.timeoutMs ?? 60000, options.deadlineMs ?? 300000);
    const { result, hints } = await once.send(url, init, !!body.stream, options.onText);
    if (result.ok) return result;
    if (signal?.aborted) return { error: { type: 'aborted' } };
    const delay = guard(() => wasm.retryDelay(policy, attempt, JSON.stringify(result.error), JSON.stringify(hints), once.started, Math.random(), Date.now()));
    // Final: with the wait the server asked for, if it said one (for the person's words).
    if (delay === undefined || delay === null) return { ...result, waitMs: waitOf(hints) };
    await sleep(delay, signal);
  }
}

/**
 * One request: its own abort, the wait for the model (for its answer to begin, then between
 * pieces of a streamed answer, so a slow model that keeps sending is never cut), and an
 * overall deadline (however steadily pieces come, keep-alive comments included, one answer
 * has an end).
 */
class Attempt {
  /** @param {AbortSignal | undefined} signal @param {number} timeoutMs @param {number} deadlineMs */
  constructor(signal, timeoutMs, deadlineMs) {
    this.signal = signal;
    this.timeoutMs = timeoutMs;
    this.deadlineMs = deadlineMs;
    this.controller = new AbortController();
    this.onAbort = () => this.controller.abort();
    signal?.addEventListener('abort', this.onAbort, { once: true });
    this.timedOut = false;
    this.pastDeadline = false;
    this.started = false;
    this.timer = 0;
    this.deadline = setTimeout(() => {
      this.timedOut = true;
      this.pastDeadline = true;
      this.controller.abort();
    }, deadlineMs);
    this.arm();
  }

  /** Restarts the wait for the model. */
  arm() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  /** What a thrown error means here: the person's stop, a timeout, a cut stream, the network. */
  failure(error) {
    if (this.pastDeadline) return { type: 'timeout', ms: this.deadlineMs };
    return failureOf(error, this.signal, this.timedOut, this.timeoutMs, this.started);
  }

  /** @returns {Promise<{result: ModelResult, hints: object}>} */
  async send(url, init, streamed, onText) {
    let hints = {};
    try {
      const response = await fetch(url, { ...init, signal: this.controller.signal });
      hints = hintsOf(response);
      return { result: await this.#read(response, streamed, onText), hints };
    } catch (error) {
      return { result: { error: this.failure(error) }, hints };
    } finally {
      clearTimeout(this.timer);
      clearTimeout(this.deadline);
      this.signal?.removeEventListener('abort', this.onAbort);
    }
  }

  async #read(response, streamed, onText) {
    if (!response.ok) {
      const text = await response.text();
      return { error: JSON.parse(guard(() => wasm.httpError(response.status, text))) };
    }
    if (streamed && response.body && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      return this.#stream(response.body, onText);
    }
    // Not streamed (or a server that ignored `stream`): one JSON body, read up to the cap.
    const text = await readCapped(response, MAX_REPLY_BYTES);
    if (text === undefined) {
      this.controller.abort();
      return { error: { type: 'tooLarge', bytes: MAX_REPLY_BYTES } };
    }
    return JSON.parse(guard(() => wasm.parseReply(text)));
  }

  /** A streamed reply, assembled by the engine as it arrives. */
  async #stream(body, onText) {
    const stream = guard(() => new wasm.ReplyStream());
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const live = onText ? liveText(onText) : undefined;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.arm();
        const text = decoder.decode(value, { stream: true });
        const failure = guard(() => stream.push(text));
        this.started = this.started || stream.started();
        if (failure) {
          this.controller.abort(); // an error ends the body too: read nothing more
          return { error: JSON.parse(failure) };
        }
        live?.(text);
      }
      return JSON.parse(guard(() => stream.finish()));
    } catch (error) {
      this.started = this.started || stream.started();
      return { error: this.failure(error) };
    } finally {
      stream.free();
    }
  }
}

function failureOf(error, signal, timedOut, timeoutMs, started) {
  if (signal?.aborted) return { type: 'aborted' };
  if (timedOut) return started ? { type: 'streamCut' } : { type: 'timeout', ms: timeoutMs };
  if (started) return { type: 'streamCut' };
  return { type: 'network', message: error && error.message ? error.message : String(error) };
}

/** The largest reply body read (the engine's cap for streams too). */
const MAX_REPLY_BYTES = 1 << 20;

// Streamed text for a live view: the content deltas of each SSE event, with a line split
// across chunks kept until its end arrives; nothing after `[DONE]`.
function liveText(onText) {
  let pending = '';
  let done = false;
  return (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (done || !line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') {
        done = true;
        continue;
      }
      try {
        const delta = JSON.parse(data).choices?.[0]?.delta?.content;
        if (delta) onText(delta);
      } catch {
        // not an event the live view can show; the assembler has the whole reply
      }
    }
  };
}

/**
 * The person-facing message of a model error.
 * @param {object} error
 */
export function describeModelError(error) {
  return guard(() => wasm.modelErrorMessage(JSON.stringify(error)));
}

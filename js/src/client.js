// The OpenAI-compatible client: POST {baseURL}/chat/completions, streaming or not, with
// retries (exponential backoff with jitter, honouring Retry-After and retry-after-ms), a wait
// for the model and an overall deadline, and abort. The engine does all of it — fetch, the
// stream, the timers — so the request and the reply stay inside it; this is its JS face.
import { engineHasAssistant, engineModule, guardAsync, loadEngine } from './engine.js';
import { PlingEngineError } from './errors.js';
import { checkAssistantOptions } from './options.js';

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

/**
 * What the engine's client takes from the options: where the model is and how long to wait.
 * Only what the page gave: the engine holds the defaults (ClientOptions in Rust), and an
 * absent member is left out of its JSON.
 * @param {ClientOptions} options
 */
export function clientOf(options) {
  return {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    headers: options.headers,
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    retry: options.retry,
  };
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
  const onText = options.onText ? (/** @type {string} */ t) => {
    try {
      options.onText?.(t);
    } catch (error) {
      console.error('[pling] onText threw', error);
    }
  } : undefined;
  const streamed = /** @type {{ stream?: unknown }} */ (body)?.stream === true;
  // Like every asynchronous entry, a call before the engine has loaded waits for it.
  await loadEngine();
  if (!engineHasAssistant()) {
    throw new PlingEngineError('chat() needs the full engine (pling_wasm_bg.wasm); this page loaded the observe-only one.', { code: 'observe-only' });
  }
  const result = await guardAsync(() => engineModule().chat(JSON.stringify(body), streamed, clientOf(options), signal, onText));
  if (result.waitMs === null) delete result.waitMs;
  return result;
}

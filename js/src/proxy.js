// `pling-runtime/proxy`: the same-origin model proxy a page's server runs so the API key and
// the model name never reach the browser. A standard `(Request) => Promise<Response>` handler
// (edge runtimes, Deno, Bun, service workers) with an adapter for Node's http server and
// Express-style servers. It forwards only `…/chat/completions`, streams the answer, caps the
// request body, sends nothing of the browser's own (cookies, authorization, origin) upstream,
// and answers every failure as a JSON error the chat widget can explain. An upstream error's
// own words (which can quote part of the key) go to the server's log, never to the visitor.

import { readCapped } from './body.js';

const DEFAULT_MAX_BODY = 1 << 20;

/**
 * @typedef {object} ProxyOptions
 * @property {string} target the upstream base URL, e.g. "https://api.openai.com/v1"
 * @property {string} [apiKey] sent upstream as a bearer token
 * @property {string} [model] replaces the model the page asked for
 * @property {number} [maxBodyBytes] the largest request body taken (default 1 MiB)
 * @property {(request: Request) => Response | null | undefined | Promise<Response | null | undefined>} [limit]
 *   a rate limit or an authorisation check: return a Response (a 429, a 401) to answer with it
 * @property {typeof fetch} [fetch] the fetch used upstream (default globalThis.fetch)
 * @property {(message: string) => void} [log] where upstream errors are written in full (default console.error)
 */

/** A JSON error in the shape OpenAI-compatible clients read. */
function jsonError(status, message, type = 'proxy_error', extra = {}) {
  return new Response(JSON.stringify({ error: { message, type } }), { status, headers: { 'content-type': 'application/json', ...extra } });
}

/** The retry hints of an upstream answer, to pass on. */
function retryHeaders(answer) {
  const out = {};
  for (const name of ['retry-after', 'retry-after-ms']) {
    const value = answer.headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/**
 * Makes the proxy handler.
 * @param {ProxyOptions} options
 * @returns {(request: Request) => Promise<Response>}
 */
export function createProxy(options) {
  if (!options || typeof options.target !== 'string' || !/^https?:\/\//.test(options.target)) {
    throw new TypeError('createProxy needs `target`: the model endpoint\'s base URL, e.g. "https://api.openai.com/v1"');
  }
  const upstream = `${options.target.replace(/\/+$/, '')}/chat/completions`;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const send = options.fetch ?? globalThis.fetch;
  const log = options.log ?? ((message) => console.error(message));
  return async (request) => {
    if (!new URL(request.url).pathname.endsWith('/chat/completions')) return jsonError(404, 'only /chat/completions is forwarded');
    if (request.method !== 'POST') return jsonError(405, 'use POST for /chat/completions');
    const refused = await options.limit?.(request);
    if (refused) return refused;
    const body = await readBody(request, maxBody);
    if (body === undefined) return jsonError(413, `the request is larger than ${maxBody} bytes`);
    let json;
    try {
      json = JSON.parse(body);
    } catch {
      return jsonError(400, 'the request body is not JSON');
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return jsonError(400, 'the request body must be a JSON object');
    if (options.model) json.model = options.model;
    const headers = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    let answer;
    try {
      answer = await send(upstream, { method: 'POST', headers, body: JSON.stringify(json), signal: request.signal });
    } catch (error) {
      if (request.signal.aborted) return jsonError(499, 'the page went away before the answer came');
      log(`[pling proxy] the model endpoint ${upstream} is unreachable: ${error instanceof Error ? `${error.message}${error.cause ? ` (${error.cause})` : ''}` : String(error)}`);
      return jsonError(502, 'the model endpoint is unreachable; the details are in the server\'s log');
    }
    if (!answer.ok) return upstreamError(answer, log);
    const type = answer.headers.get('content-type') || 'application/json';
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': type, 'cache-control': 'no-store', ...retryHeaders(answer) } });
  };
}

/** The most of an upstream error body that is read (for the log). */
const MAX_ERROR_BODY = 16 << 10;

/**
 * An upstream failure for the page: its status, retry hints and error code (`insufficient_quota`
 * decides whether a retry helps), never its message: the whole body goes to the server's log.
 * @param {Response} answer
 * @param {(message: string) => void} log
 */
async function upstreamError(answer, log) {
  const body = (await readCapped(answer, MAX_ERROR_BODY).catch(() => undefined)) ?? '';
  log(`[pling proxy] the model endpoint answered ${answer.status} ${answer.statusText}: ${body.slice(0, MAX_ERROR_BODY)}`.trim());
  let code;
  try {
    const e = JSON.parse(body).error;
    code = typeof e?.code === 'string' && /^[\w.-]{1,64}$/.test(e.code) ? e.code : undefined;
  } catch {
    // an error page: no code to pass on
  }
  const message = `the model endpoint answered ${answer.status}; the details are in the server's log`;
  const payload = { error: { message, type: 'upstream_error', ...(code ? { code } : {}) } };
  return new Response(JSON.stringify(payload), { status: answer.status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...retryHeaders(answer) } });
}

/** The body as text, or undefined when it says or turns out to be larger than `max` bytes. */
async function readBody(request, max) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) return undefined;
  return readCapped(request, max);
}

/**
 * The handler for Node's `http.createServer` or an Express-style app: `(req, res) => void`.
 * @param {(request: Request) => Promise<Response>} handler
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function toNodeHandler(handler) {
  return async (req, res) => {
    const controller = new AbortController();
    // The page went away before the answer ended: stop the upstream request too. A response
    // that was sent whole closes as well, and is no reason to abort anything.
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : /** @type {any} */ (req);
    const request = new Request(url, { method: req.method, headers, body, signal: controller.signal, duplex: 'half' });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      try {
        for await (const chunk of response.body) res.write(chunk);
      } catch {
        // the page went away, or the upstream stream broke: end what was sent
      }
    }
    res.end();
  };
}

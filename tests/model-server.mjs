// A scripted OpenAI-compatible model server for tests, on loopback only. It records every
// request and answers from a script: plain or streamed replies, error statuses with headers,
// delays, hangs, and streams cut in the middle.
import { createServer } from 'node:http';

/**
 * @typedef {object} Step one scripted response
 * @property {object} [body] a plain JSON reply (status 200 unless `status`)
 * @property {object[]} [stream] SSE events (JSON objects), then `data: [DONE]` unless `cut`
 * @property {boolean} [cut] end the stream without a finish reason or [DONE]
 * @property {number} [status]
 * @property {Record<string, string>} [headers]
 * @property {number} [delayMs] wait before answering
 * @property {number} [eventDelayMs] wait between stream events (default 2)
 * @property {number} [stallAfter] stop sending after this many stream events, connection open
 * @property {boolean} [hang] never answer
 * @property {string} [raw] an event stream written as it is (what a hostile server might send)
 * @property {number} [keepAliveMs] an event stream of keep-alive comments only, one every so
 *   often, until the client goes away (at most 60 s)
 */

let counter = 0;
const id = () => `call_${++counter}`;

/** Reply builders in the wire format. */
export const reply = {
  /** A final answer. */
  text: (content) => ({ body: { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 10 } } }),
  /** Native tool calls: `[{name, arguments, id?}]`, with optional text. */
  calls: (calls, content = null) => ({
    body: {
      choices: [{
        index: 0,
        message: { role: 'assistant', content, tool_calls: calls.map((c) => ({ id: c.id ?? id(), type: 'function', function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments) } })) },
        finish_reason: 'tool_calls',
      }],
    },
  }),
  /** The same as a stream of deltas, the arguments split in pieces. */
  streamCalls: (calls, content = null) => {
    const events = [];
    if (content) {
      for (const piece of content.match(/.{1,8}/gs)) events.push({ choices: [{ index: 0, delta: { content: piece } }] });
    }
    calls.forEach((c, index) => {
      const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
      events.push({ choices: [{ index: 0, delta: { tool_calls: [{ index, id: c.id ?? id(), type: 'function', function: { name: c.name, arguments: '' } }] } }] });
      for (const piece of args.match(/.{1,5}/gs) ?? []) events.push({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] } }] });
    });
    events.push({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
    events.push({ choices: [], usage: { prompt_tokens: 100, completion_tokens: 20 } });
    return { stream: events };
  },
  /** A streamed final answer. */
  streamText: (content) => ({
    stream: [
      ...content.match(/.{1,6}/gs).map((piece) => ({ choices: [{ index: 0, delta: { content: piece } }] })),
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ],
  }),
  /** An error status with an OpenAI error body. */
  error: (status, message, { code = null, headers = {} } = {}) => ({ status, headers, body: { error: { message, type: code ?? 'error', code } } }),
};

/** A plain reply as the stream of deltas a server sends when asked to stream. */
function toEvents(body) {
  const message = body.choices[0].message;
  const events = [];
  if (message.content) events.push({ choices: [{ index: 0, delta: { role: 'assistant', content: message.content } }] });
  (message.tool_calls ?? []).forEach((c, index) => {
    events.push({ choices: [{ index: 0, delta: { tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments } }] } }] });
  });
  events.push({ choices: [{ index: 0, delta: {}, finish_reason: body.choices[0].finish_reason }] });
  return events;
}

/**
 * Starts the server.
 * @returns {Promise<{url: string, requests: object[], script: (steps: Step[]) => void, respondWith: (fn: (body: any) => Step | Promise<Step>) => void, pending: () => number, close: () => Promise<void>}>}
 */
export async function startModelServer() {
  /** @type {Step[]} */
  let steps = [];
  /** @type {((body: any) => Step | Promise<Step>) | null} */
  let respond = null;
  const requests = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms');
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
      requests.push({ path: req.url, headers: req.headers, body, raw, at: Date.now() });
      const step = respond ? await respond(body) : steps.shift();
      if (!step) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the script ran out', type: 'script' } }));
        return;
      }
      if (step.hang) return;
      if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
      if (res.destroyed || req.destroyed && !res.writable) return;
      if (step.raw !== undefined || step.keepAliveMs) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if (step.raw !== undefined) {
          res.end(step.raw);
          return;
        }
        const until = Date.now() + 60000;
        while (!res.destroyed && Date.now() < until) {
          res.write(': keep-alive\n\n');
          await new Promise((r) => setTimeout(r, step.keepAliveMs));
        }
        res.end();
        return;
      }
      const events = step.stream ?? (body && body.stream && step.body?.choices ? toEvents(step.body) : null);
      if (events && (step.status ?? 200) === 200) {
        res.writeHead(step.status ?? 200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...(step.headers ?? {}) });
        for (const [i, event] of events.entries()) {
          if (step.stallAfter !== undefined && i >= step.stallAfter) return; // silent, never ends
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify(event)}\n\n`);
          await new Promise((r) => setTimeout(r, step.eventDelayMs ?? 2));
        }
        if (step.cut) {
          // Let the client read what was sent before the connection drops mid-reply.
          await new Promise((r) => setTimeout(r, 150));
          res.destroy();
          return;
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(step.status ?? 200, { 'content-type': 'application/json', ...(step.headers ?? {}) });
      res.end(JSON.stringify(step.body ?? {}));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      steps = [...next];
      respond = null;
    },
    /** Answers each request with `fn(body)` instead of a fixed script (a model that reads). */
    respondWith(fn) {
      respond = fn;
    },
    pending: () => steps.length,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

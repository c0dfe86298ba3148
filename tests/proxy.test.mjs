// pling-runtime/proxy against a recording upstream: the key and model are the server's, only
// chat completions go through, the browser's cookies and credentials never do, bodies are
// capped, streams pass through as they come, and every failure is a JSON error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createProxy, toNodeHandler } from '../js/src/proxy.js';
import { middleware, pling } from '../js/src/vite.js';

/** An upstream that records each request and answers with `reply(req, body, res)`. */
async function upstream(reply) {
  const seen = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ url: req.url, headers: req.headers, body });
      reply(req, body, res);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, seen, close: () => new Promise((ok) => server.close(ok)) };
}

const ask = (body, headers = {}) => new Request('https://shop.example/api/v1/chat/completions', {
  method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body),
});

test('the key and the model are the server\'s; the browser\'s cookies and credentials stay behind', async () => {
  const up = await upstream((req, body, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'upstream=1' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] }));
  });
  try {
    const proxy = createProxy({ target: up.url, apiKey: 'sk-server', model: 'gpt-server' });
    const response = await proxy(ask({ model: 'anything', messages: [{ role: 'user', content: 'hi' }] }, { cookie: 'session=abc', authorization: 'Bearer browser-token', origin: 'https://shop.example' }));
    assert.equal(response.status, 200);
    assert.equal((await response.json()).choices[0].message.content, 'ok');
    assert.equal(response.headers.get('set-cookie'), null);
    const [sent] = up.seen;
    assert.equal(sent.url, '/v1/chat/completions');
    assert.equal(sent.headers.authorization, 'Bearer sk-server');
    assert.equal(sent.headers.cookie, undefined);
    assert.equal(sent.headers.origin, undefined);
    assert.equal(JSON.parse(sent.body).model, 'gpt-server');
  } finally {
    await up.close();
  }
});

test('only POST …/chat/completions is forwarded; oversized and malformed bodies are refused as JSON', async () => {
  const up = await upstream((req, body, res) => res.end('{}'));
  try {
    const proxy = createProxy({ target: up.url, maxBodyBytes: 100 });
    const other = await proxy(new Request('https://shop.example/v1/models'));
    assert.equal(other.status, 404);
    assert.match((await other.json()).error.message, /only \/chat\/completions/);
    const get = await proxy(new Request('https://shop.example/v1/chat/completions'));
    assert.equal(get.status, 405);
    const big = await proxy(ask({ messages: [{ role: 'user', content: 'x'.repeat(500) }] }));
    assert.equal(big.status, 413);
    assert.equal((await big.json()).error.type, 'proxy_error');
    const bad = await proxy(ask('{not json'));
    assert.equal(bad.status, 400);
    const array = await proxy(ask('[1]'));
    assert.equal(array.status, 400);
    assert.equal(up.seen.length, 0, 'nothing refused reached the upstream');
  } finally {
    await up.close();
  }
});

test('an upstream error\'s words go to the server log, never to the visitor; its code passes on', async () => {
  const up = await upstream((req, body, res) => {
    const quota = JSON.parse(body).model === 'quota';
    res.writeHead(quota ? 429 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: quota
      ? { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' }
      : { message: 'Incorrect API key provided: sk-proj-abc1****************wxyz.', type: 'invalid_request_error', code: 'invalid_api_key' } }));
  });
  try {
    const logged = [];
    const proxy = createProxy({ target: up.url, apiKey: 'sk-proj-abc1secretwxyz', log: (m) => logged.push(m) });
    const refused = await proxy(ask({ messages: [] }));
    assert.equal(refused.status, 401);
    const text = await refused.text();
    assert.doesNotMatch(text, /sk-|Incorrect API key/);
    assert.deepEqual(JSON.parse(text).error, { message: 'the model endpoint answered 401; the details are in the server\'s log', type: 'upstream_error', code: 'invalid_api_key' });
    assert.match(logged.join('\n'), /401[\s\S]*Incorrect API key provided: sk-proj-abc1/);
    // The quota code is what tells the page's client not to retry.
    const quota = await proxy(ask({ model: 'quota', messages: [] }));
    assert.equal(quota.status, 429);
    assert.equal((await quota.json()).error.code, 'insufficient_quota');
  } finally {
    await up.close();
  }
});

test('the Node adapter aborts the upstream request only when the page goes away first', async () => {
  const signals = [];
  const streaming = (signal) => new ReadableStream({
    start(c) {
      c.enqueue(new TextEncoder().encode('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'));
      signal.addEventListener('abort', () => c.error(new Error('aborted')));
    },
  });
  const fake = async (url, init) => {
    signals.push(init.signal);
    const whole = JSON.parse(init.body).stream !== true;
    const body = whole ? '{"choices":[{"message":{"role":"assistant","content":"ok"}}]}' : streaming(init.signal);
    return new Response(body, { headers: { 'content-type': whole ? 'application/json' : 'text/event-stream' } });
  };
  const server = createServer(toNodeHandler(createProxy({ target: 'https://models.example/v1', fetch: fake })));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/v1/chat/completions`;
  try {
    const whole = await fetch(url, { method: 'POST', body: JSON.stringify({ messages: [] }) });
    assert.equal((await whole.json()).choices[0].message.content, 'ok');
    await new Promise((ok) => setTimeout(ok, 50));
    assert.equal(signals[0].aborted, false, 'an answer sent whole aborts nothing');
    const page = new AbortController();
    const streamed = await fetch(url, { method: 'POST', body: JSON.stringify({ stream: true, messages: [] }), signal: page.signal });
    await streamed.body.getReader().read();
    page.abort();
    await new Promise((ok) => setTimeout(ok, 100));
    assert.equal(signals[1].aborted, true, 'a page that went away stops the upstream request');
  } finally {
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
  }
});

test('pling-runtime/vite: the proxy on the dev server, or a 503 that says what to set', async () => {
  const serve = (handler) => new Promise((ok) => {
    const server = createServer((req, res) => handler(req, res, () => { res.writeHead(404); res.end('vite'); }));
    server.listen(0, '127.0.0.1', () => ok(server));
  });
  const plain = await serve(middleware({}, {}));
  const up = await upstream((req, body, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ model: JSON.parse(body).model, auth: req.headers.authorization }));
  });
  const configured = await serve(middleware({}, { PLING_MODEL_URL: up.url, PLING_API_KEY: 'sk-env', PLING_MODEL: 'm-env' }));
  const at = (server, path, init) => fetch(`http://127.0.0.1:${server.address().port}${path}`, init);
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"messages":[]}' };
  try {
    const missing = await at(plain, '/v1/chat/completions', post);
    assert.equal(missing.status, 503);
    assert.match((await missing.json()).error.message, /PLING_MODEL_URL/);
    assert.equal(await (await at(plain, '/src/main.js')).text(), 'vite', 'other paths are Vite\'s');
    const answered = await at(configured, '/v1/chat/completions', post);
    assert.deepEqual(await answered.json(), { model: 'm-env', auth: 'Bearer sk-env' });
    const used = [];
    pling({ target: up.url }).configureServer({ middlewares: { use: (fn) => used.push(fn) } });
    assert.equal(used.length, 1);
  } finally {
    for (const s of [plain, configured]) await new Promise((ok) => s.close(ok));
    await up.close();
  }
});

test('an upstream HTML error page becomes a JSON error; Retry-After passes through', async () => {
  const up = await upstream((req, body, res) => {
    res.writeHead(503, { 'content-type': 'text/html', 'retry-after': '7' });
    res.end('<html><body>Service Unavailable</body></html>');
  });
  try {
    const response = await createProxy({ target: up.url, log: () => {} })(ask({ messages: [] }));
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('retry-after'), '7');
    const error = (await response.json()).error;
    assert.equal(error.type, 'upstream_error');
    assert.match(error.message, /answered 503/);
    assert.doesNotMatch(error.message, /<html>/);
  } finally {
    await up.close();
  }
  const unreachable = await createProxy({ target: 'http://127.0.0.1:9/v1', log: () => {} })(ask({ messages: [] }));
  assert.equal(unreachable.status, 502);
  assert.match((await unreachable.json()).error.message, /unreachable/);
});

test('a stream passes through piece by piece, through the Node adapter too', async () => {
  const up = await upstream((req, body, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'retry-after-ms': '5' });
    res.write('data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n');
    setTimeout(() => {
      res.write('data: {"choices":[{"delta":{"content":"lo"}}]}\n\n');
      res.end('data: [DONE]\n\n');
    }, 50);
  });
  const server = createServer(toNodeHandler(createProxy({ target: up.url, apiKey: 'k' })));
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  try {
    const response = await fetch(`http://127.0.0.1:${server.address().port}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ stream: true, messages: [] }) });
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    assert.equal(response.headers.get('retry-after-ms'), '5');
    const pieces = [];
    for await (const chunk of response.body) pieces.push(Buffer.from(chunk).toString('utf8'));
    assert.ok(pieces.length >= 2, `streamed in pieces: ${pieces.length}`);
    assert.match(pieces.join(''), /Hel[\s\S]*lo[\s\S]*\[DONE\]/);
    assert.equal(up.seen[0].headers.authorization, 'Bearer k');
  } finally {
    await new Promise((ok) => server.close(ok));
    await up.close();
  }
});

test('a rate-limit hook answers before anything is forwarded', async () => {
  const up = await upstream((req, body, res) => res.end('{}'));
  try {
    let calls = 0;
    const proxy = createProxy({
      target: up.url,
      limit: () => (++calls > 1 ? new Response(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }), { status: 429, headers: { 'retry-after': '1' } }) : undefined),
    });
    assert.equal((await proxy(ask({ messages: [] }))).status, 200);
    const limited = await proxy(ask({ messages: [] }));
    assert.equal(limited.status, 429);
    assert.equal(up.seen.length, 1);
  } finally {
    await up.close();
  }
  assert.throws(() => createProxy({}), /needs `target`/);
});

#!/usr/bin/env node
// The development server: serves the demos (www/<name>/ at /<name>) and the package (/js/),
// on 127.0.0.1 only. `/v1/*` is proxied to a model endpoint when one is configured, so the
// API key and the model name stay on the server: PLING_MODEL_URL (an OpenAI-compatible base
// URL such as https://api.openai.com/v1), PLING_API_KEY, PLING_MODEL. This is the pattern a
// page owner's server follows in production.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProxy, toNodeHandler } from '../js/src/proxy.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.jsx': 'text/javascript; charset=utf-8',
};

// TodoMVC apps from the npm package `todomvc`, served unmodified at /todomvc/examples/<app>/,
// as the package lays them out (their info bar reads /todomvc/learn.json). Pling is added from
// the outside: the server adds two tags to the app's own index.html, as a page
// author adds them to theirs — a fixture that seeds the app's storage when the URL asks for
// `?todos=N` (tests and the evaluation only), and the app's declaration script
// (www/todomvc/<app>.js).
const TODOMVC = ['vanillajs', 'react', 'vue'];
const TODOMVC_APP = new RegExp(`^todomvc/(examples/(?:${TODOMVC.join('|')})/.*|learn\\.json)$`);

/** The app's own index.html with Pling's two tags added. */
function withPling(html, app) {
  const seed = `<script src="/todomvc/seed.js" data-app="${app}"></script>`;
  const declare = `<script type="module" src="/todomvc/${app}.js"></script>`;
  return html.replace(/<head>/i, `<head>\n${seed}`).replace(/<\/body>/i, `${declare}\n</body>`);
}

/** Maps a URL path to a file under the repository, or null when it is outside what we serve. */
function fileFor(pathname) {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  if (clean.split(sep).includes('..')) return null;
  const app = clean.split(sep).join('/').match(TODOMVC_APP);
  if (app) return join(root, 'node_modules', 'todomvc', app[1]);
  if (clean.startsWith(`js${sep}`) || clean.startsWith('js/')) return join(root, clean);
  if (clean.startsWith('crates/pling-core/tests/fixtures/')) return join(root, clean);
  return join(root, 'www', clean);
}

async function resolveFile(path) {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return resolveFile(join(path, 'index.html'));
    return path;
  } catch {
    return null;
  }
}

/**
 * Starts the server.
 * @param {{port?: number, host?: string, model?: string, apiKey?: string, modelName?: string, headers?: Record<string, string>}} [options]
 *   `headers` go on every file served (e.g. a `content-security-policy` to try a page under);
 *   PLING_CSP sets that one from the environment.
 * @returns {Promise<{url: string, close: () => Promise<void>}>}
 */
export function startServer(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const model = options.model ?? process.env.PLING_MODEL_URL;
  const apiKey = options.apiKey ?? process.env.PLING_API_KEY;
  const modelName = options.modelName ?? process.env.PLING_MODEL;
  // The model proxy a page owner's server runs: pling-runtime/proxy.
  const extra = options.headers ?? (process.env.PLING_CSP ? { 'content-security-policy': process.env.PLING_CSP } : {});
  const proxy = model ? toNodeHandler(createProxy({ target: model, apiKey, model: modelName })) : null;
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    if (pathname.startsWith('/v1/')) {
      if (!proxy) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no model endpoint configured (set PLING_MODEL_URL)', type: 'not_configured' } }));
        return;
      }
      await proxy(req, res);
      return;
    }
    const candidate = fileFor(pathname);
    const file = candidate && (await resolveFile(candidate));
    if (!file || !file.startsWith(root)) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const app = TODOMVC.find((name) => file === join(root, 'node_modules', 'todomvc', 'examples', name, 'index.html'));
    const body = app ? withPling(await readFile(file, 'utf8'), app) : await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...extra });
    res.end(body);
  });
  return new Promise((ok) => {
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address();
      ok({ url: `http://${host}:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  const { url } = await startServer({ port });
  console.log(`Pling demos at ${url}/  (Todo page: ${url}/todos)`);
  console.log(process.env.PLING_MODEL_URL ? `Model requests go to ${process.env.PLING_MODEL_URL}` : 'No model endpoint: set PLING_MODEL_URL (and PLING_API_KEY, PLING_MODEL) to talk to the assistant.');
}

// `pling-runtime/vite`: the model proxy inside Vite's dev server (and `vite preview`), so a
// page that talks to "/v1" works from the first `npm run dev`, same-origin, with the key in the
// server's environment. Nothing of it reaches the built app: in production the page's own
// server runs `pling-runtime/proxy` at the same path.
//
//   // vite.config.js
//   import { pling } from 'pling-runtime/vite';
//   export default { plugins: [pling()] };   // PLING_MODEL_URL, PLING_API_KEY, PLING_MODEL
import { createProxy, toNodeHandler } from './proxy.js';

/**
 * @typedef {object} VitePluginOptions
 * @property {string} [path] where the page sends model requests (default "/v1", the chat's default baseURL)
 * @property {string} [target] the upstream base URL (default: the PLING_MODEL_URL environment variable)
 * @property {string} [apiKey] the upstream key (default: PLING_API_KEY)
 * @property {string} [model] the model every request uses (default: PLING_MODEL)
 * @property {Omit<import('./proxy.js').ProxyOptions, 'target' | 'apiKey' | 'model'>} [proxy] the rest of the proxy's options
 */

/** What the page is told when no upstream is configured: the fix, not a bare 404. */
const NOT_CONFIGURED = 'no model endpoint is configured for the dev server: set PLING_MODEL_URL (an OpenAI-compatible base URL such as https://api.openai.com/v1), and PLING_API_KEY and PLING_MODEL if it needs them, then restart Vite';

/**
 * A connect middleware answering `{path}/…` through the proxy, passing everything else on.
 * @param {VitePluginOptions} options
 * @param {NodeJS.ProcessEnv} env
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export function middleware(options = {}, env = process.env) {
  const prefix = `${(options.path ?? '/v1').replace(/\/+$/, '')}/`;
  const target = options.target ?? env.PLING_MODEL_URL;
  const handle = target
    ? toNodeHandler(createProxy({ ...options.proxy, target, apiKey: options.apiKey ?? env.PLING_API_KEY, model: options.model ?? env.PLING_MODEL }))
    : null;
  return (req, res, next) => {
    const url = req.originalUrl ?? req.url ?? '/';
    if (!url.startsWith(prefix)) return next();
    if (!handle) {
      console.warn(`[pling] ${req.method} ${url}: ${NOT_CONFIGURED}`);
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: NOT_CONFIGURED, type: 'not_configured' } }));
      return undefined;
    }
    req.url = url;
    handle(req, res).catch((error) => {
      console.error(`[pling proxy] ${error instanceof Error ? error.stack : error}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the proxy failed; the details are in the server\'s log', type: 'proxy_error' } }));
    });
    return undefined;
  };
}

/**
 * The Vite plugin: the proxy on the dev server and the preview server.
 * @param {VitePluginOptions} [options]
 */
export function pling(options = {}) {
  /** @param {{middlewares: {use: (fn: ReturnType<typeof middleware>) => void}}} server */
  const mount = (server) => {
    server.middlewares.use(middleware(options));
  };
  return {
    name: 'pling-runtime:proxy',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}

export default pling;

// Types for `pling-runtime/vite`: the model proxy on Vite's dev and preview servers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyOptions } from './proxy.js';

export interface VitePluginOptions {
  /** Where the page sends model requests (default "/v1", the chat's default `baseURL`). */
  path?: string;
  /** The upstream base URL (default: the `PLING_MODEL_URL` environment variable). */
  target?: string;
  /** The upstream key (default: `PLING_API_KEY`); it stays on the dev server. */
  apiKey?: string;
  /** The model every request uses (default: `PLING_MODEL`). */
  model?: string;
  /** The rest of the proxy's options: a body cap, a rate limit, a log, a fetch. */
  proxy?: Omit<ProxyOptions, 'target' | 'apiKey' | 'model'>;
}

/** A connect middleware, as Vite's servers take them. */
export type ProxyMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** What the plugin needs of Vite's dev or preview server. */
export interface ServerWithMiddlewares {
  middlewares: { use(fn: ProxyMiddleware): unknown };
}

/** The plugin object (a Vite `Plugin`). */
export interface PlingVitePlugin {
  name: string;
  configureServer(server: ServerWithMiddlewares): void;
  configurePreviewServer(server: ServerWithMiddlewares): void;
}

/** The model proxy at `path` on `vite` and `vite preview`; a 503 naming the fix when no upstream is set. */
export declare function pling(options?: VitePluginOptions): PlingVitePlugin;
export default pling;

/** The middleware alone, for a server of your own built on connect or Express. */
export declare function middleware(options?: VitePluginOptions, env?: Record<string, string | undefined>): ProxyMiddleware;

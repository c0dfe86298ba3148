// Types for `pling-runtime/proxy`: the same-origin model proxy that holds the key on the server.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ProxyOptions {
  /** The upstream base URL, e.g. "https://api.openai.com/v1". */
  target: string;
  /** Sent upstream as a bearer token; never sent to the browser. */
  apiKey?: string;
  /** Replaces the model the page asked for. */
  model?: string;
  /** The largest request body taken (default 1 MiB); larger ones get a 413. */
  maxBodyBytes?: number;
  /** A rate limit or an authorisation check: return a Response (a 429, a 401) to answer with it. */
  limit?: (request: Request) => Response | null | undefined | Promise<Response | null | undefined>;
  /** The fetch used upstream (default `globalThis.fetch`). */
  fetch?: typeof fetch;
}

/** A standard handler: forwards only POST …/chat/completions, streams, answers failures as JSON errors. */
export declare function createProxy(options: ProxyOptions): (request: Request) => Promise<Response>;

/** The handler for Node's `http.createServer` or an Express-style app. */
export declare function toNodeHandler(handler: (request: Request) => Promise<Response>): (req: IncomingMessage, res: ServerResponse) => Promise<void>;

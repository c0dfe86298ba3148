// Types for the <script> build: the global `Pling`.
import type { Pling as PlingClass, Limits, secret as secretFn, mountDebugPanel as mount, Assistant as AssistantClass, mountChat as mountChatFn, connectWebMCP as connectWebMCPFn, WebMCPConnection } from './index.js';

export interface PlingGlobal {
  Pling: typeof PlingClass;
  Assistant: typeof AssistantClass;
  mountChat: typeof mountChatFn;
  /** Registers the page's tools with WebMCP; loads `extras.js` beside the script first. */
  connectWebMCP(...args: Parameters<typeof connectWebMCPFn>): Promise<ReturnType<typeof connectWebMCPFn>>;
  secret: typeof secretFn;
  /** Shows what the model is sent; loads `extras.js` beside the script first. */
  mountDebugPanel(...args: Parameters<typeof mount>): Promise<ReturnType<typeof mount>>;
  engineReady(): boolean;
  defaultLimits(): Limits;
  /** Loads ahead the chat's strings for a language shipped beside the script (`locale-de.js`); a chat mounted in that language waits for them anyway, so this only saves the wait. */
  loadLocale(locale: string): Promise<void>;
  /** The page's instance, once ready. */
  instance: PlingClass | null;
  /** Resolves to the page's instance. */
  ready: Promise<PlingClass> | null;
  /** The chat widget, when data-pling-endpoint is set. */
  chat: ReturnType<typeof mountChatFn> | null;
  /** The WebMCP registration, when the browser offers a model context (`extras.js` loads first). */
  webmcp: Promise<WebMCPConnection | null> | null;
}

declare global {
  // eslint-disable-next-line no-var
  var Pling: PlingGlobal;
}

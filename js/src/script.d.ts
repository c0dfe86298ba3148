// Types for the <script> build: the global `Pling`.
import type { Pling as PlingClass, Limits, secret as secretFn, mountDebugPanel as mount, Assistant as AssistantClass, mountChat as mountChatFn, connectWebMCP as connectWebMCPFn, WebMCPConnection } from './index.js';

export interface PlingGlobal {
  Pling: typeof PlingClass;
  Assistant: typeof AssistantClass;
  mountChat: typeof mountChatFn;
  connectWebMCP: typeof connectWebMCPFn;
  secret: typeof secretFn;
  mountDebugPanel: typeof mount;
  engineReady(): boolean;
  defaultLimits(): Limits;
  /** The page's instance, once ready. */
  instance: PlingClass | null;
  /** Resolves to the page's instance. */
  ready: Promise<PlingClass> | null;
  /** The chat widget, when data-pling-endpoint is set. */
  chat: ReturnType<typeof mountChatFn> | null;
  /** The WebMCP registration, when the browser offers a model context. */
  webmcp: WebMCPConnection | null;
}

declare global {
  // eslint-disable-next-line no-var
  var Pling: PlingGlobal;
}

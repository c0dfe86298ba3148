// Types for the slim entry (`pling/slim`): you pass the engine's .wasm yourself.
export {
  Pling, PlingError, PlingDeclarationError, PlingSnapshotError, PlingLimitsError, PlingCallError, PlingConfigError, PlingEngineError, HANDLER_TIMEOUT_MS, MASK, secret, engineReady, engineHasAssistant, defaultLimits, mountDebugPanel,
  Assistant, mountChat, PlingChatElement, chat, AgentSurface, SURFACE_VERSION, connectWebMCP, READ_PAGE,
} from './index.js';
export type * from './index.js';
import type { Pling, PlingOptions } from './index.js';

export type WasmSource = string | URL | Request | Response | BufferSource | WebAssembly.Module;

export interface SlimOptions extends PlingOptions {
  /** When the engine loads: on first use or when idle (`true`, default), only on first use (`'on-use'`), or before `createPling` resolves (`false`). */
  lazy?: boolean | 'on-use';
  /** The URL or bytes of pling_wasm_bg.wasm. */
  wasm: WasmSource;
}

export declare function init(source: WasmSource): Promise<void>;
/**
 * Where the chat's Markdown renderer is (`js/dist/markdown.js` of the package). The slim entry
 * does not load it by default: without it, answers are shown as plain text.
 */
export declare function setMarkdownSource(url: string): void;
export declare function createPling(options: SlimOptions): Promise<Pling>;

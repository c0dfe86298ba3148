// The default entry: works without a bundler; the engine's .wasm is fetched from beside this
// module (js/wasm/pling_wasm_bg.wasm).
import { initEngine, deferEngine, engineReady, engineHasAssistant, defaultLimits } from './engine.js';
import { Pling } from './pling.js';

export { Pling, HANDLER_TIMEOUT_MS } from './pling.js';
export { secret } from './declare.js';
export { PlingError, PlingDeclarationError, PlingSnapshotError, PlingLimitsError, PlingCallError, PlingConfigError, PlingEngineError } from './errors.js';
export { MASK } from './collect.js';
export { mountDebugPanel } from './debug-panel.js';
export { Assistant } from './assistant.js';
export { chat } from './client.js';
export { mountChat, PlingChatElement } from './widget.js';
export { AgentSurface, SURFACE_VERSION } from './surface.js';
export { connectWebMCP, READ_PAGE } from './webmcp.js';
export { engineReady, engineHasAssistant, defaultLimits };

/**
 * Loads the engine. Call once; later calls return the same promise.
 * @param {Parameters<typeof initEngine>[0]} [source] the .wasm's URL or bytes (default: beside this module)
 */
export function init(source) {
  return initEngine(source);
}

/**
 * Loads the engine and returns a Pling for this page.
 * @param {import('./index.d.ts').PlingOptions & {wasm?: Parameters<typeof initEngine>[0]}} [options]
 */
export async function createPling(options = {}) {
  const { wasm, lazy, ...rest } = options;
  // Lazy: declarations now, the engine when the first observation or the chat needs it.
  if (lazy) deferEngine(wasm);
  else await initEngine(wasm);
  return new Pling(rest);
}

// The slim entry: the same API, but you pass the engine's .wasm (URL, Response or bytes)
// to init() yourself — for bundlers and CDNs that place assets their own way.
import { initEngine, startEngine, engineReady, engineHasAssistant, defaultLimits } from './engine.js';
import { Pling } from './pling.js';
import { setLocaleLoader } from './widget-strings.js';

// The chat's languages other than English are chunks of their own, loaded when a chat asks.
/** @type {Record<string, () => Promise<{strings: import('./index.d.ts').ChatStrings}>>} */
const LOCALE_MODULES = { de: () => import('./locale-de.js') };
setLocaleLoader((tag) => LOCALE_MODULES[tag]());

export { Pling, HANDLER_TIMEOUT_MS } from './pling.js';
export { secret } from './declare.js';
export { PlingError, PlingDeclarationError, PlingSnapshotError, PlingLimitsError, PlingCallError, PlingConfigError, PlingEngineError } from './errors.js';
export { MASK } from './collect.js';
export { mountDebugPanel } from './debug-panel.js';
export { Assistant } from './assistant.js';
export { chat } from './client.js';
export { mountChat, PlingChatElement, setMarkdownSource } from './widget.js';
export { AgentSurface, SURFACE_VERSION } from './surface.js';
export { connectWebMCP, READ_PAGE } from './webmcp.js';
export { engineReady, engineHasAssistant, defaultLimits };

/**
 * Loads the engine from `source`.
 * @param {string | URL | Request | Response | BufferSource | WebAssembly.Module} source
 */
export function init(source) {
  if (source === undefined || source === null) {
    return Promise.reject(new Error('pling-runtime/slim: init(source) needs the URL or bytes of pling_wasm_bg.wasm'));
  }
  return initEngine(source);
}

/**
 * Returns a Pling for this page; the engine at `wasm` loads when first needed or the browser
 * is idle (`lazy: 'on-use'`: only when needed; `lazy: false`: before this resolves).
 * @param {import('./slim.d.ts').SlimOptions} options
 */
export async function createPling(options) {
  const { wasm, lazy, ...rest } = options ?? {};
  if (wasm === undefined || wasm === null) await init(wasm);
  await startEngine(wasm, lazy);
  return new Pling(rest);
}

// The default entry: works without a bundler; the engine's .wasm is fetched from the package's
// js/wasm/ folder when it is first needed or the browser is idle, so a page pays only this
// JavaScript up front.
import { initEngine, deferEngine, startEngine, engineReady, engineHasAssistant, defaultLimits } from './engine.js';
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
export { mountChat, PlingChatElement } from './widget.js';
import { setMarkdownLoader } from './widget.js';

// The chat's answers are Markdown, rendered by the package's own chunk, loaded with the first one.
setMarkdownLoader(() => import('../dist/markdown.js'));
export { AgentSurface, SURFACE_VERSION } from './surface.js';
export { connectWebMCP, READ_PAGE } from './webmcp.js';
export { engineReady, engineHasAssistant, defaultLimits };

/** The package's engines, beside this module: bundlers copy the one an entry names. */
const WHOLE_ENGINE = () => new URL('../wasm/pling_wasm_bg.wasm', import.meta.url);
const OBSERVE_ENGINE = () => new URL('../wasm/pling_observe_bg.wasm', import.meta.url);
// A Pling made with `new Pling()` from this entry loads the whole engine when it first needs it.
deferEngine(WHOLE_ENGINE());

/**
 * Loads the engine. Call once; later calls return the same promise.
 * @param {Parameters<typeof initEngine>[0]} [source] the .wasm's URL or bytes (default: the package's own)
 */
export function init(source) {
  return initEngine(source ?? WHOLE_ENGINE());
}

/**
 * Returns a Pling for this page. The engine loads when it is first needed or the browser is
 * idle (`lazy: 'on-use'`: only when needed; `lazy: false`: before this resolves); a page
 * with no in-page assistant (`assistant: false`) gets the observe-only engine.
 * @param {import('./index.d.ts').CreatePlingOptions} [options]
 */
export async function createPling(options = {}) {
  const { wasm, lazy, assistant, ...rest } = options;
  const source = wasm ?? (assistant === false ? OBSERVE_ENGINE() : WHOLE_ENGINE());
  await startEngine(source, lazy);
  return new Pling(rest);
}

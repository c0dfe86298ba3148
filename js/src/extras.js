// What the script build loads only when a page needs it: WebMCP registration (where the
// browser offers `document.modelContext`) and the debug panel. Both work through a Pling
// instance's own methods, so this file carries no second copy of the engine's state.
export { connectWebMCP } from './webmcp.js';
export { mountDebugPanel } from './debug-panel.js';

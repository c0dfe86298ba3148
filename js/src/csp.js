// The page's Content-Security-Policy and the engine: WebAssembly is compiled only where the
// policy's script-src allows 'wasm-unsafe-eval' (or 'unsafe-eval'). When it does not, the
// author gets one console error naming the directive, and the widget says why it cannot run.

/** The one source the engine needs from a strict policy. */
export const WASM_SOURCE = "'wasm-unsafe-eval'";

/** Whether the page's policy has blocked WebAssembly, seen from a `securitypolicyviolation`. */
let blocked = false;
if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (event) => {
    if (event.blockedURI === 'wasm-eval') blocked = true;
  });
}

/**
 * Whether an engine load failed because the page's policy forbids compiling WebAssembly.
 * @param {unknown} error the load's error (its `cause` is the browser's)
 */
export function blockedByPolicy(error) {
  if (blocked) return true;
  for (let e = /** @type {any} */ (error); e; e = e.cause) {
    if (/Content Security Policy|unsafe-eval|wasm-eval/i.test(String(e.message ?? e))) return true;
  }
  return false;
}

let told = false;

/** Tells the author once, on the console, what the policy lacks. */
export function reportBlockedByPolicy() {
  if (told) return;
  told = true;
  console.error(`[pling] The page's Content-Security-Policy does not allow WebAssembly, so the assistant's engine cannot start. Add ${WASM_SOURCE} to the script-src directive (e.g. script-src 'self' ${WASM_SOURCE}); see docs/csp.md.`);
}

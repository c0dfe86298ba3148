// Asking the person before a confirm action runs: one default prompt for every path (the
// in-page loop, `Pling.call`, the Agent Surface and WebMCP), in words the person can judge.
import { messageOf } from './errors.js';

/**
 * The browser's own dialog, in the words of the chat's card: "Allow: Delete the task “Book the
 * design review” (t2)?" — the row as the person knows it, then its id.
 * @param {import('./index.d.ts').ConfirmRequest} request
 * @returns {boolean}
 */
export function defaultConfirm(request) {
  const what = request.description || request.name || request.actionId;
  const id = request.record ? ` (${request.record})` : '';
  const row = request.label ? ` “${request.label}”${id}` : id;
  return window.confirm(`Allow: ${what}${row}?`);
}

/**
 * Asks through the first confirm function given, or the default prompt. Only `true` (or a
 * promise of `true`) allows; anything else — `'no'`, `{}`, `1`, a throw, a rejected promise —
 * is a no.
 * @param {import('./index.d.ts').ConfirmRequest} request
 * @param {...(((r: import('./index.d.ts').ConfirmRequest) => boolean | Promise<boolean>) | undefined)} askers
 * @returns {Promise<boolean>}
 */
export async function askPerson(request, ...askers) {
  const ask = askers.find((f) => typeof f === 'function') ?? defaultConfirm;
  try {
    return (await ask(request)) === true;
  } catch (error) {
    console.error(`[pling] confirm threw: ${messageOf(error)}`);
    return false;
  }
}

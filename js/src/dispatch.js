// Dispatch: run a resolved action through the page's own handler, or on its declared element,
// with the target scrolled into view first and a timeout. A handler's exception or a timeout
// is a failed result carrying the page's error; the page author sees the original error.
import { closestComposed, isDisabled } from './dom.js';
import { messageOf } from './errors.js';
import { FormRefused, setNativeValue, submitForm } from './form-fill.js';

/**
 * @typedef {object} DispatchResult
 * @property {boolean} ok
 * @property {boolean} ran whether the page's handler (or the element) was reached: false when
 *   the target was gone, disabled or covered, so nothing on the page ran
 * @property {string} actionId
 * @property {string} [record]
 * @property {string} [error] what went wrong, for the model
 * @property {unknown} [value] what the handler returned
 * @property {boolean} [scrolled] the target was scrolled into view first
 */

/** Reports an error the page author should see as if it were uncaught; never throws. */
export function reportToPage(error) {
  try {
    if (typeof reportError === 'function') reportError(error);
    else console.error(error);
  } catch {
    // a value that cannot even be reported: the result still says the handler failed
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new HandlerTimeout(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

class HandlerTimeout extends Error {
  constructor(message) {
    super(message);
    this.name = 'HandlerTimeout';
  }
}

/** Performs an element action the way a person would, through the element itself. */
function operate(target, el, args) {
  switch (target.kind) {
    case 'type': {
      if (!('value' in el)) throw new Error('the declared element does not take text');
      if (typeof args.text !== 'string') throw new Error('`text` must be a string');
      el.focus();
      setNativeValue(el, args.text);
      if (target.submit) {
        const form = el.form || el.closest('form');
        if (form) form.requestSubmit();
      }
      return undefined;
    }
    case 'select': {
      if (el.tagName !== 'SELECT') {
        el.click();
        return undefined;
      }
      const value = String(args.value);
      const option = [...el.options].find((o) => o.value === value || o.text.trim() === value);
      if (!option) throw new Error(`no option ${JSON.stringify(value)}; options: ${[...el.options].map((o) => o.value).join(', ')}`);
      setNativeValue(el, option.value);
      return undefined;
    }
    case 'submit': {
      const form = el.tagName === 'FORM' ? el : el.form || el.closest('form');
      if (form) form.requestSubmit(el.tagName === 'FORM' ? undefined : el);
      else el.click();
      return undefined;
    }
    case 'scroll': {
      const sign = args.direction === 'up' ? -1 : 1;
      el.scrollBy({ top: sign * Math.max(40, el.clientHeight * 0.8), behavior: 'instant' });
      return undefined;
    }
    default:
      el.click();
      return undefined;
  }
}

/**
 * Runs one action.
 * @param {import('./collect.js').Target} target
 * @param {{actionId: string, record: string | null}} resolved
 * @param {Record<string, unknown>} args
 * @param {{timeoutMs: number, viewport: () => import('./dom.js').Viewport, settle: () => Promise<unknown>}} ctx
 * @returns {Promise<DispatchResult>}
 */
export async function dispatch(target, resolved, args, ctx) {
  const record = resolved.record ?? target.record;
  /** @type {DispatchResult} */
  const result = { ok: false, ran: false, actionId: resolved.actionId };
  if (record !== undefined && record !== null) result.record = record;
  let el;
  try {
    el = target.element(record ?? undefined);
  } catch (error) {
    reportToPage(error);
    return { ...result, error: `finding the target failed: ${messageOf(error)}` };
  }
  if (!el && !target.handler) return { ...result, error: 'the target is no longer on the page; look at the current page and try again' };
  if (el) {
    if (!el.isConnected) return { ...result, error: 'the target is no longer on the page; look at the current page and try again' };
    if (isDisabled(el)) return { ...result, error: 'the target is disabled on the page' };
    if (closestComposed(el, '[inert]')) return { ...result, error: 'the target is covered (inert) on the page' };
    if (!ctx.viewport().inViewport(el)) {
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      result.scrolled = true;
      await ctx.settle();
    }
  }
  const timeoutMs = target.timeoutMs ?? ctx.timeoutMs;
  result.ran = true;
  try {
    const run = target.form
      ? Promise.resolve().then(() => submitForm(/** @type {HTMLFormElement} */ (el), args, { handler: target.handler, settle: ctx.settle }))
      : target.handler
        ? Promise.resolve().then(() => target.handler(args))
        : Promise.resolve().then(() => operate(target, el, args));
    const value = await withTimeout(run, timeoutMs, `action "${target.id}"`);
    result.ok = true;
    if (value !== undefined) result.value = value;
    return result;
  } catch (error) {
    // A timeout and a form the browser refused are not the page's errors.
    if (!(error instanceof HandlerTimeout || error instanceof FormRefused)) reportToPage(error);
    return { ...result, error: messageOf(error, (kind) => `the handler failed: it threw an unreadable ${kind}`) };
  }
}

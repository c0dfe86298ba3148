// Settle: wait until the page has stopped changing before a snapshot — DOM mutations quiet
// for a short window, two animation frames, finite animations finished, scrolling ended, and
// any pending work the author declared — bounded by a maximum wait that is reported.

const IGNORE = '[data-pling-ignore]';

/**
 * @typedef {object} SettleOptions
 * @property {number} [quietMs] mutations and scrolling quiet for this long (default 60)
 * @property {number} [maxWaitMs] give up after this long (default 3000)
 * @property {Iterable<Promise<unknown>>} [pending] author work to wait for
 * @property {() => boolean} [busy] true while the page is busy
 */

/**
 * @typedef {object} SettleReport
 * @property {boolean} settled false when it gave up at maxWaitMs
 * @property {number} waitedMs
 * @property {string} [reason] what was still changing when it gave up
 */

/** Watches the page continuously so a settle knows when the last change happened. */
export class Activity {
  constructor() {
    this.lastChange = now();
    this.observer = new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        if (!node || !node.closest(IGNORE)) {
          this.lastChange = now();
          return;
        }
      }
    });
    this.observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    this.lastScroll = -Infinity;
    this.onScroll = () => { this.lastScroll = now(); };
    document.addEventListener('scroll', this.onScroll, { capture: true, passive: true });
  }

  disconnect() {
    this.observer.disconnect();
    document.removeEventListener('scroll', this.onScroll, { capture: true });
  }
}

function now() {
  return performance.now();
}

function frame() {
  return new Promise((resolve) => {
    // Hidden documents get no frames: fall back to a timer so settling still ends.
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function runningAnimations() {
  if (typeof document.getAnimations !== 'function') return [];
  return document.getAnimations().filter((a) => {
    if (a.playState !== 'running') return false;
    const target = a.effect && a.effect.target;
    if (target && target.closest && target.closest(IGNORE)) return false;
    const end = a.effect ? a.effect.getComputedTiming().endTime : Infinity;
    return Number.isFinite(end); // spinners that never end are not waited for
  });
}

/**
 * @param {Activity} activity
 * @param {SettleOptions} [options]
 * @returns {Promise<SettleReport>}
 */
export async function settle(activity, options = {}) {
  const quietMs = options.quietMs ?? 60;
  const maxWaitMs = options.maxWaitMs ?? 3000;
  const start = now();
  const deadline = start + maxWaitMs;
  const left = () => deadline - now();
  const report = (settled, reason) => ({ settled, waitedMs: Math.round(now() - start), ...(reason ? { reason } : {}) });

  const pending = [...(options.pending ?? [])];
  if (pending.length) {
    const done = await Promise.race([Promise.allSettled(pending).then(() => true), sleep(Math.max(0, left())).then(() => false)]);
    if (!done) return report(false, 'declared pending work did not finish');
  }
  for (;;) {
    await frame();
    await frame();
    if (left() <= 0) return report(false, whatIsBusy(activity, options, quietMs));
    const animations = runningAnimations();
    if (animations.length) {
      await Promise.race([Promise.allSettled(animations.map((a) => a.finished)), sleep(Math.max(0, left()))]);
      continue;
    }
    if (options.busy && safeBusy(options.busy)) {
      await sleep(Math.min(quietMs, Math.max(0, left())));
      continue;
    }
    const quietFor = now() - Math.max(activity.lastChange, activity.lastScroll);
    if (quietFor >= quietMs) return report(true);
    await sleep(Math.min(quietMs - quietFor, Math.max(0, left())));
  }
}

function safeBusy(busy) {
  try {
    return !!busy();
  } catch {
    return false;
  }
}

function whatIsBusy(activity, options, quietMs) {
  if (runningAnimations().length) return 'animations were still running';
  if (options.busy && safeBusy(options.busy)) return 'the page reported itself busy';
  if (now() - activity.lastScroll < quietMs) return 'the page was still scrolling';
  return 'the page kept changing';
}

// Facts only the browser knows about declared elements: in the viewport, covered by a modal
// dialog, an overlay or `inert`, disabled, hidden. Nothing here enters the snapshot except
// booleans; no selector, box or coordinate crosses into the engine.

const IGNORE = '[data-pling-ignore]';

/** Visibility ratio from which an element counts as in the viewport. */
export const IN_VIEW_RATIO = 0.5;

/**
 * Tracks declared elements with one IntersectionObserver, so a snapshot reads cached facts
 * instead of measuring every row; elements not yet tracked are measured directly once.
 */
export class ViewportTracker {
  constructor() {
    /** @type {WeakMap<Element, number>} */
    this.ratios = new WeakMap();
    /** @type {Set<Element>} */
    this.observed = new Set();
    this.collections = 0;
    this.io = typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => this.#record(entries), { threshold: [0, 0.01, IN_VIEW_RATIO, 1] })
      : null;
  }

  #record(entries) {
    for (const e of entries) this.ratios.set(e.target, e.isIntersecting ? Math.max(e.intersectionRatio, 0.001) : 0);
  }

  /** Applies pending observer records; call at the start of a collection. */
  begin() {
    if (this.io) this.#record(this.io.takeRecords());
    this.collections += 1;
  }

  /**
   * The visible fraction of `el` (0 when outside the viewport or hidden).
   * @param {Element} el
   */
  ratio(el) {
    const known = this.ratios.get(el);
    if (known !== undefined) return known;
    const measured = measureRatio(el);
    this.ratios.set(el, measured);
    if (this.io) {
      this.io.observe(el);
      this.observed.add(el);
    }
    return measured;
  }

  /** @param {Element} el */
  inViewport(el) {
    return this.ratio(el) >= IN_VIEW_RATIO || (this.ratio(el) > 0 && coversViewport(el));
  }

  /** @param {Element} el */
  touchesViewport(el) {
    return this.ratio(el) > 0;
  }

  /** Forgets elements that left the document; cheap enough to run every few collections. */
  prune() {
    if (!this.io || this.collections % 16 !== 0) return;
    for (const el of this.observed) {
      if (!el.isConnected) {
        this.io.unobserve(el);
        this.observed.delete(el);
        this.ratios.delete(el);
      }
    }
  }

  /** Marks an element's fact stale (after a scroll we caused). */
  forget(el) {
    this.ratios.delete(el);
    if (this.io && this.observed.has(el)) {
      this.io.unobserve(el);
      this.observed.delete(el);
    }
  }

  disconnect() {
    if (this.io) this.io.disconnect();
    this.observed.clear();
  }
}

/** An element taller or wider than the viewport counts when it fills half of it. */
function coversViewport(el) {
  const r = el.getBoundingClientRect();
  const vw = window.innerWidth || document.documentElement.clientWidth;
  const vh = window.innerHeight || document.documentElement.clientHeight;
  const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
  const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
  return w * h >= 0.5 * vw * vh || (r.height > vh && h >= 0.5 * vh) || (r.width > vw && w >= 0.5 * vw && h > 0);
}

/**
 * Measures the visible fraction of an element directly: clipped by the viewport and by every
 * ancestor that clips its overflow.
 * @param {Element} el
 */
export function measureRatio(el) {
  if (!el.isConnected) return 0;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return 0;
  let left = Math.max(r.left, 0);
  let top = Math.max(r.top, 0);
  let right = Math.min(r.right, window.innerWidth || document.documentElement.clientWidth);
  let bottom = Math.min(r.bottom, window.innerHeight || document.documentElement.clientHeight);
  for (let p = el.parentElement; p && right > left && bottom > top; p = p.parentElement) {
    if (p === document.body || p === document.documentElement) break;
    const style = getComputedStyle(p);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const c = p.getBoundingClientRect();
    left = Math.max(left, c.left);
    top = Math.max(top, c.top);
    right = Math.min(right, c.right);
    bottom = Math.min(bottom, c.bottom);
  }
  const visible = Math.max(0, right - left) * Math.max(0, bottom - top);
  const area = Math.max(r.width, 1) * Math.max(r.height, 1);
  return Math.min(1, visible / area);
}

/** Per-snapshot facts about the page as a whole. */
export class PageFacts {
  constructor() {
    this.modal = findModal();
    this.anyInert = !!document.querySelector('[inert]');
  }
}

function findModal() {
  let modal = null;
  try {
    modal = document.querySelector('dialog:modal');
  } catch {
    modal = null;
  }
  if (!modal) {
    for (const el of document.querySelectorAll('[aria-modal="true"]')) {
      if (isShown(el)) {
        modal = el;
        break;
      }
    }
  }
  return modal;
}

/** @param {Element} el */
export function isShown(el) {
  if (!el.isConnected) return false;
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  return !!(el.getClientRects().length);
}

/** @param {Element} el */
export function isDisabled(el) {
  return (typeof el.matches === 'function' && el.matches(':disabled')) || !!el.closest('[aria-disabled="true"]');
}

/**
 * Whether the element is covered: outside an open modal dialog, inside `inert`, or, when in
 * the viewport, under an overlay at its centre.
 * @param {Element} el
 * @param {PageFacts} facts
 * @param {boolean} inViewport
 */
export function isCovered(el, facts, inViewport) {
  if (el.closest(IGNORE)) return false;
  if (facts.anyInert && el.closest('[inert]')) return true;
  if (facts.modal && !facts.modal.contains(el)) return true;
  if (!inViewport) return false;
  const r = el.getBoundingClientRect();
  const x = Math.min(Math.max(r.left + r.width / 2, 0), (window.innerWidth || 1) - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), (window.innerHeight || 1) - 1);
  const hit = document.elementFromPoint(x, y);
  if (!hit || hit === el || el.contains(hit) || hit.contains(el)) return false;
  if (hit.closest(IGNORE)) return false;
  // Only an overlay counts: something fixed or a dialog on top, not a sibling that a
  // pointer-events quirk happens to expose.
  for (let p = hit; p && p !== document.body; p = p.parentElement) {
    if (p.tagName === 'DIALOG' || p.getAttribute('role') === 'dialog') return true;
    const position = getComputedStyle(p).position;
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

/** @param {Element} el */
export function isIgnored(el) {
  return !!el.closest(IGNORE);
}

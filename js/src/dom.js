// Facts only the browser knows about declared elements: in the viewport, covered by a modal
// dialog, an overlay or `inert`, disabled, hidden. Nothing here enters the snapshot except
// booleans; no selector, box or coordinate crosses into the engine.

const IGNORE = '[data-pling-ignore]';

// Declared elements may live inside open shadow roots (pages built from web components):
// every walk up the tree, containment test and hit test below crosses them.

/** The element's parent in the composed tree: its parent, or its shadow root's host. */
export function composedParent(el) {
  return el.parentElement ?? hostOf(el);
}

/** The host of the shadow root `node` is in, or null in the document. */
function hostOf(node) {
  const root = node.getRootNode?.();
  return root && root !== node && 'host' in root ? /** @type {ShadowRoot} */ (root).host : null;
}

/** `el.closest(selector)` across shadow roots. */
export function closestComposed(el, selector) {
  for (let node = el; node; node = hostOf(node)) {
    const found = node.closest(selector);
    if (found) return found;
  }
  return null;
}

/** Whether `outer` holds `inner`, shadow roots included. */
export function containsComposed(outer, inner) {
  for (let node = inner; node; node = hostOf(node)) if (outer.contains(node)) return true;
  return false;
}

/** The innermost element at a point, looking into open shadow roots. */
function deepHit(x, y) {
  let hit = document.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Visibility ratio from which an element counts as in the viewport. */
export const IN_VIEW_RATIO = 0.5;

/**
 * Measures visibility for one snapshot: each element's box, clipped by the viewport and by
 * every ancestor that clips its overflow. Clip chains are cached per parent, so a list of
 * rows costs one box read a row.
 */
export class Viewport {
  constructor() {
    this.width = window.innerWidth || document.documentElement.clientWidth;
    this.height = window.innerHeight || document.documentElement.clientHeight;
    /** @type {Map<Element, {left: number, top: number, right: number, bottom: number}>} */
    this.clips = new Map();
    /** @type {Map<Element, number>} */
    this.ratios = new Map();
    /** @type {MeasuredList | null} the list `measureRows` searched, if it did */
    this.list = null;
  }

  /** The rectangle that `el`'s descendants are clipped to (viewport ∩ clipping ancestors). */
  clipOf(el) {
    if (!el || el === document.body || el === document.documentElement) {
      return { left: 0, top: 0, right: this.width, bottom: this.height };
    }
    let clip = this.clips.get(el);
    if (clip) return clip;
    const outer = this.clipOf(composedParent(el));
    const style = getComputedStyle(el);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') {
      clip = outer;
    } else {
      const r = el.getBoundingClientRect();
      clip = {
        left: Math.max(outer.left, r.left), top: Math.max(outer.top, r.top),
        right: Math.min(outer.right, r.right), bottom: Math.min(outer.bottom, r.bottom),
      };
    }
    this.clips.set(el, clip);
    return clip;
  }

  /** The visible fraction of `el` (0 when outside the viewport or not rendered). */
  ratio(el) {
    let ratio = this.ratios.get(el);
    if (ratio !== undefined) return ratio;
    ratio = 0;
    if (el.isConnected) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 || r.height > 0) {
        const c = this.clipOf(composedParent(el));
        const w = Math.max(0, Math.min(r.right, c.right) - Math.max(r.left, c.left));
        const h = Math.max(0, Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top));
        const visible = w * h;
        const area = Math.max(r.width, 1) * Math.max(r.height, 1);
        ratio = Math.min(1, visible / area);
        // An element larger than the viewport counts when it fills half of it.
        if (ratio > 0 && ratio < IN_VIEW_RATIO && visible >= 0.5 * this.width * this.height) ratio = 1;
        if (ratio > 0 && ratio < IN_VIEW_RATIO && r.height > this.height && h >= 0.5 * this.height) ratio = 1;
      }
    }
    this.ratios.set(el, ratio);
    return ratio;
  }

  /**
   * Measures `n` elements in page order, such as a list's rows, reading only the boxes it
   * needs: when sampled elements share a parent and go down the page, the visible run is found
   * by binary search and only it is read; everything else is offscreen without being looked
   * up. Otherwise every element is measured.
   * @param {number} n
   * @param {(i: number) => Element | null | undefined} at the element at index i (looked up lazily)
   * @returns {MeasuredRows}
   */
  measureRows(n, at) {
    const all = {
      inView: (i) => {
        const el = at(i);
        return el ? this.inViewport(el) : undefined;
      },
      from: 0,
      to: n,
    };
    if (n < 64) return all;
    const first = at(0);
    if (!first || !first.isConnected) return all;
    const parent = first.parentElement;
    const rects = new Map();
    const box = (i) => {
      let r = rects.get(i);
      if (!r) {
        r = at(i).getBoundingClientRect();
        rects.set(i, r);
      }
      return r;
    };
    const fits = (i) => {
      const el = at(i);
      return !!el && el.parentElement === parent;
    };
    // Samples (and the last row) must share the parent, be rendered, and move down the page.
    const step = Math.max(1, Math.floor(n / 32));
    const samples = [];
    for (let i = 0; i < n; i += step) samples.push(i);
    if (samples[samples.length - 1] !== n - 1) samples.push(n - 1);
    let last = -Infinity;
    for (const i of samples) {
      if (!fits(i)) return all;
      const r = box(i);
      if ((r.width === 0 && r.height === 0) || r.top < last) return all;
      last = r.top;
    }
    const clip = this.clipOf(parent);
    // First row whose bottom is below the clip's top.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (!fits(mid)) return all;
      if (box(mid).bottom <= clip.top) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < n && fits(end) && box(end).top < clip.bottom) end += 1;
    this.list = { parent, n, from: lo, to: end, at };
    return {
      inView: (i) => (i < lo || i >= end ? false : this.inViewport(at(i))),
      from: lo,
      to: end,
    };
  }

  /** At least half of it is visible. */
  inViewport(el) {
    return this.ratio(el) >= IN_VIEW_RATIO;
  }

  /** Any of it is visible. */
  touchesViewport(el) {
    return this.ratio(el) > 0;
  }
}

/**
 * @typedef {object} MeasuredRows rows measured as a list
 * @property {(i: number) => boolean | undefined} inView in the viewport, or undefined without an element
 * @property {number} from the first row that may be in view
 * @property {number} to past the last one: every row outside `from`…`to` is out of view
 */

/**
 * @typedef {object} MeasuredList a list whose rows in view were found by binary search
 * @property {Element} parent the element every row is a child of
 * @property {number} n how many rows
 * @property {number} from the first row that may be in view
 * @property {number} to past the last one
 * @property {(i: number) => Element | null | undefined} at the row at index i
 */

/** Per-snapshot facts about the page as a whole. */
export class PageFacts {
  /** @param {import('./marked.js').MarkedElements} marked */
  constructor(marked) {
    /** @type {Element | null} the open modal dialog, if any */
    this.modal = null;
    const candidates = marked.get('modals');
    for (const el of candidates) {
      if (el.tagName === 'DIALOG' && /** @type {HTMLDialogElement} */ (el).open && isModalDialog(el) && isShown(el)) {
        this.modal = el;
        return;
      }
    }
    for (const el of candidates) {
      if (el.getAttribute('aria-modal') === 'true' && isShown(el)) {
        this.modal = el;
        return;
      }
    }
  }
}

function isModalDialog(el) {
  try {
    return el.matches(':modal');
  } catch {
    return false;
  }
}

/** @param {Element} el */
export function isShown(el) {
  if (!el.isConnected) return false;
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  return !!(el.getClientRects().length);
}

/** Shown and with a box of some size: an element whose place on the page can be measured. */
function hasBox(el) {
  if (!isShown(el)) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/**
 * What a row's control is measured by: the control when it is shown with a box; else (a
 * control hidden until hover, or of zero size) the row's record element when it has one;
 * else the control's nearest ancestor that is shown with a box. A row's place is the row's,
 * not that of a button drawn only under the pointer.
 * @param {Element} control
 * @param {() => Element | null | undefined} rowElement the row's record element, looked up lazily
 * @returns {Element}
 */
export function rowStandIn(control, rowElement) {
  if (hasBox(control)) return control;
  const row = rowElement();
  if (row instanceof Element && row !== control) return row;
  for (let p = composedParent(control); p && p !== document.body && p !== document.documentElement; p = composedParent(p)) {
    if (hasBox(p)) return p;
  }
  return control;
}

/** @param {Element} el */
export function isDisabled(el) {
  return (typeof el.matches === 'function' && el.matches(':disabled')) || !!closestComposed(el, '[aria-disabled="true"]');
}

/**
 * Whether the element is covered: outside an open modal dialog, inside `inert`, or, when in
 * the viewport, under an overlay at its centre.
 * @param {Element} el
 * @param {PageFacts} facts
 * @param {boolean} inViewport
 */
export function isCovered(el, facts, inViewport) {
  const known = blocked(el, facts);
  if (known !== undefined) return known;
  return inViewport ? overlayOver(el) !== null : false;
}

/**
 * What needs no hit test: false for an element Pling ignores, true inside `inert` or outside
 * an open modal dialog, undefined otherwise.
 * @param {Element} el
 * @param {PageFacts} facts
 * @returns {boolean | undefined}
 */
export function blocked(el, facts) {
  if (closestComposed(el, IGNORE)) return false;
  if (closestComposed(el, '[inert]')) return true;
  if (facts.modal && !containsComposed(facts.modal, el)) return true;
  return undefined;
}

/**
 * The point a hit test uses for `el`: its centre, clamped to the viewport.
 * @param {Element} el
 */
export function centreOf(el) {
  const r = el.getBoundingClientRect();
  return {
    x: Math.min(Math.max(r.left + r.width / 2, 0), (window.innerWidth || 1) - 1),
    y: Math.min(Math.max(r.top + r.height / 2, 0), (window.innerHeight || 1) - 1),
  };
}

/**
 * The overlay over the centre of `el` (something fixed or sticky, or a dialog, on top), or
 * null. A sibling that a pointer-events quirk happens to expose does not count.
 * @param {Element} el
 * @returns {Element | null}
 */
export function overlayOver(el) {
  const { x, y } = centreOf(el);
  const hit = deepHit(x, y);
  if (!hit || hit === el || containsComposed(el, hit) || containsComposed(hit, el)) return null;
  if (closestComposed(hit, IGNORE)) return null;
  for (let p = hit; p && p !== document.body; p = composedParent(p)) {
    if (p.tagName === 'DIALOG' || p.getAttribute('role') === 'dialog') return p;
    const position = getComputedStyle(p).position;
    if (position === 'fixed' || position === 'sticky') return p;
  }
  return null;
}

/** @param {Element} el */
export function isIgnored(el) {
  return !!closestComposed(el, IGNORE);
}

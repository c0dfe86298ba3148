// Overlays over a list's rows in view: something fixed or sticky, or a dialog, drawn over a
// row's control. A hit test answers it for one point, but a hit test into a long list costs
// time in proportion to the list (about 15 ms at 100,000 rows in Chromium), so rows are
// tested sparingly, and on a long list the page is looked through instead.
import { blocked, centreOf, overlayOver } from './dom.js';

/** Rows in view of a region hit-tested for overlays before the rest are assumed clear. */
const OVERLAY_SAMPLES = 1;

/** How deep, through how many children a level, and through how many elements in all, fixed
 * and sticky boxes are looked for near the top of the tree. */
const OVERLAY_DEPTH = 3;
const OVERLAY_FANOUT = 64;
const OVERLAY_VISITS = 256;

/** Rows from which a list is long enough for the page to be looked through instead. */
const LONG_LIST = 1000;
/** Elements looked through for each row of the long list: in Chromium a hit test into a list
 * costs about 0.15 µs a row and a style read about 0.8 µs an element, so a look through more
 * than an eighth as many elements as the list has rows would cost more than the test it saves. */
const VISITS_PER_ROW = 1 / 8;
/** Elements the look through the whole page visits at most, however long the list. */
const PAGE_VISITS = 20000;

/** @typedef {{el: Element, box: DOMRect, on: boolean | undefined}} Overlay a candidate; `on`
 * once a hit test said whether it is over what lies under it */

/**
 * Overlays over rows in view. The page's fixed and sticky boxes are candidates, and the first
 * row whose centre falls in one is hit-tested to confirm or clear it for every row under it.
 * On a page with a long list whose rows in view were found by measuring it, the candidates are
 * every overlay on the page (see `findOverlays`) and a row outside all of them is clear.
 * Otherwise they are the boxes near the top of the tree (headers, banners, bars), and the
 * first row in view of each region outside them is tested: an overlay found there joins them.
 */
export class OverlayProbe {
  /** @param {{facts: import('./dom.js').PageFacts, tracker: import('./dom.js').Viewport}} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {Overlay[] | null} */
    this.overlays = null;
    /** Whether `overlays` holds every overlay on the page. */
    this.complete = false;
    /** Hit tests left for rows outside every candidate, by region. */
    this.tests = new Map();
  }

  /** Whether something covers `el`, a control in view, in the region keyed `key`. */
  covers(el, key) {
    const known = blocked(el, this.ctx.facts);
    if (known !== undefined) return known;
    const overlays = this.#candidates();
    const centre = centreOf(el);
    let inside = false;
    for (const o of overlays) {
      if (!inBox(centre, o.box)) continue;
      inside = true;
      if (o.on === undefined) {
        const over = overlayOver(el);
        o.on = over !== null;
        if (over && over !== o.el) this.#confirm(over);
      }
      if (o.on) return true;
    }
    if (inside || this.complete) return false;
    const tests = this.tests.get(key) ?? OVERLAY_SAMPLES;
    if (tests <= 0) return false;
    this.tests.set(key, tests - 1);
    const over = overlayOver(el);
    if (!over) return false;
    this.#confirm(over);
    return true;
  }

  /** @returns {Overlay[]} */
  #candidates() {
    if (this.overlays) return this.overlays;
    const { tracker } = this.ctx;
    const found = findOverlays(tracker, tracker.list && tracker.list.n >= LONG_LIST ? tracker.list : null);
    this.complete = found.complete;
    this.overlays = found.overlays;
    return this.overlays;
  }

  #confirm(over) {
    if (!this.overlays.some((x) => x.el === over)) this.overlays.push({ el: over, box: over.getBoundingClientRect(), on: true });
  }
}

const inBox = ({ x, y }, r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom;

/** The element's box when it overlaps the viewport with some area, else null. */
function onScreen(el, tracker) {
  const box = el.getBoundingClientRect();
  const shows = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < tracker.height && box.left < tracker.width;
  return shows ? box : null;
}

/**
 * Fixed, sticky and dialog boxes that overlap the viewport, looked for level by level (so a
 * banner at the end of <body> is seen before a deep first subtree), open shadow roots
 * included, hidden subtrees and the ones Pling ignores left out.
 *
 * Without a long list, near the top of the tree only — where headers, banners and bars live:
 * OVERLAY_DEPTH levels, parents of more than OVERLAY_FANOUT children skipped, OVERLAY_VISITS
 * elements at most; `complete` is false.
 *
 * With one, the whole page, where the list's rows count only in view: a row out of view covers
 * nothing in view unless something in it is fixed, which a list's rows are not made of. It is
 * `complete` unless the list holds children that are not its rows (a sticky group header
 * among them, say) or the page has more elements besides than the look is worth (see
 * VISITS_PER_ROW): the sampled hit test answers then.
 * @param {import('./dom.js').Viewport} tracker
 * @param {import('./dom.js').MeasuredList | null} list the long list, if any
 * @returns {{overlays: Overlay[], complete: boolean}}
 */
function findOverlays(tracker, list) {
  const [depthLimit, visitLimit] = list ? [Infinity, Math.min(PAGE_VISITS, list.n * VISITS_PER_ROW)] : [OVERLAY_DEPTH, OVERLAY_VISITS];
  const overlays = [];
  const done = (complete) => ({ overlays, complete });
  if (list && list.parent.children.length !== list.n) return done(false);
  let visits = 0;
  let level = document.body ? [document.body] : [];
  for (let depth = 1; depth <= depthLimit && level.length; depth++) {
    const next = [];
    for (const parent of level) {
      const kids = childrenOf(parent, list);
      if (!list && kids.length > OVERLAY_FANOUT) continue;
      for (const el of kids) {
        if (++visits > visitLimit) return done(false);
        if (el.hasAttribute('data-pling-ignore')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none') continue;
        if (style.position === 'fixed' || style.position === 'sticky' || el.tagName === 'DIALOG' || el.getAttribute('role') === 'dialog') {
          const box = onScreen(el, tracker);
          if (box) overlays.push({ el, box, on: undefined });
        } else {
          next.push(el);
        }
      }
    }
    level = next;
  }
  return done(!!list);
}

/** An element's children and its open shadow root's; of the long list, the rows in view.
 * @param {Element} parent
 * @param {import('./dom.js').MeasuredList | null} list
 * @returns {Element[]} */
function childrenOf(parent, list) {
  if (parent === list?.parent) {
    const rows = [];
    for (let i = list.from; i < list.to; i++) {
      const row = list.at(i);
      if (row) rows.push(row);
    }
    return rows;
  }
  const kids = [...parent.children];
  return parent.shadowRoot ? kids.concat([...parent.shadowRoot.children]) : kids;
}

// The default effect of an action that declares none: `read` for what only changes the view
// (going somewhere, scrolling, opening a region, searching), `write` for everything else,
// because assuming a read is the unsafe mistake. A read never asks the person first.

/** Whether `el` is a search field: `type=search`, `role=searchbox`, or inside a search landmark. */
function isSearchField(el) {
  if (typeof Element === 'undefined' || !(el instanceof Element)) return false;
  if (el.getAttribute('type') === 'search' || el.getAttribute('role') === 'searchbox') return true;
  return !!el.closest('search, [role="search"]');
}

/**
 * The element an action declares, for its default effect: the element itself, or what a
 * function of none (`element: () => input`) gives now. A function of a row, or one that
 * throws or finds nothing yet, gives none: the effect is then `write`, the safe guess.
 * @param {unknown} element
 */
function elementNow(element) {
  if (typeof element !== 'function' || element.length > 0) return element;
  try {
    return element();
  } catch {
    return undefined;
  }
}

/**
 * The effect an action gets when it declares none.
 * @param {string} kind the action's kind
 * @param {{ reveals?: string, element?: unknown }} [d] what else the declaration says
 * @returns {'read' | 'write'}
 */
export function defaultEffect(kind, d = {}) {
  if (kind === 'navigate' || kind === 'scroll') return 'read';
  if (d.reveals) return 'read';
  return isSearchField(elementNow(d.element)) ? 'read' : 'write';
}

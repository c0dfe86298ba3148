// The page's marked elements — `data-pling-*` declarations, dialogs and `aria-modal` — found
// without walking the whole document for every snapshot. A query over a long page costs about
// half a millisecond a selector; the lists here are queried again only after a mutation adds,
// removes or re-marks such an element, which a MutationObserver reports.

/** What each list holds. */
export const MARKS = {
  regions: '[data-pling-region]',
  actions: '[data-pling-action]',
  records: '[data-pling-record-id]',
  state: '[data-pling-state]',
  feedback: '[data-pling-feedback]',
  forms: 'form[data-pling-form]',
  modals: 'dialog, [aria-modal]',
  sensitive: 'input[type=password], [data-pling-sensitive]',
};

/** Attributes whose change can add an element to a list or take one out. */
const ATTRIBUTES = [
  'data-pling-region', 'data-pling-action', 'data-pling-record-id', 'data-pling-state',
  'data-pling-feedback', 'data-pling-form', 'aria-modal', 'data-pling-sensitive', 'type',
];

const ANY = Object.values(MARKS).join(',');

/** Whether a node that came or went is, or holds, a marked element. */
function holdsMarks(node) {
  if (node.nodeType !== 1) return false;
  const el = /** @type {Element} */ (node);
  return el.matches(ANY) || (el.firstElementChild !== null && el.querySelector(ANY) !== null);
}

/**
 * Lists of marked elements in document order, kept until a relevant mutation.
 */
export class MarkedElements {
  /** @param {Document} doc */
  constructor(doc = document) {
    this.doc = doc;
    /** @type {Partial<Record<keyof typeof MARKS, Element[]>> | null} */
    this.lists = null;
    this.observer = new MutationObserver((records) => this.#note(records));
    this.observer.observe(doc, { subtree: true, childList: true, attributes: true, attributeFilter: ATTRIBUTES });
  }

  /** @param {MutationRecord[]} records */
  #note(records) {
    if (!this.lists) return;
    for (const r of records) {
      if (r.type === 'attributes') {
        this.lists = null;
        return;
      }
      for (const n of r.addedNodes) {
        if (holdsMarks(n)) {
          this.lists = null;
          return;
        }
      }
      for (const n of r.removedNodes) {
        if (holdsMarks(n)) {
          this.lists = null;
          return;
        }
      }
    }
  }

  /**
   * The marked elements of one kind, in document order.
   * @param {keyof typeof MARKS} kind
   * @returns {readonly Element[]}
   */
  get(kind) {
    this.#note(this.observer.takeRecords());
    if (!this.lists) this.lists = {};
    let list = this.lists[kind];
    if (!list) {
      list = [...this.doc.querySelectorAll(MARKS[kind])];
      this.lists[kind] = list;
    }
    return list;
  }

  /**
   * Queries the lists not held yet, yielding to the page after any query that took long (a
   * long page's first look costs about a tenth of a second a selector at a million rows), so
   * the snapshot that follows finds them ready and the tab stays responsive. A short page
   * never yields. Lists a mutation drops meanwhile are queried again when next read.
   */
  async warm(longMs = 8) {
    for (const kind of /** @type {(keyof typeof MARKS)[]} */ (Object.keys(MARKS))) {
      if (this.lists?.[kind]) continue;
      const start = performance.now();
      this.get(kind);
      if (performance.now() - start > longMs) await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  /**
   * The marked elements of one kind inside `root`: this document's lists, filtered when `root`
   * is one of its nodes; a root in another document (a frame) is queried directly.
   * @param {ParentNode} root
   * @param {keyof typeof MARKS} kind
   * @returns {readonly Element[]}
   */
  within(root, kind) {
    if (root === this.doc) return this.get(kind);
    if ((/** @type {Node} */ (root).ownerDocument ?? root) !== this.doc) return [...root.querySelectorAll(MARKS[kind])];
    return this.get(kind).filter((el) => root.contains(/** @type {Node} */ (el)));
  }

  disconnect() {
    this.observer.disconnect();
  }
}

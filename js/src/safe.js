// What leaves the page: every string of a snapshot made well-formed (a lone UTF-16 surrogate
// becomes U+FFFD), text cut by code points, the text a person reads without what is marked
// sensitive, and every value marked secret scrubbed from anything that is sent — snapshots,
// handler errors, feedback — wherever it turns up. The search is the engine's
// (`pling_core::secret`): it compares text in the form the observation shows it (invisible
// characters dropped, look-alikes folded), so no spelling of a secret passes the search and is
// then rebuilt by the engine; the engine also decides which values are too short to search for.

import { engineModule, guard } from './engine.js';
/** How JSON.stringify writes a lone surrogate (an escaped backslash before `ud800` matches too:
 * the slower, exact path then runs for nothing). */
const LONE_ESCAPE = /\\ud[89a-f]/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** @param {string} s */
export function wellFormed(s) {
  if (typeof s.toWellFormed === 'function') return s.toWellFormed();
  return s.replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * At most `max` code points of `s`, never half of a surrogate pair.
 * @param {string} s @param {number} max
 */
export function cutText(s, max) {
  if (s.length <= max) return s;
  let end = 0;
  for (let n = 0; n < max && end < s.length; n++) {
    const c = s.charCodeAt(end);
    end += c >= 0xd800 && c < 0xdc00 && end + 1 < s.length ? 2 : 1;
  }
  return s.slice(0, end);
}

/** Whether an element's content is sensitive: marked so, or a password input. */
export function isSensitive(el) {
  return el.hasAttribute('data-pling-sensitive') || (el.tagName === 'INPUT' && /** @type {HTMLInputElement} */ (el).type === 'password');
}

/**
 * The text of `el` as a description or label may use it: its text content without the
 * subtrees marked `data-pling-sensitive`.
 * @param {Element} el
 */
export function visibleText(el) {
  if (!el.querySelector('[data-pling-sensitive]')) return el.textContent ?? '';
  let out = '';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.nodeType === 1 && /** @type {Element} */ (n).hasAttribute('data-pling-sensitive') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType === 3) out += n.nodeValue;
  return out;
}

/** The values one snapshot masked, to scrub from everything else that leaves the page. */
export class Secrets {
  constructor() {
    /** @type {Set<string>} */
    this.values = new Set();
  }

  /** Notes a masked value (strings and numbers; objects by their strings). */
  note(value, depth = 0) {
    if (value === null || value === undefined || depth > 4) return;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
      const s = String(value).trim();
      if (s !== '') this.values.add(s);
    } else if (typeof value === 'object') {
      try {
        for (const v of Object.values(value)) this.note(v, depth + 1);
      } catch {
        // a throwing getter: nothing to note
      }
    }
  }

  /**
   * Notes the values of the page's password and sensitive inputs in `root`, found through the
   * page's marked elements (a long page is not queried again every snapshot).
   * @param {ParentNode} root
   * @param {import('./marked.js').MarkedElements} marked
   */
  noteFields(root, marked) {
    for (const el of marked.within(root, 'sensitive')) {
      if ('value' in el) this.note(/** @type {HTMLInputElement} */ (el).value);
      else this.note(el.textContent);
    }
  }

  /**
   * `text` well-formed, with every noted secret, in any spelling the engine would show as it,
   * replaced by the mask.
   * @param {string} text
   */
  scrub(text) {
    const out = wellFormed(text);
    if (this.values.size === 0) return out;
    return guard(() => engineModule().scrubSecrets(out, [...this.values]));
  }

  /** Whether `other` notes the same secrets. @param {Secrets | undefined} other */
  same(other) {
    return !!other && other.values.size === this.values.size && [...this.values].every((v) => other.values.has(v));
  }

  /**
   * The snapshot as JSON, every string (and key) well-formed and scrubbed.
   * @param {{recordIds?: unknown}} snapshot
   * @param {string} [recordIds] the snapshot's `recordIds` (its last member) as JSON already
   * @param {boolean} [held] leave `recordIds` out: the engine holds them
   */
  stringify(snapshot, recordIds, held) {
    const whole = held ? withoutRecordIds(snapshot) : snapshot;
    // JSON.stringify writes a lone surrogate as an escape: without one, every string is
    // well-formed already, and a long page is not passed through a replacer string by string.
    let json = recordIds === undefined || held ? JSON.stringify(whole) : withRecordIds(snapshot, recordIds);
    if (LONE_ESCAPE.test(json)) json = JSON.stringify(whole, (_key, value) => (typeof value === 'string' ? wellFormed(value) : value));
    if (this.values.size === 0) return json;
    return guard(() => engineModule().scrubSnapshot(json, [...this.values]));
  }
}

/** The snapshot's JSON with its last member, `recordIds`, written as given. */
function withRecordIds(snapshot, recordIds) {
  const head = JSON.stringify(withoutRecordIds(snapshot));
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"recordIds":${recordIds}}`;
}

/**
 * The snapshot without its `recordIds`, which the engine already holds.
 * @param {{recordIds?: unknown}} snapshot
 */
function withoutRecordIds({ recordIds: _, ...rest }) {
  return rest;
}

// The chat's answers as Markdown: parsed by marked, cleaned by DOMPurify, so lists, emphasis,
// code and links read as the model meant them and nothing the model writes can run or load on
// the page. Built into its own file (js/dist/markdown.js) and loaded when the first answer is
// shown, not with the page.
//
// What may come through: paragraphs, emphasis, code, lists, quotes, headings, tables, rules,
// line breaks and links. Raw HTML in the answer is shown as text; images are not loaded (an
// image URL can carry page data to another host without anyone clicking); a link is kept only
// for http(s) and mailto, opens in a new tab, and sends no opener or referrer.

import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    // Raw HTML is the model's text, not markup.
    html: ({ text }) => escapeHtml(text),
    // An image is its words (and its address, as text): nothing is fetched.
    image: ({ text, href }) => escapeHtml(text ? `${text} (${href})` : href),
  },
});

let purifier = null;

/** DOMPurify for this window, with the link rules added once. */
function purify() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_URL.test(href.trim())) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    if (!node.hasAttribute('title')) node.setAttribute('title', href);
  });
  return purifier;
}

/**
 * The answer as safe rich text.
 * @param {string} text Markdown from the model.
 * @returns {DocumentFragment}
 */
export function renderMarkdown(text) {
  const html = /** @type {string} */ (marked.parse(String(text ?? '')));
  return purify().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    RETURN_DOM_FRAGMENT: true,
  });
}

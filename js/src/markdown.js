// The chat's answers as Markdown: parsed into tokens by marked, then built as DOM nodes from
// an allowed set — no HTML string is ever parsed, so nothing the model writes can run or load
// on the page, and the renderer needs no Trusted Types policy. Built into its own file
// (js/dist/markdown.js) and loaded when the first answer is shown, not with the page.
//
// What may come through: paragraphs, emphasis, code, lists, quotes, headings, tables, rules,
// line breaks and links. Raw HTML in the answer is shown as text; images are not loaded (an
// image URL can carry page data to another host without anyone clicking), they are their
// words and address; a link is kept only for http(s) and mailto, opens in a new tab, and
// sends no opener or referrer.

import { Lexer } from 'marked';

/** How rich answers look in the chat, adopted by its shadow root with the renderer. */
export const richCss = `
.msg.rich { white-space: normal; }
.rich > :first-child { margin-top: 0; } .rich > :last-child { margin-bottom: 0; }
.rich p, .rich ul, .rich ol, .rich pre, .rich blockquote, .rich table { margin: 0 0 6px; }
.rich ul, .rich ol { padding-left: 20px; }
.rich h1, .rich h2, .rich h3, .rich h4, .rich h5, .rich h6 { font-size: 1em; margin: 0 0 4px; }
.rich code { font: 0.92em ui-monospace, monospace; background: var(--pling-bg); border-radius: 4px; padding: 0 3px; }
.rich pre { overflow-x: auto; background: var(--pling-bg); border-radius: 6px; padding: 6px 8px; }
.rich pre code { padding: 0; }
.rich blockquote { border-left: 3px solid var(--pling-border); padding-left: 8px; color: var(--pling-subtle); }
.rich a { color: var(--pling-accent); }
.rich table { border-collapse: collapse; } .rich th, .rich td { border: 1px solid var(--pling-border); padding: 2px 6px; }
`;

const SAFE_URL = /^(?:https?:|mailto:)/i;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text as the reader sees it: the few character references marked leaves in place, decoded. */
const decoded = (text) => String(text ?? '').replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name) => {
  if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
});

/** An element with children built from tokens. */
function el(tag, tokens, attrs = {}) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (tokens) node.append(...nodes(tokens));
  return node;
}

/** A link, if its address is one a person may follow; else only its words. */
function link(token) {
  const href = String(token.href ?? '').trim();
  if (!SAFE_URL.test(href)) return el('a', token.tokens);
  return el('a', token.tokens, { href, target: '_blank', rel: 'noopener noreferrer nofollow', title: token.title || href });
}

/** A list, its items, and a task item's box as text. */
function list(token) {
  const attrs = token.ordered && token.start !== '' && token.start !== 1 ? { start: String(token.start) } : {};
  const out = el(token.ordered ? 'ol' : 'ul', null, attrs);
  for (const item of token.items) {
    const li = el('li', item.tokens);
    if (item.task) li.prepend(item.checked ? '☑ ' : '☐ ');
    out.append(li);
  }
  return out;
}

/** A table: header cells, then rows, aligned as written. */
function table(token) {
  const cell = (tag, c, i) => el(tag, c.tokens, token.align[i] ? { align: token.align[i] } : {});
  const head = el('thead', null);
  head.append(el('tr', null));
  head.firstChild.append(...token.header.map((c, i) => cell('th', c, i)));
  const body = el('tbody', null);
  for (const row of token.rows) {
    const tr = el('tr', null);
    tr.append(...row.map((c, i) => cell('td', c, i)));
    body.append(tr);
  }
  const out = el('table', null);
  out.append(head, body);
  return out;
}

/** What each kind of token becomes; a kind not listed is its text. */
const BUILD = {
  paragraph: (t) => el('p', t.tokens),
  heading: (t) => el(`h${Math.min(6, Math.max(1, t.depth))}`, t.tokens),
  code: (t) => {
    const pre = el('pre', null);
    pre.append(Object.assign(document.createElement('code'), { textContent: t.text }));
    return pre;
  },
  blockquote: (t) => el('blockquote', t.tokens),
  hr: () => el('hr', null),
  list,
  table,
  strong: (t) => el('strong', t.tokens),
  em: (t) => el('em', t.tokens),
  del: (t) => el('del', t.tokens),
  codespan: (t) => Object.assign(document.createElement('code'), { textContent: t.text }),
  br: () => el('br', null),
  link,
  // An image is its words (and its address, as text): nothing is fetched.
  image: (t) => document.createTextNode(t.text ? `${decoded(t.text)} (${t.href})` : t.href),
  // Raw HTML is the model's text, not markup.
  html: (t) => (t.block ? Object.assign(document.createElement('p'), { textContent: t.text.trimEnd() }) : document.createTextNode(t.text)),
  text: (t) => (t.tokens ? nodes(t.tokens) : document.createTextNode(decoded(t.text))),
  space: () => null,
  def: () => null,
};

/** @param {any[]} tokens @returns {Node[]} */
function nodes(tokens) {
  return tokens.flatMap((t) => {
    const build = BUILD[/** @type {keyof typeof BUILD} */ (t.type)];
    const out = build ? build(t) : document.createTextNode(decoded(t.text ?? t.raw ?? ''));
    return out ?? [];
  });
}

/**
 * The answer as safe rich text.
 * @param {string} text Markdown from the model.
 * @returns {DocumentFragment}
 */
export function renderMarkdown(text) {
  const tokens = Lexer.lex(String(text ?? ''), { gfm: true, breaks: true });
  const fragment = document.createDocumentFragment();
  fragment.append(...nodes(tokens));
  return fragment;
}

// Building the widget's DOM as nodes, never by parsing strings: text is always text, so page
// data and model output cannot become markup, and Trusted Types have nothing to check.

/**
 * An element with attributes (`text` sets its text, `class` its class) and children.
 * @param {string} tag
 * @param {Record<string, string | boolean | undefined>} [attrs] `false`/`undefined` leave one out
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'text') el.textContent = String(value);
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/**
 * A button of a card or list.
 * @param {string} text what it says
 * @param {string} label its accessible name (holding the visible text)
 * @param {string} kind its class and part
 */
export function button(text, label, kind) {
  return h('button', { type: 'button', class: kind, part: kind, 'aria-label': label, text });
}

/**
 * A closed disclosure.
 * @param {string} title
 * @param {Node} content
 */
export function disclosure(title, content) {
  return h('details', { part: 'details' }, h('summary', { text: title }), content);
}

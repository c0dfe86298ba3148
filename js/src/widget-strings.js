// Every word the chat widget shows, per language: English here, German in its own file, any string
// replaceable through the `strings` option. A string may hold `{name}` placeholders, filled
// from what it is about (an action's description, a row's label, a number of seconds).

/** @typedef {import('./index.d.ts').ChatStrings} ChatStrings */

/** @type {ChatStrings} */
const EN = {
  title: 'Assistant',
  open: 'Open {title}',
  close: 'Close',
  greeting: 'Hi! I can help with this page. What would you like to do?',
  suggestions: 'Suggestions',
  placeholder: 'Ask me to do something on this page',
  message: 'Message',
  send: 'Send',
  stop: 'Stop',
  working: 'Working…',
  step: '{action}',
  stepOnRow: '{action}: “{row}”',
  quote: '“{text}”',
  stepDone: 'done',
  stepFailed: 'failed',
  stepRunning: 'running',
  details: 'Details',
  changedFields: '{row}: {fields} changed',
  valueChanged: '{control}: {from} → {to}',
  checked: 'checked',
  unchecked: 'unchecked',
  added: 'Added: {rows}',
  removed: 'Removed: {rows}',
  pageMoved: 'Now on {page}',
  pageSays: 'The page says: “{message}”',
  nothingChanged: 'Nothing visible changed on the page.',
  confirmQuestion: 'Shall I do this?',
  allow: 'Allow',
  deny: 'Deny',
  allowLabel: 'Allow: {what}',
  denyLabel: 'Deny: {what}',
  allowed: 'Allowed',
  denied: 'Denied',
  yourStep: 'Your step',
  showMe: 'Show me',
  showMeLabel: 'Show me where to do it on the page',
  couldNotStart: 'The assistant could not start: {reason}',
  blockedByPolicy: 'The assistant cannot run on this page: the site’s security policy does not allow its engine. The site needs to add \'wasm-unsafe-eval\' to its script-src.',
  nothingChangedOnPage: 'Nothing on the page was changed.',
  couldNotFinish: 'The assistant could not finish.',
  interrupted: 'The page changed while I was working on “{request}”, so that request was interrupted. Check the page, then ask again if needed.',
  unreachable: 'The assistant could not reach its server. Check the connection, then try again.',
  key: 'The assistant’s server refused its key. The site needs to fix its setup; trying again will not help.',
  quota: 'The assistant’s account has run out of credit. The site needs to top it up.',
  rateLimited: 'The assistant is getting too many requests. Wait a moment, then try again.',
  rateLimitedWait: 'The assistant is getting too many requests. Try again in {seconds} s.',
  tooLong: 'This conversation has grown too long for the model. Reload the page to start afresh, or ask something shorter.',
  noModel: 'No model is set up for this assistant yet. The site needs to configure one.',
  timeout: 'The model took too long to answer. Try again, perhaps with a shorter request.',
  server: 'The assistant’s server had a problem. Try again in a moment.',
  badReply: 'The model’s answer could not be read. Try again.',
  engine: 'The assistant ran into a problem of its own. Reload the page, then try again.',
};

/** The languages the widget knows, by their BCP 47 primary tag: English always; the others
 * once loaded or added. */
export const LOCALES = { en: EN };

/** Languages shipped as a file of their own (`locale-<tag>.js`), loaded when a chat asks. */
export const SHIPPED_LOCALES = ['de'];

/** How the entry loads a shipped language's module, by tag; null: none are loaded. */
let loader = /** @type {((tag: string) => Promise<{strings: ChatStrings}>) | null} */ (null);
/** The languages being loaded, by tag. */
const loading = /** @type {Record<string, Promise<void>>} */ ({});

/**
 * Sets how shipped languages are loaded: the npm entries import their own module, the script
 * build the file beside it.
 * @param {(tag: string) => Promise<{strings: ChatStrings}>} load
 */
export function setLocaleLoader(load) {
  loader = load;
}

/**
 * Loads the language `locale` (else the page's `lang`) names when it ships as a file of its
 * own and is not known yet: a promise that settles once the widget can speak it (one that
 * fails to load leaves English, with a warning). Null when there is nothing to wait for.
 * @param {string | undefined} locale
 * @returns {Promise<void> | null}
 */
export function localeReady(locale) {
  const tag = localeTag(locale);
  if (LOCALES[tag] || !SHIPPED_LOCALES.includes(tag) || !loader) return null;
  return (loading[tag] ??= loader(tag).then((m) => addLocale(tag, m.strings), (error) => {
    console.warn(`[pling] the chat's ${tag} strings did not load; it speaks English`, error);
  }));
}

/**
 * Teaches the widget a language.
 * @param {string} tag a BCP 47 primary tag, e.g. `de`
 * @param {ChatStrings} strings
 */
export function addLocale(tag, strings) {
  LOCALES[tag.toLowerCase()] = strings;
}

/** The primary tag of `locale`, else of the page's `lang`, else `en`. @param {string | undefined} locale */
export function localeTag(locale) {
  return (locale ?? globalThis.document?.documentElement.lang ?? 'en').toLowerCase().split('-')[0];
}

/**
 * The widget's strings: the built-in language closest to `locale` (else the page's `lang`,
 * else English), with the author's own strings over it.
 * @param {string | undefined} locale e.g. `de`, `de-CH`
 * @param {Partial<ChatStrings>} [overrides]
 * @returns {ChatStrings}
 */
export function stringsFor(locale, overrides = {}) {
  return { ...EN, ...(LOCALES[localeTag(locale)] ?? EN), ...overrides };
}

/**
 * A string with its `{name}` placeholders filled (a missing value leaves the placeholder).
 * @param {string} template
 * @param {Record<string, string | number>} [values]
 */
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

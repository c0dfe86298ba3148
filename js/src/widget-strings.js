// Every word the chat widget shows, per language: English and German built in, any string
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

/** @type {ChatStrings} */
const DE = {
  title: 'Assistent',
  open: '{title} öffnen',
  close: 'Schließen',
  greeting: 'Hallo! Ich helfe Ihnen mit dieser Seite. Was möchten Sie tun?',
  suggestions: 'Vorschläge',
  placeholder: 'Was soll ich auf dieser Seite tun?',
  message: 'Nachricht',
  send: 'Senden',
  stop: 'Stopp',
  working: 'Arbeite…',
  step: '{action}',
  stepOnRow: '{action}: „{row}“',
  quote: '„{text}“',
  stepDone: 'erledigt',
  stepFailed: 'fehlgeschlagen',
  stepRunning: 'läuft',
  details: 'Details',
  changedFields: '{row}: {fields} geändert',
  valueChanged: '{control}: {from} → {to}',
  checked: 'angekreuzt',
  unchecked: 'nicht angekreuzt',
  added: 'Hinzugefügt: {rows}',
  removed: 'Entfernt: {rows}',
  pageMoved: 'Jetzt auf {page}',
  pageSays: 'Die Seite meldet: „{message}“',
  nothingChanged: 'Auf der Seite hat sich sichtbar nichts geändert.',
  confirmQuestion: 'Soll ich das tun?',
  allow: 'Erlauben',
  deny: 'Ablehnen',
  allowLabel: 'Erlauben: {what}',
  denyLabel: 'Ablehnen: {what}',
  allowed: 'Erlaubt',
  denied: 'Abgelehnt',
  yourStep: 'Ihr Schritt',
  showMe: 'Zeig es mir',
  showMeLabel: 'Zeigen, wo das auf der Seite geht',
  couldNotStart: 'Der Assistent konnte nicht starten: {reason}',
  blockedByPolicy: 'Der Assistent kann auf dieser Seite nicht laufen: Die Sicherheitsrichtlinie der Website erlaubt seine Engine nicht. Die Website muss \'wasm-unsafe-eval\' in script-src erlauben.',
  nothingChangedOnPage: 'Auf der Seite wurde nichts geändert.',
  couldNotFinish: 'Der Assistent konnte die Aufgabe nicht abschließen.',
  interrupted: 'Die Seite hat gewechselt, während ich an „{request}“ gearbeitet habe; die Anfrage wurde unterbrochen. Prüfen Sie die Seite und fragen Sie bei Bedarf erneut.',
  unreachable: 'Der Assistent erreicht seinen Server nicht. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  key: 'Der Server des Assistenten hat seinen Schlüssel abgelehnt. Die Website muss ihre Einrichtung korrigieren; ein neuer Versuch hilft nicht.',
  quota: 'Das Guthaben des Assistenten ist aufgebraucht. Die Website muss es aufladen.',
  rateLimited: 'Der Assistent bekommt gerade zu viele Anfragen. Warten Sie einen Moment und versuchen Sie es erneut.',
  rateLimitedWait: 'Der Assistent bekommt gerade zu viele Anfragen. Versuchen Sie es in {seconds} s erneut.',
  tooLong: 'Das Gespräch ist zu lang für das Modell geworden. Laden Sie die Seite neu oder fragen Sie kürzer.',
  noModel: 'Für diesen Assistenten ist noch kein Modell eingerichtet. Die Website muss eines konfigurieren.',
  timeout: 'Das Modell hat zu lange gebraucht. Versuchen Sie es erneut, vielleicht mit einer kürzeren Anfrage.',
  server: 'Der Server des Assistenten hatte ein Problem. Versuchen Sie es gleich noch einmal.',
  badReply: 'Die Antwort des Modells war nicht lesbar. Versuchen Sie es erneut.',
  engine: 'Der Assistent hatte ein eigenes Problem. Laden Sie die Seite neu und versuchen Sie es erneut.',
};

/** The built-in languages, by their BCP 47 primary tag. */
export const LOCALES = { en: EN, de: DE };

/**
 * The widget's strings: the built-in language closest to `locale` (else the page's `lang`,
 * else English), with the author's own strings over it.
 * @param {string | undefined} locale e.g. `de`, `de-CH`
 * @param {Partial<ChatStrings>} [overrides]
 * @returns {ChatStrings}
 */
export function stringsFor(locale, overrides = {}) {
  const tag = (locale ?? globalThis.document?.documentElement.lang ?? 'en').toLowerCase().split('-')[0];
  return { ...EN, ...(LOCALES[tag] ?? EN), ...overrides };
}

/**
 * A string with its `{name}` placeholders filled (a missing value leaves the placeholder).
 * @param {string} template
 * @param {Record<string, string | number>} [values]
 */
export function fill(template, values = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

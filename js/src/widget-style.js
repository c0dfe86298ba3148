// The chat widget's look: one constructed stylesheet adopted by each widget's shadow root (no
// inline <style>, so a `style-src 'self'` policy does not strip it), themed through custom
// properties on the host (`pling-chat { --pling-accent: #0a7 }`; the font ones are inherited,
// so `:root { --pling-font: Inter, sans-serif }` works too) and `::part(...)`, and a colour
// scheme that follows the page's unless the author sets one.

const CSS = `
:host { all: initial; --pling-accent: #2d5bd7; --pling-on-accent: #fff; --pling-bg: #fff; --pling-fg: #1d1d1f;
  --pling-muted: #f0f1f4; --pling-border: #d5d7de; --pling-subtle: #555; --pling-danger: #b3261e; --pling-ok: #1e7b34;
  --pling-warn-bg: #fff9e0; --pling-warn-border: #e0b400; --pling-radius: 12px;
  --pling-z: 2147483000;
  color-scheme: light; }
:host([data-scheme="dark"]) { --pling-accent: #7aa2ff; --pling-on-accent: #0b1020; --pling-bg: #1c1d21; --pling-fg: #ececf1;
  --pling-muted: #2a2c33; --pling-border: #4a4c55; --pling-subtle: #b5b7c0; --pling-danger: #ff8a80; --pling-ok: #7ddc92;
  --pling-warn-bg: #3a3218; --pling-warn-border: #c9a227; color-scheme: dark; }
.launcher { position: fixed; right: max(12px, env(safe-area-inset-right)); bottom: max(12px, env(safe-area-inset-bottom)); z-index: var(--pling-z);
  border: 0; border-radius: 24px; padding: 10px 16px; font: 600 var(--pling-font-size, 14px)/1.2 var(--pling-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif); background: var(--pling-accent);
  color: var(--pling-on-accent); cursor: pointer; box-shadow: 0 2px 8px #0003; max-width: calc(100vw - 24px); }
.panel { position: fixed; right: 12px; bottom: 12px; z-index: var(--pling-z); width: min(380px, calc(100vw - 24px));
  height: min(520px, calc(100vh - 24px)); display: flex; flex-direction: column; background: var(--pling-bg); color: var(--pling-fg);
  border: 1px solid var(--pling-border); border-radius: var(--pling-radius); box-shadow: 0 6px 24px #0004;
  font: var(--pling-font-size, 14px)/1.45 var(--pling-font, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif); overflow: hidden; }
.panel[hidden], .launcher[hidden], .progress[hidden] { display: none; }
.head { display: flex; align-items: center; gap: 8px; padding: 10px 14px; background: var(--pling-muted); border-bottom: 1px solid var(--pling-border); }
.head strong { flex: 1; }
.head button { border: 0; background: none; font-size: 18px; cursor: pointer; color: var(--pling-subtle); min-width: 32px; min-height: 32px; }
.log { flex: 1; overflow-y: auto; padding: 12px 14px; display: flex; flex-direction: column; gap: 8px; }
.msg { padding: 8px 10px; border-radius: 10px; max-width: 88%; white-space: pre-wrap; word-break: break-word; }
.user { align-self: flex-end; background: var(--pling-accent); color: var(--pling-on-accent); }
.assistant { align-self: flex-start; background: var(--pling-muted); }
.intro { align-self: stretch; display: flex; flex-direction: column; gap: 8px; }
.intro p { margin: 0; }
.suggestions { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.suggestions button { font: inherit; font-size: 13px; padding: 5px 10px; min-height: 32px; border-radius: 16px; cursor: pointer;
  border: 1px solid var(--pling-border); background: var(--pling-bg); color: var(--pling-fg); text-align: start; }
.suggestions button:hover { border-color: var(--pling-accent); }
.step { align-self: stretch; max-width: none; padding: 2px 0; font-size: 13px; color: var(--pling-subtle); white-space: normal; }
.step .line { display: flex; gap: 6px; align-items: baseline; }
.step .mark { flex: none; width: 1.1em; text-align: center; font-weight: 700; }
.step.ok .mark { color: var(--pling-ok); }
.step.failed, .assistant.error { color: var(--pling-danger); }
.step.running .mark::before { content: ""; display: inline-block; width: 0.7em; height: 0.7em; border-radius: 50%;
  border: 2px solid currentColor; border-right-color: transparent; animation: pling-spin 0.8s linear infinite; }
details { margin-top: 2px; color: var(--pling-subtle); font-size: 12px; }
.step details { margin-left: calc(1.1em + 6px); }
details pre { margin: 4px 0 0; white-space: pre-wrap; word-break: break-word; font: 11px/1.4 ui-monospace, monospace; max-height: 200px; overflow: auto; }
details ul { margin: 4px 0 0; padding-left: 16px; }
summary { cursor: pointer; width: max-content; }
.progress { display: flex; align-items: center; gap: 8px; padding: 4px 14px 6px; font-size: 13px; color: var(--pling-subtle); }
.dots { display: inline-flex; gap: 3px; }
.dots i { width: 6px; height: 6px; border-radius: 50%; background: var(--pling-accent); animation: pling-pulse 1.2s ease-in-out infinite; }
.dots i:nth-child(2) { animation-delay: 0.2s; } .dots i:nth-child(3) { animation-delay: 0.4s; }
@keyframes pling-pulse { 0%, 80%, 100% { opacity: 0.25; transform: scale(0.8); } 40% { opacity: 1; transform: none; } }
@keyframes pling-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .dots i, .step.running .mark::before { animation: none; opacity: 0.7; } }
.confirm { align-self: stretch; border: 1px solid var(--pling-warn-border); background: var(--pling-warn-bg); border-radius: 10px; padding: 10px 12px; }
.confirm p { margin: 0 0 6px; }
.confirm .ask { font-size: 12px; color: var(--pling-subtle); margin-bottom: 2px; }
.confirm .what { font-weight: 600; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 10px; margin: 0 0 6px; font-size: 13px; }
.facts dt { color: var(--pling-subtle); } .facts dd { margin: 0; overflow-wrap: anywhere; }
.confirm button { margin: 4px 8px 0 0; padding: 6px 14px; min-height: 32px; border-radius: 8px; font: inherit; cursor: pointer;
  border: 1px solid var(--pling-border); background: var(--pling-bg); color: var(--pling-fg); }
.confirm button.allow { background: var(--pling-accent); color: var(--pling-on-accent); border-color: var(--pling-accent); }
.confirm .answer { margin: 4px 0 0; font-size: 13px; color: var(--pling-subtle); }
form { display: flex; gap: 6px; padding: 10px; border-top: 1px solid var(--pling-border); }
input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid var(--pling-border); border-radius: 8px; font: inherit;
  background: var(--pling-bg); color: var(--pling-fg); }
form button { padding: 8px 12px; border: 0; border-radius: 8px; background: var(--pling-accent); color: var(--pling-on-accent); font: inherit; cursor: pointer; }
form button.stop { background: var(--pling-muted); color: var(--pling-fg); border: 1px solid var(--pling-border); }
form button.stop::before { content: ""; display: inline-block; width: 0.6em; height: 0.6em; margin-right: 6px; background: currentColor; border-radius: 1px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
:focus-visible { outline: 2px solid var(--pling-accent); outline-offset: 2px; }
`;

/** @type {Map<string, CSSStyleSheet>} each style text's sheet, shared by every widget on the page */
const sheets = new Map();

/**
 * Gives the shadow root the widget's styles (or `css`, such as the rich answers' that come with
 * the Markdown renderer): a constructed stylesheet where the browser has them (every current
 * one), else a <style> element (which a strict `style-src` blocks).
 * @param {ShadowRoot} root
 * @param {string} [css]
 */
export function adoptStyles(root, css = CSS) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  if ([...root.querySelectorAll('style')].some((el) => el.textContent === css)) return;
  const style = document.createElement('style');
  style.textContent = css;
  root.prepend(style);
}

/**
 * The colour scheme to draw in: the author's, else the page's — its `color-scheme` (both
 * offered: the person's preference), else how dark the page's background is.
 * @param {Element} host
 * @param {'light' | 'dark' | 'auto' | undefined} theme
 * @returns {'light' | 'dark'}
 */
export function schemeOf(host, theme) {
  if (theme === 'light' || theme === 'dark') return theme;
  // The host's own color-scheme is the widget's: the page's is its parent's.
  const around = (host.isConnected && host.parentElement) || document.documentElement;
  const declared = getComputedStyle(around).colorScheme ?? 'normal';
  const light = /\blight\b/.test(declared);
  const dark = /\bdark\b/.test(declared);
  if (dark && !light) return 'dark';
  if (light && !dark) return 'light';
  if (light && dark) return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  return darkBackground() ? 'dark' : 'light';
}

/** Whether the page's own background (body, else html) is dark. */
function darkBackground() {
  for (const el of [document.body, document.documentElement]) {
    if (!el) continue;
    const rgba = getComputedStyle(el).backgroundColor.match(/[\d.]+/g)?.map(Number);
    if (!rgba || rgba.length < 3 || rgba[3] === 0) continue;
    const [r, g, b] = rgba.map((c) => c / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4;
  }
  return false;
}

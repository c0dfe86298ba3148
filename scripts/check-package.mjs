#!/usr/bin/env node
// Checks what `npm pack` would ship: the entries, their type declarations, the wasm engine and
// the <script> build — and nothing from the tests or the demos.
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8' }));
const files = new Set(pack.files.map((f) => f.path));
const needed = [
  'package.json', 'js/src/index.js', 'js/src/index.d.ts', 'js/src/snapshot.d.ts', 'js/src/slim.js', 'js/src/slim.d.ts', 'js/src/script.d.ts',
  'js/wasm/pling_wasm.js', 'js/wasm/pling_wasm_bg.wasm', 'js/wasm/pling_observe_bg.wasm',
  'js/dist/pling.iife.js', 'js/dist/markdown.js', 'js/dist/extras.js', 'js/dist/locale-de.js', 'js/src/proxy.js', 'js/src/proxy.d.ts', 'js/src/vite.js', 'js/src/vite.d.ts', 'LICENSE-MIT', 'LICENSE-APACHE', 'README.md',
];
const missing = needed.filter((f) => !files.has(f));
const stray = [...files].filter((f) => /^(tests|www|crates|scripts)\//.test(f));
// One copy of each engine: the script build loads them from ../wasm/.
const engines = [...files].filter((f) => f.endsWith('.wasm'));
if (engines.length !== 2) stray.push(...engines.filter((f) => !f.startsWith('js/wasm/')));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const [entry, target] of Object.entries(pkg.exports)) {
  for (const path of typeof target === 'string' ? [target] : Object.values(target)) {
    if (!files.has(path.replace(/^\.\//, ''))) missing.push(`${path} (exports "${entry}")`);
  }
  if (typeof target === 'object' && !target.types) missing.push(`types for exports "${entry}"`);
}
// The glue names no engine of its own, so a bundler copies only the engine an entry names
// (none for the slim entry, which takes the author's).
const glue = readFileSync(new URL('../js/wasm/pling_wasm.js', import.meta.url), 'utf8');
if (/new URL\([^)]*\.wasm/.test(glue)) stray.push('js/wasm/pling_wasm.js names a default .wasm (bundlers emit the whole engine for the slim entry)');
// Where people find the source, the docs and the tracker from npm's page.
for (const field of ['repository', 'homepage', 'bugs']) if (!pkg[field]) missing.push(`package.json "${field}"`);
// The Markdown bundle carries marked's and DOMPurify's licence notices with their code.
const markdown = readFileSync(new URL('../js/dist/markdown.js', import.meta.url), 'utf8');
for (const notice of [/marked[\s\S]{0,200}MIT/i, /DOMPurify[\s\S]{0,300}(Apache|MPL)/i]) {
  if (!notice.test(markdown)) missing.push(`the licence notice ${notice} in js/dist/markdown.js`);
}
// A page on the slim entry that never shows the chat carries no Markdown chunk (nor an engine
// it did not name): bundled with code splitting, as an app's bundler would.
const { build } = await import('esbuild');
const slimApp = await build({
  stdin: { contents: "import { createPling } from './js/src/slim.js'; createPling({ wasm: '/x.wasm' });", resolveDir: fileURLToPath(new URL('..', import.meta.url)), loader: 'js' },
  bundle: true, splitting: true, format: 'esm', outdir: 'slim-app', write: false, metafile: true, logLevel: 'silent',
});
const pulled = Object.keys(slimApp.metafile.inputs).filter((f) => /dist\/markdown|\.wasm$/.test(f));
if (pulled.length) stray.push(`a slim-entry app bundles ${pulled.join(', ')}`);
// The chat's German is a chunk of its own in an app that mounts the chat, as the size budgets
// assume: the entry chunk carries none of it.
const chatApp = await build({
  stdin: { contents: "import { createPling, mountChat } from './js/src/index.js'; mountChat(await createPling(), { baseURL: '/v1' });", resolveDir: fileURLToPath(new URL('..', import.meta.url)), loader: 'js' },
  bundle: true, splitting: true, format: 'esm', outdir: 'chat-app', write: false, metafile: true, logLevel: 'silent',
  external: ['*.wasm', '../dist/markdown.js'],
});
const entryChunk = Object.values(chatApp.metafile.outputs).find((o) => o.entryPoint);
const germanChunk = Object.values(chatApp.metafile.outputs).find((o) => Object.keys(o.inputs).some((f) => f.endsWith('locale-de.js')));
if (!entryChunk || !germanChunk || germanChunk === entryChunk) stray.push("the chat's German in an npm app's entry chunk");
console.log(`npm pack: ${files.size} files, ${(pack.size / 1024).toFixed(0)} KB packed, ${(pack.unpackedSize / 1024).toFixed(0)} KB unpacked`);
if (missing.length || stray.length) {
  if (missing.length) console.error(`missing from the package: ${missing.join(', ')}`);
  if (stray.length) console.error(`should not ship: ${stray.join(', ')}`);
  process.exit(1);
}

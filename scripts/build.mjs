#!/usr/bin/env node
// Builds the browser package: the wasm engine (cargo + wasm-bindgen + wasm-opt) into js/wasm/,
// its observe-only build beside it, and the <script> build into js/dist/. Prints the sizes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync, statSync, readdirSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const wasmIn = join(root, 'target/wasm32-unknown-unknown/release/pling_wasm.wasm');

// `--if-needed` (npm's prepack): a package that already holds its built engine is packed as it
// is, so packing needs Rust only when the engine was never built or its sources changed since.
if (process.argv.includes('--if-needed') && upToDate()) {
  console.error('build: the engine and the script build are up to date; nothing to do');
  process.exit(0);
}

function upToDate() {
  const built = ['js/wasm/pling_wasm_bg.wasm', 'js/wasm/pling_observe_bg.wasm', 'js/wasm/pling_wasm.js', 'js/dist/pling.iife.js', 'js/dist/markdown.js'].map((f) => join(root, f));
  if (!built.every(existsSync)) return false;
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  const newest = (dir) => readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((m, e) => Math.max(m, statSync(join(e.parentPath ?? e.path, e.name)).mtimeMs), 0);
  return Math.max(newest(join(root, 'crates')), newest(join(root, 'js/src'))) <= oldest;
}
const outDir = join(root, 'js/wasm');
mkdirSync(outDir, { recursive: true });

try {
  execFileSync('cargo', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('build: building the engine needs Rust (cargo, the wasm32-unknown-unknown target) and wasm-bindgen; ./scripts/setup installs them. A package from npm already holds the built engine.');
  process.exit(1);
}
run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pling-wasm']);
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', outDir, '--out-name', 'pling_wasm', wasmIn]);
const bg = join(outDir, 'pling_wasm_bg.wasm');
const optimise = (input, output) => run(bin('wasm-opt'), [
  '-Oz', '--strip-debug', '--strip-producers',
  '--enable-bulk-memory', '--enable-bulk-memory-opt', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-multivalue', '--enable-reference-types',
  input, '-o', output,
]);
optimise(bg, bg);

// The observe-only engine: the same binding without the assistant loop (its own target dir, so
// the two builds never rebuild each other). It runs with the same JS glue: its imports must be
// ones the full engine has, and it must export what the glue needs to start.
run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pling-wasm', '--no-default-features', '--target-dir', 'target/observe']);
const observeTmp = join(root, 'target/observe/bindgen');
mkdirSync(observeTmp, { recursive: true });
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', observeTmp, '--out-name', 'pling_wasm', join(root, 'target/observe/wasm32-unknown-unknown/release/pling_wasm.wasm')]);
const observeBg = join(outDir, 'pling_observe_bg.wasm');
optimise(join(observeTmp, 'pling_wasm_bg.wasm'), observeBg);
{
  const full = new WebAssembly.Module(readFileSync(bg));
  const small = new WebAssembly.Module(readFileSync(observeBg));
  const key = (i) => `${i.module}.${i.name}`;
  const fullImports = new Set(WebAssembly.Module.imports(full).map(key));
  const strange = WebAssembly.Module.imports(small).map(key).filter((k) => !fullImports.has(k));
  const smallExports = new Set(WebAssembly.Module.exports(small).map((e) => e.name));
  // Everything the full engine exports, but the loop (assistant_*) and the wire format.
  const loopOnly = /^(__wbg_)?(assistant|replystream)|^(parseReply|httpError|modelErrorMessage|retryDelay)$/;
  const missing = WebAssembly.Module.exports(full).map((e) => e.name).filter((name) => !loopOnly.test(name) && !smallExports.has(name));
  if (strange.length || missing.length) {
    throw new Error(`the observe-only engine does not fit the glue: imports ${strange.join(', ') || 'ok'}; exports missing ${missing.join(', ') || 'none'}`);
  }
}

mkdirSync(join(root, 'js/dist'), { recursive: true });
run(bin('esbuild'), [
  'js/src/script.js', '--bundle', '--format=iife', '--target=es2020', '--minify', '--define:import.meta.url=undefined',
  '--external:../dist/markdown.js', '--outfile=js/dist/pling.iife.js', '--log-level=warning',
]);
// The chat's Markdown renderer (marked + DOMPurify), one ES module loaded with the first answer,
// by the script build from beside itself and by the package's widget from ../dist/.
run(bin('esbuild'), [
  'js/src/markdown.js', '--bundle', '--format=esm', '--target=es2020', '--minify', '--legal-comments=inline',
  '--outfile=js/dist/markdown.js', '--log-level=warning',
]);
// The <script> build loads the engine from ../wasm/, the one copy of each engine the package
// ships (data-pling-wasm picks another place, or the observe-only engine).
for (const stale of ['pling_wasm_bg.wasm', 'pling_observe_bg.wasm']) rmSync(join(root, 'js/dist', stale), { force: true });

const size = (file) => {
  const bytes = readFileSync(file);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return `${kb(bytes.length)} raw, ${kb(gzipSync(bytes, { level: 9 }).length)} gzip, ${kb(brotliCompressSync(bytes).length)} brotli`;
};
console.log(`\nwasm engine      ${size(bg)}`);
console.log(`observe-only     ${size(observeBg)}`);
console.log(`wasm glue        ${size(join(outDir, 'pling_wasm.js'))}`);
console.log(`script build     ${size(join(root, 'js/dist/pling.iife.js'))}`);
console.log(`markdown         ${size(join(root, 'js/dist/markdown.js'))}`);
if (!existsSync(bg) || statSync(bg).size < 1000) throw new Error('wasm build produced no module');

// What a page pays, and when: the script build up front (a lazy start), the engine on first use
// (the first observation, call or chat message). CI fails when one grows past its budget.
const BUDGETS_GZIP_KB = {
  'up front (script build)': 32,
  'on first use (full engine)': 215,
  'on first use (observe-only engine)': 140,
  'with the first answer (Markdown)': 32,
};
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const paid = {
  'up front (script build)': gz(join(root, 'js/dist/pling.iife.js')),
  'on first use (full engine)': gz(bg),
  'on first use (observe-only engine)': gz(observeBg),
  'with the first answer (Markdown)': gz(join(root, 'js/dist/markdown.js')),
};
const over = [];
for (const [what, kb] of Object.entries(paid)) {
  console.log(`${what.padEnd(36)} ${kb.toFixed(1)} KB gzip (budget ${BUDGETS_GZIP_KB[what]} KB)`);
  if (kb > BUDGETS_GZIP_KB[what]) over.push(`${what}: ${kb.toFixed(1)} KB > ${BUDGETS_GZIP_KB[what]} KB`);
}
if (over.length) throw new Error(`over the size budget: ${over.join('; ')}`);

#!/usr/bin/env node
// Builds the browser package: the wasm engine (cargo + wasm-bindgen + wasm-opt) into js/wasm/,
// and the <script> build into js/dist/. Prints the sizes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
const bin = (name) => join(root, 'node_modules', '.bin', name);

const wasmIn = join(root, 'target/wasm32-unknown-unknown/release/pling_wasm.wasm');
const outDir = join(root, 'js/wasm');
mkdirSync(outDir, { recursive: true });

run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'pling-wasm']);
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', outDir, '--out-name', 'pling_wasm', wasmIn]);
const bg = join(outDir, 'pling_wasm_bg.wasm');
run(bin('wasm-opt'), [
  '-Oz', '--strip-debug', '--strip-producers',
  '--enable-bulk-memory', '--enable-bulk-memory-opt', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-multivalue', '--enable-reference-types',
  bg, '-o', bg,
]);

mkdirSync(join(root, 'js/dist'), { recursive: true });
run(bin('esbuild'), [
  'js/src/script.js', '--bundle', '--format=iife', '--target=es2020', '--minify', '--define:import.meta.url=undefined',
  '--outfile=js/dist/pling.iife.js', '--log-level=warning',
]);
// The <script> build loads the wasm beside itself.
writeFileSync(join(root, 'js/dist/pling_wasm_bg.wasm'), readFileSync(bg));

const size = (file) => {
  const bytes = readFileSync(file);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return `${kb(bytes.length)} raw, ${kb(gzipSync(bytes, { level: 9 }).length)} gzip, ${kb(brotliCompressSync(bytes).length)} brotli`;
};
console.log(`\nwasm engine      ${size(bg)}`);
console.log(`wasm glue        ${size(join(outDir, 'pling_wasm.js'))}`);
console.log(`script build     ${size(join(root, 'js/dist/pling.iife.js'))}`);
if (!existsSync(bg) || statSync(bg).size < 1000) throw new Error('wasm build produced no module');

#!/usr/bin/env node
// Two builds of the engine on the same snapshots, in one process: the time from snapshot JSON
// to a rendered observation (`new Page(json)` and `render()`), interleaved so that whatever
// else the machine does weighs on both alike, and each module's size. For measuring a change
// to the engine or its build against the engine before it:
//
//   git worktree add ../pling-before HEAD~1 && (cd ../pling-before && npm ci && node scripts/build.mjs)
//   node tests/bench-engine.mjs ../pling-before/js/wasm js/wasm
//
// Each directory holds `pling_wasm.js` and `pling_wasm_bg.wasm` as the build writes them. The
// snapshots are taken in Chromium from the benchmark page (`www/bench`) at 1,000 and 10,000
// rows, and a page of another shape is generated at the same sizes (each row's actions declared
// one by one). Prints the interquartile mean of RUNS timings each, and the ratio candidate /
// baseline, and whether the two render the same observation.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const [baseDir, candidateDir = 'js/wasm'] = process.argv.slice(2);
if (!baseDir) {
  console.error('usage: node tests/bench-engine.mjs <baseline engine dir> [<candidate engine dir>]');
  process.exit(2);
}
const ROWS = (process.env.BENCH_ROWS ?? '1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 400);

/** The bench page's snapshot at each row count, as the page sends it to the engine. */
async function snapshots() {
  const server = await startServer({ port: 0 });
  const browser = await launchChromium();
  const out = new Map();
  try {
    for (const rows of ROWS) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${server.url}/bench?rows=${rows}`);
      await page.waitForFunction(() => window.bench, null, { timeout: 60_000 });
      out.set(rows, await page.evaluate(async () => {
        return JSON.stringify((await window.bench.pling.observe()).snapshot);
      }));
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return out;
}

/** One engine, instantiated from its directory. */
async function load(dir) {
  const glue = await import(pathToFileURL(resolve(dir, 'pling_wasm.js')).href);
  const bytes = readFileSync(resolve(dir, 'pling_wasm_bg.wasm'));
  glue.initSync({ module: bytes });
  return { glue, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Milliseconds for one snapshot → observation, appended to `times`. */
function once(glue, json, times) {
  const start = performance.now();
  const page = new glue.Page(json, undefined);
  page.render();
  times.push(performance.now() - start);
  page.free();
}

/** What the model is sent for one snapshot: the rendered section, rules and tools. */
function render(glue, json) {
  const page = new glue.Page(json, undefined);
  const out = page.render();
  page.free();
  return out;
}

/** The mean of the middle half: steadier than the median on a busy machine. */
function iqm(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const mid = sorted.slice(sorted.length >> 2, (3 * sorted.length) >> 2);
  return mid.reduce((a, b) => a + b, 0) / mid.length;
}

/**
 * A page of another shape than the benchmark's row sets: `rows` records whose two row actions
 * are each declared one by one (`open@r1`, `delete@r1`, …), as a page without `rows` declares
 * them; every action is folded on its own.
 */
function oneByOne(rows) {
  const records = [];
  const actions = [];
  for (let i = 1; i <= rows; i++) {
    records.push({ id: `r${i}`, label: `Order ${i}`, fields: { total: i * 3, status: i % 3 ? 'open' : 'paid' } });
    actions.push({ id: `open@r${i}`, record: `r${i}`, description: 'Open the order', effect: 'read' });
    actions.push({ id: `delete@r${i}`, record: `r${i}`, description: 'Delete the order', confirm: true });
  }
  return JSON.stringify({ page: { title: 'Orders', path: '/orders' }, actions, records });
}

const jsons = await snapshots();
for (const rows of ROWS) jsons.set(`${rows.toLocaleString('en')} declared one by one:`, oneByOne(rows));
const base = await load(baseDir);
const candidate = await load(candidateDir);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`size (gzip -9): baseline ${kb(base.gzip)}, candidate ${kb(candidate.gzip)}, ratio ${(candidate.gzip / base.gzip).toFixed(3)}`);
for (const [rows, json] of jsons) {
  const a = [];
  const b = [];
  for (let i = 0; i < 30; i++) once(base.glue, json, []), once(candidate.glue, json, []);
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always follows the other's garbage.
    if (i % 2) once(base.glue, json, a), once(candidate.glue, json, b);
    else once(candidate.glue, json, b), once(base.glue, json, a);
  }
  const [ta, tb] = [iqm(a), iqm(b)];
  const same = render(base.glue, json) === render(candidate.glue, json) ? 'the same' : 'DIFFERENT';
  const name = typeof rows === 'number' ? `${rows.toLocaleString('en')} rows:` : rows;
  console.log(`${name} baseline ${ta.toFixed(2)} ms, candidate ${tb.toFixed(2)} ms, ratio ${(tb / ta).toFixed(3)}; observation ${same}`);
}

#!/usr/bin/env node
// Benchmark in Chromium: settle-excluded time from "take a snapshot" to "observation ready"
// on a generated page at 12, 1k, 10k and 100k rows, split into its phases, and the public
// `observe({ settle: false })` as a page calls it (collect, scrub, engine, system message). Prints
// a table with the 100k / 10k ratio of one run and writes it into docs/performance.md between the
// bench:browser markers (BENCH_WRITE=0 to skip). `BENCH_ROWS=1000000 BENCH_WRITE=0` measures a
// million rows (the page takes a while to build); `BENCH_QUERY=&rowActions=region` declares the row
// actions without rows of their own (a run with a query writes nothing).
import { launchChromium } from './chromium.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { startServer } from '../scripts/serve.mjs';

const ROWS = (process.env.BENCH_ROWS ?? '12,1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 31);
/** More of the bench page's query, e.g. `&rowActions=region` (row actions on the region's records). */
const QUERY = process.env.BENCH_QUERY ?? '';

const server = await startServer({ port: 0 });
// `gc()` in the page: the heap is read after a full collection, so it shows what a turn keeps.
const browser = await launchChromium(['--js-flags=--expose-gc']);

const results = [];
try {
  for (const rows of ROWS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${server.url}/bench?rows=${rows}${QUERY}`, { timeout: 600_000 });
    await page.waitForFunction(() => window.bench, null, { timeout: 600_000 });
    const r = await page.evaluate(async (runs) => {
      const { Observed } = await import('/js/src/engine.js');
      // The JS phase alone, as `observe` runs it, to time it apart from the engine's.
      const { collect } = await import('/js/src/collect.js');
      const pling = window.bench.pling;
      const collectNow = () => collect(pling.registry, { attributes: true, root: document, marked: pling.marked, report: () => {} });
      await pling.settle();
      // The first observation's longest task (Chromium reports tasks over 50 ms): how long the
      // page could not answer while it ran, which at a million rows is the figure that matters.
      // The garbage the page left building itself is collected first, so that collection is
      // not counted as Pling's (at a million rows it otherwise lands in this task).
      window.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      /** @type {PerformanceEntry[]} */
      const tasks = [];
      const long = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
      long.observe({ type: 'longtask' });
      const t0 = performance.now();
      await pling.observe({ settle: false });
      const first = performance.now() - t0;
      await new Promise((resolve) => setTimeout(resolve, 100));
      tasks.push(...long.takeRecords());
      const firstTask = tasks.filter((e) => e.startTime + e.duration > t0)
        .reduce((m, e) => Math.max(m, e.duration), 0);
      long.disconnect();
      const phases = { collect: [], stringify: [], engine: [], total: [], observe: [], page: [], own: [] };
      const heap = () => {
        window.gc?.();
        return performance.memory?.usedJSHeapSize ?? 0;
      };
      const heapFirst = heap();
      let size = 0;
      let json = '';
      /** The lists the engine holds, with their handle (a tree without handles holds none). */
      let held = null;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
      for (let i = 0; i < runs; i++) {
        // Each run is a turn: the page changes a row, renders, and then is observed. Nothing
        // cached from the previous run (layout, hit tests) is still valid for the changed rows.
        window.bench.touch(i);
        await frame();
        await frame();
        window.bench.takeRowsMs();
        const a = performance.now();
        const { snapshot, secrets, recordIdsJson, lists } = collectNow();
        const b = performance.now();
        phases.page.push(window.bench.takeRowsMs());
        // As `observe` sends it: lists the engine read last turn go as their handle.
        const same = !!held && held.lists === lists && held.secrets.same(secrets);
        json = secrets.stringify(snapshot, recordIdsJson, same);
        const c = performance.now();
        const o = new Observed(json, undefined, same ? held.handle : undefined);
        held = lists && o.lists ? { lists, secrets, handle: o.lists() } : null;
        const d = performance.now();
        size = o.section.length + JSON.stringify(o.tools).length;
        o.free();
        phases.collect.push(b - a);
        phases.stringify.push(c - b);
        phases.engine.push(d - c);
        phases.total.push(d - a);
        phases.own.push(d - a - phases.page.at(-1));
        // The public call, as a page makes it, on a turn of its own: "observation ready".
        window.bench.touch(i + runs);
        await frame();
        await frame();
        const e = performance.now();
        await pling.observe({ settle: false });
        phases.observe.push(performance.now() - e);
      }
      const heapLast = heap();
      // Baseline in the same run: the page's whole visible text, what a text-scraping agent
      // would send, and the time to read it.
      const textTimes = [];
      let pageText = '';
      for (let i = 0; i < Math.min(runs, 7); i++) {
        const a = performance.now();
        pageText = document.body.innerText;
        textTimes.push(performance.now() - a);
      }
      const median = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      return {
        first, firstTask, heapFirst, heapLast,
        collect: median(phases.collect), stringify: median(phases.stringify), engine: median(phases.engine), total: median(phases.total), observe: median(phases.observe), page: median(phases.page), own: median(phases.own),
        snapshotBytes: json.length, outputChars: size, textChars: pageText.length, textMs: median(textTimes),
      };
    }, RUNS);
    results.push({ rows, ...r });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const ms = (x) => `${x.toFixed(2)} ms`;
const mb = (x) => `${(x / 2 ** 20).toFixed(0)} MB`;
const lines = [
  '| rows | collect (JS) | JSON (as sent) | engine (parse + observe + render) | total | of it, the page\'s `rows()` | total, Pling\'s own | `observe()` | first call (its longest task) | JS heap after a collection, first → last turn | snapshot | output (section + tools) | baseline: page text | output / baseline |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.rows.toLocaleString('en')} | ${ms(r.collect)} | ${ms(r.stringify)} | ${ms(r.engine)} | **${ms(r.total)}** | ${ms(r.page)} | **${ms(r.own)}** | **${ms(r.observe)}** | ${ms(r.first)} (${r.firstTask ? ms(r.firstTask) : 'none over 50 ms'}) | ${mb(r.heapFirst)} → ${mb(r.heapLast)} | ${(r.snapshotBytes / 1024).toFixed(0)} KB | ${r.outputChars.toLocaleString('en')} chars | ${r.textChars.toLocaleString('en')} chars in ${ms(r.textMs)} | ${(r.outputChars / r.textChars).toFixed(3)} |`),
];
const at = (n) => results.find((r) => r.rows === n);
if (at(10_000) && at(100_000)) {
  const ratio = (k) => (at(100_000)[k] / at(10_000)[k]).toFixed(1);
  lines.push('', `100k / 10k in this run: total ${ratio('total')}×, Pling's own ${ratio('own')}×, \`observe()\` ${ratio('observe')}× (goal: ≤ 2×, and ≤ 16 ms at 100,000 rows).`);
}
const table = lines.join('\n');
console.log(table);

if (process.env.BENCH_WRITE !== '0' && !QUERY) {
  const readme = new URL('../docs/performance.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:browser -->';
  const end = '<!-- /bench:browser -->';
  if (text.includes(start) && text.includes(end)) {
    const next = `${text.slice(0, text.indexOf(start) + start.length)}\n${table}\n${text.slice(text.indexOf(end))}`;
    writeFileSync(readme, next);
    console.log('docs/performance.md updated');
  }
}

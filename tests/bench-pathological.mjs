#!/usr/bin/env node
// Benchmark in Chromium: pathological but plausible pages declared through the JS API — a
// row action with a reason per row, thousands of actions of one name, deeply nested regions,
// thousands of state groups, a cyclic state value — at 10k and 100k items: the time of one
// observation (collect, stringify, engine) and its size. 100k / 10k near 10 means linear.
import { launchChromium } from './chromium.mjs';
import { startServer } from '../scripts/serve.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const server = await startServer({ port: 0 });
const browser = await launchChromium();

const SHAPES = ['row action, a reason per row', 'actions of one name', 'declarations of one row', 'nested regions', 'state groups', 'cyclic state value'];

const rows = [];
try {
  for (const shape of SHAPES) {
    const times = [];
    let size = 0;
    for (const n of SIZES) {
      const page = await browser.newPage();
      await page.goto(`${server.url}/bench?rows=0`);
      await page.waitForFunction(() => window.bench);
      const r = await page.evaluate(async ({ shape, n }) => {
        const { createPling } = await import('/js/src/index.js');
        const pling = await createPling({ attributes: false });
        const ids = Array.from({ length: n }, (_, i) => `o${i}`);
        if (shape === 'declarations of one row') {
          // Row actions declared one at a time, all for one record (as data-pling attributes
          // declare them): no two fold together. The engine alone, from the snapshot's text.
          const { Observed } = await import('/js/src/engine.js');
          const json = JSON.stringify({ actions: ids.map((id) => ({ id, name: 'archive', record: 'r1' })) });
          const times = [];
          let chars = 0;
          for (let i = 0; i < 3; i++) {
            const t0 = performance.now();
            const o = new Observed(json);
            times.push(performance.now() - t0);
            chars = o.section.length + JSON.stringify(o.tools).length;
            o.free();
          }
          return { ms: times.sort((x, y) => x - y)[1], chars };
        }
        if (shape === 'row action, a reason per row') {
          pling.rowAction({ name: 'mark_shipped', description: 'Mark the order shipped', rows: () => ids, available: (id) => id.endsWith('1'), reason: (id) => `order ${id} is not paid yet`, handler: () => {} });
        } else if (shape === 'actions of one name') {
          for (const id of ids) pling.action({ id, name: 'dismiss', description: 'Dismiss the banner', handler: () => {} });
        } else if (shape === 'nested regions') {
          ids.forEach((id, i) => pling.region({ id, name: `Region ${i} with a rather long descriptive name`, parent: i ? ids[i - 1] : undefined }));
          pling.action({ id: 'deep', description: 'Act deep inside', region: ids[n - 1], handler: () => {} });
        } else if (shape === 'state groups') {
          for (const id of ids) pling.state({ name: id, description: 'a long description of what this group means '.repeat(3), value: 1 });
        } else {
          const o = { name: 'loop' };
          for (let k = 0; k < n / 1000; k++) o[`k${k}`] = o;
          pling.state({ name: 'graph', value: () => o });
        }
        // The first observation includes one-time work (compiling, the first layout): the
        // figure is the median of the five after it.
        await pling.observe({ settle: false });
        const times = [];
        let obs;
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          obs = await pling.observe({ settle: false });
          times.push(performance.now() - t0);
        }
        times.sort((x, y) => x - y);
        return { ms: times[2], chars: obs.section.length + JSON.stringify(obs.tools).length };
      }, { shape, n });
      times.push(r.ms);
      size = r.chars;
      await page.close();
    }
    rows.push({ shape, times, size });
  }
} finally {
  await browser.close();
  await server.close();
}

const head = `| shape | ${SIZES.map((n) => `${n.toLocaleString('en')}: ms`).join(' | ')} | ratio | output (section + tools) |`;
console.log(head);
console.log(`|---|${SIZES.map(() => '---:').join('|')}|---:|---:|`);
for (const r of rows) {
  const ratio = r.times.length > 1 ? (r.times[r.times.length - 1] / r.times[0]).toFixed(1) : '–';
  console.log(`| ${r.shape} | ${r.times.map((t) => t.toFixed(1)).join(' | ')} | ${ratio} | ${r.size.toLocaleString('en')} chars |`);
}

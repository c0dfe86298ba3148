#!/usr/bin/env node
// Smoke check of the third frozen test set, no language model: each page loads, declares
// without a problem (no `[pling]` console error or warning, no page error), observes, and each
// task's check is run on the untouched page (the probe before = the probe after), so that only
// the tasks where doing nothing is right can pass when nothing is done. Then each task's
// intended outcome is made through `pling.call` (the calls a correct model would make, with the
// person allowing what the task's `yes` allows) and the check must pass on it: the checks can
// be met through the declared actions.
//
//   node tests/testset3/smoke.mjs              all pages
//   SMOKE_DUMP=inventory node tests/testset3/smoke.mjs   also print that page's observation
import { launchChromium } from '../chromium.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { TASKS } from './tasks.mjs';
import { SOLUTIONS, solve } from './solutions.mjs';

const DUMP = (process.env.SMOKE_DUMP ?? '').split(',').filter(Boolean);
const ONLY = (process.env.SMOKE_ONLY ?? '').split(',').filter(Boolean);
const pages = [...new Set(TASKS.map((t) => t.page))];
const server = await startServer({ port: 0 });
const browser = await launchChromium();
let problems = 0;
const passIdle = [];
const passNeutral = [];
/** A neutral answer that neither claims a change nor gives anything away. */
const NEUTRAL = 'Nothing on the page was changed.';
try {
  for (const path of pages) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const logs = [];
    page.on('console', (m) => { if (/^\[pling\]/.test(m.text()) || m.type() === 'error') logs.push(`${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
    page.on('dialog', (d) => d.dismiss());
    await page.goto(`${server.url}${path}`);
    await page.waitForFunction(() => window.testset3App, null, { timeout: 15_000 });
    const o = await page.evaluate(async () => {
      const o = await window.testset3App.pling.observe();
      return { system: o.system, tools: o.tools.map((t) => t.function.name), settled: o.settle.settled, records: o.snapshot.records?.length, omissions: o.omissions };
    });
    const probe = await page.evaluate(() => window.testset3App.probe());
    const rows = Object.keys(probe.rows).length;
    console.log(`\n${path}: ${rows} rows in the probe, ${o.tools.length} tools (${o.tools.join(', ')}), settled ${o.settled}, ${o.system.length} chars of system message`);
    if (DUMP.some((d) => path.includes(d))) console.log(o.system);
    if (logs.length) { problems += logs.length; console.log(`  PROBLEMS:\n  ${logs.join('\n  ')}`); } else console.log('  no [pling] console message, no page error');

    // The untouched page: before = after, an empty answer, nothing ran.
    for (const task of TASKS.filter((t) => t.page === path)) {
      const s = { ...structuredClone(probe), before: structuredClone(probe) };
      const result = { message: '', reason: 'answered', actions: [] };
      const pass = !!task.check(s, '', result) && (!task.decline);
      const unsafe = task.unsafe ? task.unsafe(s, '', result) : null;
      if (pass) passIdle.push(`${task.id} (${task.category})`);
      const s2 = { ...structuredClone(probe), before: structuredClone(probe) };
      if (task.check(s2, NEUTRAL, { ...result, message: NEUTRAL }) && !task.decline) passNeutral.push(`${task.id} (${task.category})`);
      if (unsafe) { problems += 1; console.log(`  UNSAFE on the untouched page: ${task.id}: ${unsafe}`); }
      for (const y of task.yes ?? []) {
        const rec = y.split('=')[0].split('@')[1];
        if (rec && !(rec in probe.rows)) { problems += 1; console.log(`  ${task.id}: yes names ${y}, no such row`); }
      }
    }
    await page.close();

    // The intended outcome, made through the declared actions on a fresh page.
    for (const task of TASKS.filter((t) => t.page === path && (!ONLY.length || ONLY.some((p) => t.id.startsWith(p))))) {
      const sol = SOLUTIONS[task.id];
      if (!sol) { problems += 1; console.log(`  ${task.id}: no solution`); continue; }
      const p2 = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errs = [];
      p2.on('pageerror', (e) => errs.push(`pageerror: ${e.message}`));
      p2.on('dialog', (d) => d.dismiss());
      await p2.goto(`${server.url}${path}`);
      await p2.waitForFunction(() => window.testset3App, null, { timeout: 15_000 });
      const { state: s, answer, calls, result } = await solve(p2, task);
      const pass = !!task.check(s, answer, result);
      const unsafe = task.unsafe ? task.unsafe(s, answer, result) : null;
      const bad = !pass || unsafe || errs.length;
      if (bad) problems += 1;
      console.log(`  ${bad ? 'FAIL' : 'ok  '} ${task.id} [${task.category}] ${calls.map((c) => `${c.name}${c.ok ? '' : ` ✗ ${c.error}`}`).join(', ') || '—'}${unsafe ? ` UNSAFE: ${unsafe}` : ''}${errs.length ? ` ${errs.join('; ')}` : ''}`);
      await p2.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`\nTasks passing on the untouched page with an empty answer (${passIdle.length} of ${TASKS.length}):\n  ${passIdle.join('\n  ') || 'none'}`);
console.log(`\nTasks passing on the untouched page with the answer "${NEUTRAL}" (${passNeutral.length} of ${TASKS.length}):\n  ${passNeutral.join('\n  ') || 'none'}`);
console.log(problems ? `\n${problems} problem(s)` : '\nclean');
process.exitCode = problems ? 1 : 0;

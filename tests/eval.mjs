#!/usr/bin/env node
// Evaluation on a real model: runs tasks in Chromium and reports, per task, whether the page
// ended in the right state, the model turns, prompt tokens and time. Two pages: the spec's Todo
// page (three of twelve rows in view), and the generated task page peers are measured on
// (header, add, search, filter; twelve rows with a checkbox, a title, Edit and Delete) with the
// same three tasks they were given.
//
//   PLING_MODEL_URL=http://127.0.0.1:8081/v1 node tests/eval.mjs
//
// Without PLING_MODEL_URL it starts the local model (scripts/local-model). Not part of the test
// run: a real model is slow and not deterministic.
import { launchChromium } from './chromium.mjs';
import { startLocalModel } from './local-model.mjs';
import { startServer } from '../scripts/serve.mjs';

const onlyT9Done = (n) => (s) => s.find((t) => t.id === 't9')?.done && s.filter((t) => t.done).length === 1 && s.length === n;
const milkAdded = (n) => (s) => s.some((t) => t.title.toLowerCase() === 'buy milk') && s.length === n + 1 && !s.some((t) => t.done);
const t2Deleted = (n) => (s) => s.length === n - 1 && !s.some((t) => t.id === 't2') && !s.some((t) => t.done);
const TODO_PAGE = { path: '/todos', app: 'todoApp', list: 'todos' };
const TASKS_PAGE = { path: '/tasks?rows=12', app: 'tasksApp', list: 'tasks' };
const LONG_PAGE = { path: '/tasks?rows=1000', app: 'tasksApp', list: 'tasks' };
const TASKS = [
  { page: TODO_PAGE, ask: 'Mark the weekly report as done.', check: onlyT9Done(12) },
  { page: TODO_PAGE, ask: 'Add a task called Buy milk.', check: milkAdded(12) },
  { page: TODO_PAGE, ask: 'Mark the ninth task as done.', check: onlyT9Done(12) },
  { page: TASKS_PAGE, ask: 'Mark the weekly report as done.', check: onlyT9Done(12) },
  { page: TASKS_PAGE, ask: 'Add a task called Buy milk.', check: milkAdded(12) },
  { page: TASKS_PAGE, ask: 'Delete the task Book the design review.', check: t2Deleted(12) },
  // The same page at 1,000 rows: the request stays the size it was.
  { page: LONG_PAGE, ask: 'Mark the weekly report as done.', check: onlyT9Done(1000) },
  { page: LONG_PAGE, ask: 'Delete the task Book the design review.', check: t2Deleted(1000) },
].filter((t) => !process.env.PLING_EVAL_PAGE || t.page.path.startsWith(process.env.PLING_EVAL_PAGE));

let local = null;
let modelUrl = process.env.PLING_MODEL_URL;
if (!modelUrl) {
  local = await startLocalModel(8091, `${process.env.TMPDIR ?? '/tmp'}/pling-eval-model.log`);
  modelUrl = local.url;
}

const server = await startServer({ port: 0, model: modelUrl });
const browser = await launchChromium();
const rows = [];
try {
  for (const task of TASKS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}${task.page.path}`);
    await page.waitForFunction((app) => window[app], task.page.app);
    const t0 = Date.now();
    const out = await page.evaluate(async ({ ask, toolMode, app, list }) => {
      const { Assistant } = await import('/js/src/index.js');
      let turns = 0;
      let prompt = 0;
      let largest = 0;
      const confirmed = [];
      // The person says yes to whatever is asked; what was asked is reported.
      const a = new Assistant(window[app].pling, {
        baseURL: '/v1', timeoutMs: 600000, toolMode,
        confirm: (r) => { confirmed.push(r.actionId); return true; },
        onEvent: (e) => {
          if (e.type === 'thinking') turns += 1;
          if (e.type === 'usage') {
            prompt += e.prompt_tokens;
            largest = Math.max(largest, e.prompt_tokens);
          }
        },
      });
      const result = await a.run(ask);
      return { result, turns, prompt, largest, confirmed, state: window[app][list].map((t) => ({ ...t })) };
    }, { ask: task.ask, toolMode: process.env.PLING_TOOL_MODE ?? 'auto', app: task.page.app, list: task.page.list });
    const ok = task.check(out.state);
    rows.push({
      page: task.page.path, task: task.ask, ok, turns: out.turns, prompt: out.prompt, largest: out.largest, seconds: (Date.now() - t0) / 1000,
      answer: out.result.message, confirmed: out.confirmed.join(', '),
      ran: out.result.actions.map((a) => `${a.actionId ?? a.name}${a.ok ? '' : ' ✗'}`).join(', '),
    });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  local?.stop();
}
console.log('| page | task | right state | turns | prompt tokens (largest request) | time | what ran | confirmed | answer |');
console.log('|---|---|:-:|---:|---:|---:|---|---|---|');
for (const r of rows) console.log(`| ${r.page} | ${r.task} | ${r.ok ? 'yes' : 'no'} | ${r.turns} | ${r.prompt.toLocaleString('en')} (${r.largest.toLocaleString('en')}) | ${r.seconds.toFixed(0)} s | ${r.ran || '—'} | ${r.confirmed || '—'} | ${r.answer.replace(/\n/g, ' ').replace(/\|/g, '/').slice(0, 160)} |`);
const passed = rows.filter((r) => r.ok).length;
console.log(`\n${passed} of ${rows.length} tasks ended in the right state.`);

#!/usr/bin/env node
// Evaluation on a real model: runs tasks on the Todo page in Chromium and reports, per task,
// whether the page ended in the right state, the model turns, prompt tokens and time.
//
//   PLING_MODEL_URL=http://127.0.0.1:8081/v1 node tests/eval.mjs
//
// Without PLING_MODEL_URL it starts the local model (scripts/local-model). Not part of the test
// run: a real model is slow and not deterministic.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { startServer } from '../scripts/serve.mjs';

const TASKS = [
  { ask: 'Mark the weekly report as done.', check: (s) => s.find((t) => t.id === 't9').done && s.filter((t) => t.done).length === 1 },
  { ask: 'Add a task called Buy milk.', check: (s) => s.some((t) => t.title.toLowerCase() === 'buy milk') && s.length === 13 },
  { ask: 'Mark the ninth task as done.', check: (s) => s.find((t) => t.id === 't9').done && s.filter((t) => t.done).length === 1 },
];

let local = null;
let modelUrl = process.env.PLING_MODEL_URL;
if (!modelUrl) {
  local = spawn('./scripts/local-model', ['start', '8091'], { stdio: ['ignore', 'ignore', 'inherit'] });
  modelUrl = 'http://127.0.0.1:8091/v1';
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch('http://127.0.0.1:8091/health')).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const server = await startServer({ port: 0, model: modelUrl });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  for (const task of TASKS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/todos`);
    await page.waitForFunction(() => window.todoApp);
    const t0 = Date.now();
    const out = await page.evaluate(async ({ ask, toolMode }) => {
      const { Assistant } = await import('/js/src/index.js');
      let turns = 0;
      let prompt = 0;
      const a = new Assistant(window.todoApp.pling, {
        baseURL: '/v1', timeoutMs: 600000, confirm: () => true, toolMode,
        onEvent: (e) => {
          if (e.type === 'thinking') turns += 1;
          if (e.type === 'usage') prompt += e.prompt_tokens;
        },
      });
      const result = await a.run(ask);
      return { result, turns, prompt, state: window.todoApp.todos.map((t) => ({ ...t })) };
    }, { ask: task.ask, toolMode: process.env.PLING_TOOL_MODE ?? 'auto' });
    const ok = task.check(out.state);
    rows.push({ task: task.ask, ok, turns: out.turns, prompt: out.prompt, seconds: (Date.now() - t0) / 1000, answer: out.result.message, ran: out.result.actions.map((a) => `${a.actionId ?? a.name}${a.ok ? '' : ' ✗'}`).join(', ') });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  local?.kill();
}
console.log('| task | right state | turns | prompt tokens | time | what ran | answer |');
console.log('|---|:-:|---:|---:|---:|---|---|');
for (const r of rows) console.log(`| ${r.task} | ${r.ok ? 'yes' : 'no'} | ${r.turns} | ${r.prompt.toLocaleString('en')} | ${r.seconds.toFixed(0)} s | ${r.ran || '—'} | ${r.answer.replace(/\n/g, ' ').replace(/\|/g, '/').slice(0, 160)} |`);
const passed = rows.filter((r) => r.ok).length;
console.log(`\n${passed} of ${rows.length} tasks ended in the right state.`);

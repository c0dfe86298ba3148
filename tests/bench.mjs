#!/usr/bin/env node
// `npm run bench`: what each way of showing a page to a model costs, measured in the same run
// on the same pages in Chromium — Pling's observation, page-agent's page text (its own
// script bundle, npm `page-agent`), and Playwright's ARIA snapshot — in o200k_base tokens
// (npm `gpt-tokenizer`) and in time, on generated list pages of 12 to 10,000 rows (a
// checkbox, a title, Edit and Delete on every row) and on the orders demo. Also the whole first
// request each runtime sends for one task: system message, tools and the person's words. Prints
// a table and writes it into docs/performance.md between the bench:compare markers
// (BENCH_WRITE=0 to skip). A peer that fails or runs out of time on a page is recorded as "did
// not finish" on that line, and the run goes on. A second table gives the loop step on the
// long lists: one call through the Agent Surface and its receipt.
//
//   npm run bench
//   BENCH_ROWS=12,100 BENCH_RUNS=5 npm run bench
import { launchChromium } from './chromium.mjs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { startServer } from '../scripts/serve.mjs';
import { startModelServer, reply } from './model-server.mjs';

const ROWS = (process.env.BENCH_ROWS ?? '12,100,1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** page-agent's extraction does not finish in minutes on the longest pages; it gets this long. */
const PAGE_AGENT_MS = Number(process.env.BENCH_PAGE_AGENT_MS ?? 90_000);
/** Playwright's ARIA snapshot gets this long a page (each of its runs gets it too). */
const ARIA_MS = Number(process.env.BENCH_ARIA_MS ?? 60_000);
/** Pages at least this long also measure the loop step (one call and its receipt). */
const STEP_ROWS = Number(process.env.BENCH_STEP_ROWS ?? 10_000);
const PAGE_AGENT_DIR = new URL('../node_modules/page-agent/', import.meta.url);
const PAGE_AGENT = readFileSync(new URL('dist/iife/page-agent.demo.js', PAGE_AGENT_DIR), 'utf8');
const PAGE_AGENT_VERSION = JSON.parse(readFileSync(new URL('package.json', PAGE_AGENT_DIR), 'utf8')).version;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Pling on the open page: tokens of the page section and of the first request, and the time
 * from "take a snapshot" to "observation ready" (settling excluded), median of RUNS. */
async function measurePling(page, app, task) {
  return page.evaluate(async ({ app, runs, task }) => {
    const pling = window[app].pling;
    await pling.settle();
    const times = [];
    let o = null;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      o = await pling.observe({ settle: false });
      times.push(performance.now() - t0);
    }
    const request = { system: o.system, tools: JSON.stringify(o.tools), user: task };
    return { section: o.section, request, ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)] };
  }, { app, runs: RUNS, task });
}

/** Resolves to `nothing` after `ms`: a wait that gives up on a page that stopped answering. */
const giveUp = (ms, nothing) => new Promise((resolve) => setTimeout(() => resolve(nothing), ms));

/** Playwright's ARIA snapshot of the page body: what playwright-mcp-style agents read. Its
 * own `timeout` does not fire while the page is inside the snapshot's synchronous walk, so the
 * wait is kept here; a page that runs out is `stuck` and left for closing. */
async function measureAria(page) {
  const times = [];
  let text = '';
  const deadline = Date.now() + ARIA_MS;
  for (let i = 0; i < Math.min(RUNS, 5); i++) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const t0 = performance.now();
    const snapshot = page.locator('body').ariaSnapshot({ timeout: left }).catch((error) => ({ error }));
    const got = await Promise.race([snapshot, giveUp(left, { error: new Error(`no answer in ${ARIA_MS / 1000} s`) })]);
    if (typeof got !== 'string') {
      console.error(`ARIA snapshot did not finish: ${got.error.message.split('\n')[0]}`);
      return { text: null, ms: null, stuck: true };
    }
    text = got;
    times.push(performance.now() - t0);
  }
  return times.length ? { text, ms: median(times), stuck: false } : { text: null, ms: null, stuck: true };
}

/** A peer's measurement, or "did not finish" when it throws (a crashed or closed page). */
async function orNothing(what, measure, nothing) {
  try {
    return await measure();
  } catch (error) {
    console.error(`${what} did not finish: ${error.message.split('\n')[0]}`);
    return nothing;
  }
}

/** The loop step through the Agent Surface: observe, then one call on a row in view and its
 * receipt (dispatch, settle, the snapshot after, the diff), median of RUNS. */
async function measureStep(page, app) {
  return page.evaluate(async ({ app, runs }) => {
    const pling = window[app].pling;
    const surface = pling.surface();
    await surface.observe();
    const times = [];
    let content = '';
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = await surface.call('toggle', { record: `r${(i % 3) + 1}` });
      times.push(performance.now() - t0);
      content = r.content;
    }
    return { ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)], chars: content.length };
  }, { app, runs: RUNS });
}

/** page-agent's own bundle in the page: its page text, and the first request it sends. */
async function measurePageAgent(page, modelUrl, model, task) {
  await page.addScriptTag({ url: '/__bench/page-agent.demo.js?autoInit=false' });
  // Its extraction is one long synchronous task: a timer in the page cannot interrupt it, so
  // the wait is kept here and the page is closed when it runs out.
  const extraction = page.evaluate(async ({ modelUrl }) => {
    window.benchAgent = new window.PageAgent({ model: 'bench', baseURL: modelUrl, apiKey: 'bench', language: 'en-US', maxSteps: 1 });
    const t0 = performance.now();
    const s = await window.benchAgent.pageController.getBrowserState();
    return { text: [s.header, s.content, s.footer].join('\n'), ms: performance.now() - t0 };
  }, { modelUrl }).catch(() => null);
  const state = await Promise.race([extraction, new Promise((resolve) => setTimeout(() => resolve(null), PAGE_AGENT_MS))]);
  if (!state) return { text: null, ms: null, request: null };
  model.script([reply.text('done')]);
  await page.evaluate((task) => { window.benchAgent.execute(task).catch(() => {}); }, task);
  const deadline = Date.now() + PAGE_AGENT_MS;
  while (!model.requests.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const body = model.requests[0]?.body;
  await page.evaluate(() => window.benchAgent.stop().catch(() => {}));
  const request = body && { messages: body.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''))).join('\n'), tools: JSON.stringify(body.tools ?? []) };
  return { ...state, request };
}

const tokens = (request) => (request ? Object.values(request).reduce((n, part) => n + countTokens(part), 0) : null);

/** A fresh page at `path` with Pling ready, page-agent's bundle served beside it. */
async function openPage(browser, server, path, app) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route('**/__bench/page-agent.demo.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: PAGE_AGENT }));
  await page.goto(`${server.url}${path}`, { timeout: 300_000 });
  await page.waitForFunction((app) => window[app]?.pling, app, { timeout: 300_000 });
  return page;
}

/** Closes a page that may be inside a synchronous task and not answer a polite close. */
const closePage = (page) => Promise.race([page.close({ runBeforeUnload: false }).catch(() => {}), giveUp(10_000)]);

async function measure(browser, server, model, { label, path, app, task, step }) {
  let page = await openPage(browser, server, path, app);
  const pling = await measurePling(page, app, task);
  const loop = step ? await measureStep(page, app) : null;
  const aria = await orNothing('ARIA snapshot', () => measureAria(page), { text: null, ms: null, stuck: true });
  if (aria.stuck) {
    // The page may still be inside the snapshot: page-agent gets a page of its own.
    await closePage(page);
    page = await orNothing('reopening the page', () => openPage(browser, server, path, app), null);
  }
  model.requests.length = 0;
  const agent = page ? await orNothing('page-agent', () => measurePageAgent(page, model.url, model, task), { text: null, ms: null, request: null }) : { text: null, ms: null, request: null };
  // A page still inside page-agent's synchronous extraction may not answer a polite close.
  if (page) await closePage(page);
  const row = {
    label,
    pling: { section: countTokens(pling.section), request: tokens(pling.request), ms: pling.ms },
    step: loop,
    aria: { text: aria.text === null ? null : countTokens(aria.text), ms: aria.ms },
    pageAgent: { text: agent.text === null ? null : countTokens(agent.text), ms: agent.ms, request: tokens(agent.request) },
  };
  console.error(JSON.stringify(row));
  return row;
}

const server = await startServer({ port: 0 });
const model = await startModelServer();
const browser = await launchChromium();
const rows = [];
try {
  for (const n of ROWS) rows.push(await measure(browser, server, model, { label: `list, ${n.toLocaleString('en')} rows`, path: `/bench?rows=${n}`, app: 'bench', task: 'Mark task number 9 as done', step: n >= STEP_ROWS }));
  rows.push(await measure(browser, server, model, { label: 'orders demo (list route)', path: '/orders/', app: 'ordersApp', task: 'Mark order 1498 as shipped' }));
} finally {
  await browser.close();
  await model.close();
  await server.close();
}

const n = (x) => (x === null ? '—' : x.toLocaleString('en'));
const t = (x, limit = PAGE_AGENT_MS) => (x === null ? `did not finish in ${limit / 1000} s` : x < 10 ? `${x.toFixed(1)} ms` : x < 10_000 ? `${Math.round(x)} ms` : `${(x / 1000).toFixed(1)} s`);
const ratio = (a, b) => (a === null || b === null ? '—' : `${(b / a).toFixed(1)}×`);
const lines = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus()[0]?.model.trim() ?? 'an unknown CPU'} (${cpus().length} cores), Chromium headless, 1280×800; tokens are o200k_base; page-agent ${PAGE_AGENT_VERSION}. Time: Pling from snapshot to observation ready (settling excluded), page-agent its \`getBrowserState()\`, the ARIA snapshot Playwright's \`ariaSnapshot()\` from Node.`,
  '',
  '| page | Pling page section | Pling time | page-agent page text | page-agent time | ARIA snapshot | ARIA time | Pling first request | page-agent first request | page-agent ÷ Pling |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.label} | ${n(r.pling.section)} | ${t(r.pling.ms)} | ${n(r.pageAgent.text)} | ${t(r.pageAgent.ms)} | ${n(r.aria.text)} | ${t(r.aria.ms, ARIA_MS)} | **${n(r.pling.request)}** | ${n(r.pageAgent.request)} | ${ratio(r.pling.request, r.pageAgent.request)} |`),
];
const steps = rows.filter((r) => r.step);
if (steps.length) {
  lines.push('', 'The loop step: one call (`toggle` on a row in view) through the Agent Surface and its receipt — dispatch, settle, the snapshot after and the diff — median of the runs.', '');
  lines.push('| page | row actions | call and receipt | receipt |', '|---|---:|---:|---:|');
  for (const r of steps) {
    const actions = 3 * Number(r.label.replace(/\D/g, ''));
    lines.push(`| ${r.label} | ${actions.toLocaleString('en')} | ${t(r.step.ms)} | ${n(r.step.chars)} chars |`);
  }
}
const table = lines.join('\n');
console.log(table);

if (process.env.BENCH_WRITE !== '0') {
  const readme = new URL('../docs/performance.md', import.meta.url);
  const text = readFileSync(readme, 'utf8');
  const start = '<!-- bench:compare -->';
  const end = '<!-- /bench:compare -->';
  if (text.includes(start) && text.includes(end)) {
    writeFileSync(readme, `${text.slice(0, text.indexOf(start) + start.length)}\n${table}\n${text.slice(text.indexOf(end))}`);
    console.log('docs/performance.md updated');
  }
}

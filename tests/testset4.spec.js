// The fourth frozen test set (tests/testset4/tasks.mjs), without a model: every page loads and
// Pling observes it without a problem, no task passes on the untouched page with an empty
// answer, none reads as unsafe there, and each task passes with its reference solution — the
// calls a correct agent would make through `pling.call`, the person allowing only the task's
// `yes` (tests/testset4/solutions.mjs), and an answer.
import { test, expect } from '@playwright/test';
import { TASKS } from './testset4/tasks.mjs';
import { solve } from './testset4/solutions.mjs';

const PAGES = [...new Set(TASKS.map((t) => t.page))];

// Every test opens its own page: they run side by side.
test.describe.configure({ mode: 'parallel' });

/** Opens a test page and waits for its Pling; collects page errors and Pling's console reports. */
async function open(page, path) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.text().startsWith('[pling]')) problems.push(`${m.type()}: ${m.text()}`); });
  page.on('dialog', (d) => d.dismiss());
  await page.goto(path);
  await page.waitForFunction(() => window.testset4App?.pling);
  return problems;
}

for (const path of PAGES) {
  test(`${path}: Pling observes the page without a problem, and doing nothing passes no task`, async ({ page }) => {
    const problems = await open(page, path);
    const o = await page.evaluate(async () => {
      const ob = await window.testset4App.pling.observe();
      return { section: ob.section, tools: ob.tools.length, settled: ob.settle.settled };
    });
    expect(problems).toEqual([]);
    expect(o.settled).toBe(true);
    expect(o.section.length).toBeGreaterThan(200);
    expect(o.tools).toBeGreaterThan(2);
    const probe = await page.evaluate(() => window.testset4App.probe());
    for (const task of TASKS.filter((t) => t.page === path)) {
      const s = { ...structuredClone(probe), before: structuredClone(probe) };
      const result = { message: '', reason: 'answered', actions: [] };
      expect(!!task.check(s, '', result), `${task.id} passes on the untouched page`).toBe(false);
      expect(task.unsafe?.(s, '', result) ?? null, `${task.id} is unsafe on the untouched page`).toBe(null);
    }
  });
}

for (const task of TASKS) {
  test(`${task.id}: the reference solution passes`, async ({ page }) => {
    const problems = await open(page, task.page);
    const { state, answer, calls, result } = await solve(page, task);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    expect(!!task.check(state, answer, result), JSON.stringify(calls)).toBe(true);
    expect(task.unsafe?.(state, answer, result) ?? null).toBe(null);
  });
}

test('the set holds 32 tasks, 8 a page, each with a check and an unsafe', () => {
  expect(TASKS.length).toBe(32);
  expect(new Set(TASKS.map((t) => t.id)).size).toBe(32);
  for (const path of PAGES) expect(TASKS.filter((t) => t.page === path).length, path).toBe(8);
  for (const t of TASKS) expect(typeof t.check === 'function' && typeof t.unsafe === 'function', t.id).toBe(true);
});

// The frozen test set (tests/testset/tasks.mjs), without a model: every test page loads, Pling
// builds its observation without errors, and no task passes on the untouched page — each
// task's check fails when nothing was done (for a question: when the answer is empty).
import { test, expect } from '@playwright/test';
import { TASKS, rowChanges } from './testset/tasks.mjs';

const PAGES = [...new Set(TASKS.map((t) => t.page))];

/** Opens a test page and waits for its Pling; collects page errors and console errors/warnings. */
async function open(page, path) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
  await page.goto(path);
  await page.waitForFunction(() => window.testsetApp?.pling);
  return problems;
}

for (const path of PAGES) {
  test(`${path}: Pling observes the page without errors`, async ({ page }) => {
    const problems = await open(page, path);
    const o = await page.evaluate(async () => {
      const ob = await window.testsetApp.pling.observe();
      return { section: ob.section, tools: ob.tools.map((t) => t.function.name), settled: ob.settle.settled, reason: ob.settle.reason ?? null, records: ob.snapshot.records.length, state: ob.snapshot.state.length, actions: ob.snapshot.actions.length, system: ob.system.length };
    });
    expect(problems).toEqual([]);
    expect(o.settled, o.reason ?? '').toBe(true);
    expect(o.section.length).toBeGreaterThan(200);
    expect(o.tools.length).toBeGreaterThan(2);
    // Every page but the booking form (a form: state, no rows) declares records.
    expect(path.includes('booking') ? o.state : o.records).toBeGreaterThan(0);
    // The surface sees the same page.
    const s = await page.evaluate(async () => (await window.testsetApp.pling.surface().observe()).tools.length);
    expect(s).toBe(o.tools.length);
  });
}

test('the secrets of the test pages never reach the observation', async ({ page }) => {
  const cases = [
    { path: '/testset/helpdesk/', secret: 'RC-58K2-ZQ91-7TTX' },
    { path: '/testset/booking/', setup: "document.getElementById('password').value = 'Lilac-Otter-42!'", secret: 'Lilac-Otter-42!' },
    { path: '/testset/toshokan/', setup: "document.getElementById('pin').value = '4826'", secret: '4826' },
  ];
  for (const c of cases) {
    await open(page, c.path);
    if (c.setup) await page.evaluate(c.setup);
    const text = await page.evaluate(async () => { const ob = await window.testsetApp.pling.observe(); return ob.system + JSON.stringify(ob.tools) + JSON.stringify(ob.snapshot); });
    expect(text.includes(c.secret), `${c.path} leaks ${c.secret}`).toBe(false);
  }
});

test('the rows the tasks name are where the tasks say', async ({ page }) => {
  await open(page, '/testset/crm/');
  const crm = await page.evaluate(async () => {
    const p = window.testsetApp.probe();
    const ob = await window.testsetApp.pling.observe();
    const shown = ob.snapshot.records.map((r) => r.id);
    const inView = ob.snapshot.records.filter((r) => r.inViewport).map((r) => r.id);
    return { names: Object.fromEntries(Object.entries(p.rows).map(([id, r]) => [id, r.name])), shown, inView, total: p.total };
  });
  expect(crm.total).toBe(137);
  expect(crm.names).toMatchObject({ c075: 'Helen Brooks', c093: 'Zoe Carter', c120: 'Yuki Watanabe', c029: 'Tobias Ek', c126: 'Maria Okafor', c123: 'Peter Vance', c097: 'Marta Nowak', c012: 'Grace Liu' });
  expect(crm.shown).toHaveLength(25);
  expect(crm.inView).toContain('c075');
  expect(crm.shown).toContain('c093');
  expect(crm.inView).not.toContain('c093');
  for (const far of ['c120', 'c029', 'c126']) expect(crm.shown).not.toContain(far);

  await open(page, '/testset/helpdesk/');
  const hd = await page.evaluate(async () => (await window.testsetApp.pling.observe()).snapshot.records.filter((r) => r.inViewport).map((r) => r.id));
  expect(hd).toContain('T-1039');
  expect(hd).not.toContain('T-1003');

  await open(page, '/testset/lager/');
  const lager = await page.evaluate(async () => { const p = window.testsetApp.probe(); const ob = await window.testsetApp.pling.observe(); return { names: { A1022: p.rows['A-1022'].name, A1062: p.rows['A-1062'].name, A1009: p.rows['A-1009'].name }, inView: ob.snapshot.records.filter((r) => r.inViewport).map((r) => r.id) }; });
  expect(lager.names).toEqual({ A1022: 'Montageschaum', A1062: 'Rohrschellen 22 mm', A1009: 'Kabelbinder 300 mm' });
  expect(lager.inView).toContain('A-1003');
  expect(lager.inView).not.toContain('A-1062');

  await open(page, '/testset/toshokan/');
  const ja = await page.evaluate(async () => (await window.testsetApp.pling.observe()).snapshot.records.filter((r) => r.inViewport).map((r) => r.id));
  expect(ja).toContain('b01');
  expect(ja).not.toContain('b40');
});

for (const task of TASKS) {
  test(`${task.id}: the untouched page does not pass`, async ({ page }) => {
    const problems = await open(page, task.page);
    if (task.setup) await page.evaluate(task.setup);
    const state = await page.evaluate(() => window.testsetApp.probe());
    state.before = structuredClone(state);
    expect(rowChanges(state)).toEqual([]);
    const nothing = { reason: 'answered', message: '', actions: [] };
    expect(!!task.check(state, '', nothing), `${task.id} passes with nothing done`).toBe(false);
    if (task.unsafe) expect(task.unsafe(state, '', nothing)).toBeNull();
    expect(task.ask.length).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
}

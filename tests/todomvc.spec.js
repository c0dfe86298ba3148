// Pling added from the outside to TodoMVC builds nobody here wrote (the npm package `todomvc`:
// vanillajs, react, vue), each served unmodified with one declaration script (www/todomvc/).
// What a page author retrofitting an app needs to hold: the app's files are untouched, every
// declared control reaches the app's own handlers, and what the model reads after a call says
// what happened in the words of a view change or a data change, as it was.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';

const APPS = ['vanillajs', 'react', 'vue'];
/** Each app's main script, to show it is served as shipped. */
const MAIN = { vanillajs: 'js/app.js', react: 'js/app.jsx', vue: 'js/app.js' };

/** Opens an app with `n` seeded todos; collects page errors. */
async function open(page, app, n = 30) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/todomvc/examples/${app}/?todos=${n}`);
  await page.waitForFunction(() => window.todomvcApp?.probe().order.length > 0);
  return errors;
}

/** A call through the Agent Surface, with the tool result the model would read. */
function call(page, name, args) {
  return page.evaluate(async ({ name, args }) => {
    const surface = window.todomvcApp.pling.surface();
    const ids = (await window.todomvcApp.pling.observe()).snapshot.records.map((r) => [r.label, r.id]);
    await surface.observe();
    const resolved = { ...args };
    if (args.label) {
      delete resolved.label;
      resolved.record = Object.fromEntries(ids)[args.label];
    }
    const r = await surface.call(name, resolved);
    return { ok: r.ok, result: JSON.parse(r.content).result };
  }, { name, args });
}

/** The id the model reads for the row labelled `label`, from the page section it is sent. */
async function citedId(page, label) {
  const section = await page.evaluate(async () => (await window.todomvcApp.pling.surface().observe()).section);
  const line = section.split('\n').find((l) => l.includes(` (${label}):`));
  return /^- \d+\. (\S+) /.exec(line ?? '')?.[1];
}

for (const app of APPS) {
  test(`${app}: the app is served as the package ships it, plus Pling's two tags`, async ({ request }) => {
    const served = await (await request.get(`/todomvc/examples/${app}/`)).text();
    const shipped = readFileSync(new URL(`../node_modules/todomvc/examples/${app}/index.html`, import.meta.url), 'utf8');
    const without = served.replace(/<script src="\/todomvc\/seed\.js"[^>]*><\/script>\n/, '').replace(/<script type="module" src="\/todomvc\/[a-z]+\.js"><\/script>\n/, '');
    expect(without).toBe(shipped);
    const script = await (await request.get(`/todomvc/examples/${app}/${MAIN[app]}`)).text();
    expect(script).toBe(readFileSync(new URL(`../node_modules/todomvc/examples/${app}/${MAIN[app]}`, import.meta.url), 'utf8'));
  });

  test(`${app}: the observation reads the app's own todos, and every control reaches its handlers`, async ({ page }) => {
    const errors = await open(page, app);
    const seen = await page.evaluate(async () => {
      const o = await window.todomvcApp.pling.observe();
      return { tools: o.tools.map((t) => t.function.name).sort(), inView: o.snapshot.records.filter((r) => r.inViewport).length, section: o.section };
    });
    expect(seen.tools).toEqual(['add_todo', 'clear_completed', 'destroy', 'edit', 'find', 'show', 'toggle']);
    expect(seen.section).toContain('10 of 30 items visible');
    expect(seen.section).toMatch(/\(Buy milk\): completed false/);
    expect(seen.inView).toBeGreaterThanOrEqual(8);

    expect((await call(page, 'add_todo', { title: 'Buy bread' })).ok).toBe(true);
    expect((await call(page, 'toggle', { label: 'Buy milk' })).ok).toBe(true);
    expect((await call(page, 'edit', { label: 'Water the plants', title: 'Water the cactus' })).ok).toBe(true);
    const probe = await page.evaluate(() => window.todomvcApp.probe());
    const rows = Object.values(probe.rows);
    expect(rows.map((t) => t.title)).toContain('Buy bread');
    expect(rows.find((t) => t.title === 'Buy milk')?.completed).toBe(true);
    expect(rows.map((t) => t.title)).toContain('Water the cactus');
    expect(rows.map((t) => t.title)).not.toContain('Water the plants');
    expect(errors).toEqual([]);
  });

  test(`${app}: a filter and a scroll read as view changes, a delete as a data change`, async ({ page }) => {
    await open(page, app, 200);
    page.on('dialog', (d) => d.accept());
    const filtered = await call(page, 'show', { filter: 'completed' });
    expect(filtered.ok).toBe(true);
    expect(filtered.result.changed?.records?.hidden?.length ?? 0).toBeGreaterThan(0);
    expect(filtered.result.changed?.records?.removed).toBeUndefined();
    // How many rows the list holds now is in the receipt, apart from the ids that moved.
    const done = await page.evaluate(() => Object.values(window.todomvcApp.probe().rows).filter((t) => t.completed).length);
    expect(filtered.result.changed?.records?.total).toEqual({ from: 200, to: done });
    await call(page, 'show', { filter: 'all' });
    const found = await call(page, 'find', { text: 'passport' });
    expect(found.ok).toBe(true);
    const passport = await citedId(page, 'Renew the passport');
    expect(found.result.changed?.records?.shown).toContain(passport);
    expect(found.result.changed?.records?.total, 'a scroll keeps every row').toBeUndefined();
    const gone = await call(page, 'destroy', { label: 'Renew the passport' });
    expect(gone.ok).toBe(true);
    expect(gone.result.changed?.records?.removed).toEqual([passport]);
    expect(gone.result.changed?.records?.total).toEqual({ from: 200, to: 199 });
    expect(await page.evaluate(() => Object.values(window.todomvcApp.probe().rows).some((t) => t.title === 'Renew the passport'))).toBe(false);
  });
}

test('a row the observation did not cite is refused with the page’s way to find it', async ({ page }) => {
  await open(page, 'vue', 200);
  // t171 ("Renew the passport") is cited (all ids are), but a made-up id is not.
  const r = await call(page, 'toggle', { record: 't999' });
  expect(r.ok).toBe(false);
  expect(r.result.error).toMatch(/find|show/);
});

test('no evaluation task passes on the untouched app', async ({ page }) => {
  test.setTimeout(120_000);
  const { TASKS } = await import('./todomvc/tasks.mjs');
  expect(TASKS).toHaveLength(24);
  for (const task of TASKS) {
    await page.goto(task.page);
    await page.waitForFunction(() => window.todomvcApp?.probe().order.length > 0);
    const state = await page.evaluate(() => window.todomvcApp.probe());
    state.before = await page.evaluate(() => window.todomvcApp.probe());
    const nothing = { reason: 'answered', message: '', actions: [] };
    expect(!!task.check(state, '', nothing), task.id).toBe(false);
    expect(task.unsafe(state, '', nothing), task.id).toBeNull();
  }
});

test('the README’s retrofit of the vanilla build works as printed', async ({ page }) => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const block = /## Add Pling to an existing app[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeTruthy();
  const { transform } = await import('esbuild');
  const { code } = await transform(String(block), { loader: 'ts', format: 'esm' });
  const script = `${code.replace(/from ["']pling-runtime["']/, "from '/js/src/index.js'")}
window.todomvcApp = { pling, probe: () => ({ order: JSON.parse(localStorage.getItem('todos-vanillajs')).todos }) };`;
  await page.route('**/todomvc/vanillajs.js', (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  const errors = await open(page, 'vanillajs', 200);
  const before = await page.evaluate(async () => (await window.todomvcApp.pling.observe()).tools.map((t) => t.function.name).sort());
  expect(before).toEqual(['destroy', 'find', 'toggle']);
  expect((await call(page, 'find', { text: 'passport' })).ok).toBe(true);
  expect((await call(page, 'toggle', { label: 'Renew the passport' })).ok).toBe(true);
  const todos = await page.evaluate(() => window.todomvcApp.probe().order);
  expect(todos.filter((t) => t.completed).map((t) => t.title)).toContain('Renew the passport');
  expect(errors).toEqual([]);
});

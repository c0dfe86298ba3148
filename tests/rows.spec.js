// Long lists observed turn after turn: what the model is shown, and what the page is told is
// wrong, are the same whatever the shim keeps from one snapshot to the next. The golden files
// were written by the collection that kept nothing (PLING_BLESS=1 writes them again).
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Each turn changes the page, then the page is observed. */
const TURNS = [
  ['first look', () => {}],
  ['a row toggled and renamed', () => window.bench.touch(0)],
  ['a row re-keyed', () => window.bench.rename(4, 'renamed-5')],
  ['a row gone', () => window.bench.remove(9)],
  ['two rows with one id', () => { window.bench.rows[7].id = window.bench.rows[8].id; }],
  ['the id told apart again', () => { window.bench.rows[7].id = 'r8-again'; }],
  ['scrolled down', () => window.scrollTo(0, 28 * 300)],
  ['an id with a control character', () => { window.bench.rows[2].id = 'bad\u0007id'; }],
];

for (const rows of [120, 2000]) {
  test(`a ${rows}-row list observed over ${TURNS.length} turns is shown as the collection that kept nothing showed it`, async ({ page }) => {
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' && m.text().startsWith('[pling]')) problems.push(m.text()); });
    await page.goto(`/bench?rows=${rows}`);
    await page.waitForFunction(() => window.bench);
    const seen = [];
    for (const [name, change] of TURNS) {
      problems.length = 0;
      await page.evaluate(`(${change})()`);
      const o = await page.evaluate(async () => {
        const { section, tools, omissions } = await window.bench.pling.observe();
        return { section, tools, omissions };
      });
      seen.push({ turn: name, ...o, problems: [...problems] });
    }
    const file = new URL(`golden/bench-${rows}.json`, import.meta.url);
    if (process.env.PLING_BLESS === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(seen, null, 1)}\n`);
    const golden = JSON.parse(readFileSync(file, 'utf8'));
    for (let i = 0; i < TURNS.length; i++) expect(seen[i], TURNS[i][0]).toEqual(golden[i]);
  });
}

test('the snapshot sent with the long lists\' JSON kept from the last turn is the snapshot, written out', async ({ page }) => {
  await page.goto('/bench?rows=2000');
  await page.waitForFunction(() => window.bench);
  const same = await page.evaluate(async () => {
    const { collect } = await import('/js/src/collect.js');
    const { pling, touch, rename, remove } = window.bench;
    const out = [];
    for (const change of [() => {}, () => touch(1), () => rename(3, 'lone\uD800'), () => touch(2), () => remove(5), () => {}]) {
      change();
      const c = collect(pling.registry, { attributes: true, root: document, marked: pling.marked, report: () => {} });
      const written = c.secrets.stringify(c.snapshot, c.recordIdsJson);
      out.push(c.recordIdsJson !== undefined && written === c.secrets.stringify(c.snapshot) && JSON.parse(written).recordIds.length > 0);
    }
    return out;
  });
  expect(same).toEqual([true, true, true, true, true, true]);
});

test('lists the engine read go once: a handle stands for them, used once, and a call off the observation is refused as before', async ({ page }) => {
  await page.goto('/bench?rows=2000');
  await page.waitForFunction(() => window.bench);
  const r = await page.evaluate(async () => {
    const { Observed } = await import('/js/src/engine.js');
    const { collect } = await import('/js/src/collect.js');
    const pling = window.bench.pling;
    await pling.observe({ settle: false });
    const now = () => collect(pling.registry, { attributes: true, root: document, marked: pling.marked, report: () => {} });
    const first = now();
    const whole = new Observed(first.secrets.stringify(first.snapshot, first.recordIdsJson));
    const handle = whole.lists();
    const next = now();
    const slim = next.secrets.stringify(next.snapshot, next.recordIdsJson, true);
    const held = new Observed(slim, undefined, handle);
    const refusal = (fn) => { try { fn(); return null; } catch (e) { return { name: e.name, code: e.code, where: e.where, what: e.what, message: e.message }; } };
    const again = refusal(() => new Observed(slim, undefined, handle));
    const never = refusal(() => new Observed(slim, undefined, 987654));
    const offscreen = [whole, held].map((o) => refusal(() => o.check('toggle', { record: 'r1999' })) ?? o.check('toggle', { record: 'r1999' }));
    const inView = [whole, held].map((o) => o.check('toggle', { record: 'r1' }));
    const out = {
      same: next.lists === first.lists,
      sizes: [first.secrets.stringify(first.snapshot, first.recordIdsJson).length, slim.length],
      shown: [whole, held].map((o) => JSON.stringify([o.section, o.tools, o.omissions])),
      again, never, offscreen, inView, noLists: new Observed('{}').lists(),
    };
    for (const o of [whole, held]) o.free();
    return out;
  });
  expect(r.same).toBe(true);
  expect(r.sizes[1]).toBeLessThan(r.sizes[0] / 3);
  expect(r.shown[1]).toBe(r.shown[0]);
  for (const refused of [r.again, r.never]) {
    expect(refused).toMatchObject({ name: 'PlingSnapshotError', code: 'snapshot', where: 'recordIds', what: 'lists' });
    expect(refused.message).toContain('was freed or used already');
  }
  expect(r.offscreen[1]).toEqual(r.offscreen[0]);
  expect(r.inView[1]).toEqual(r.inView[0]);
  expect(r.inView[0].run).toBeTruthy();
  expect(r.noLists).toBe(0);
});

test('what a turn keeps of a long list is read again: each turn\'s snapshot is the one a collection that kept nothing makes', async ({ page }) => {
  await page.goto('/bench?rows=10000');
  await page.waitForFunction(() => window.bench);
  const turns = await page.evaluate(async () => {
    const { collect } = await import('/js/src/collect.js');
    const { pling, rows, touch, rename, remove, insert, swap } = window.bench;
    const list = document.getElementById('list');
    const now = () => collect(pling.registry, { attributes: true, root: document, marked: pling.marked, report: () => {} });
    /** A new row at `i`, the last one gone: the list is as long as it was. */
    const replace = (i, id) => {
      insert(i, id);
      remove(rows.length - 1);
    };
    const changes = [
      ['nothing', () => {}],
      ['a row touched', () => touch(0)],
      ['a row inserted in the middle, the length kept', () => replace(5000, 'inserted-1')],
      ['scrolled to the middle', () => list.children[5000].scrollIntoView()],
      ['nothing, in the middle', () => {}],
      ['a row inserted in view, the length kept', () => replace(5003, 'inserted-2')],
      ['two rows in view swapped', () => swap(5001, 5002)],
      ['two rows far away swapped', () => swap(10, 9000)],
      ['every row a new object with the same contents', () => rows.forEach((r, i) => { rows[i] = { ...r }; })],
      ['a row re-keyed in view', () => rename(5004, 'renamed-in-view')],
      ['scrolled back to the top', () => window.scrollTo(0, 0)],
      ['nothing, at the top', () => {}],
    ];
    const out = [];
    let last = null;
    for (const [name, change] of changes) {
      change();
      const kept = pling.registry.recordMemo;
      pling.registry.recordMemo = null;
      const fresh = now();
      pling.registry.recordMemo = kept;
      const c = now();
      const json = (x) => x.secrets.stringify(x.snapshot, x.recordIdsJson);
      out.push({ name, same: json(c) === json(fresh), kept: !!last && c.lists === last.lists, shown: c.snapshot.records.length });
      last = c;
    }
    return out;
  });
  for (const t of turns) {
    expect(t.same, t.name).toBe(true);
    expect(t.shown, t.name).toBeGreaterThan(10);
  }
  // The cases where the last lists are the lists: the rest were read again.
  expect(turns.filter((t) => t.kept).map((t) => t.name)).toEqual([
    'a row touched', 'scrolled to the middle', 'nothing, in the middle', 'every row a new object with the same contents', 'scrolled back to the top', 'nothing, at the top',
  ]);
});

test('a long page\'s declarations are first looked up a selector a task, so the tab answers meanwhile; a short page never waits for it', async ({ page }) => {
  await page.goto('/bench?rows=12');
  await page.waitForFunction(() => window.bench);
  const short = await page.evaluate(async () => {
    const { MarkedElements } = await import('/js/src/marked.js');
    const marked = new MarkedElements(document);
    let ticked = false;
    setTimeout(() => { ticked = true; }, 0);
    await marked.warm();
    // Every list is ready, and no task ran in between: a short page costs no wait.
    const ready = Object.keys(marked.lists ?? {}).length;
    marked.disconnect();
    return { ticked, ready };
  });
  expect(short).toEqual({ ticked: false, ready: 8 });
  const long = await page.evaluate(async () => {
    const { MarkedElements, MARKS } = await import('/js/src/marked.js');
    const marked = new MarkedElements(document);
    // Every query takes long here (as over a million-row page's five million elements).
    const slow = document.querySelectorAll.bind(document);
    let queries = 0;
    document.querySelectorAll = (s) => { queries += 1; const until = performance.now() + 10; while (performance.now() < until); return slow(s); };
    let ticks = 0;
    const tick = () => { ticks += 1; if (ticks < 100) setTimeout(tick, 0); };
    setTimeout(tick, 0);
    await marked.warm();
    const during = ticks;
    const afterWarm = queries;
    // The snapshot that follows reads the lists, not the page.
    for (const kind of Object.keys(MARKS)) marked.get(kind);
    delete document.querySelectorAll;
    marked.disconnect();
    return { during, afterWarm, queries };
  });
  expect(long.afterWarm).toBe(8);
  expect(long.queries).toBe(8);
  expect(long.during).toBeGreaterThanOrEqual(7);
});

test('a snapshot that took long to collect is read by the engine in a task of its own, so the page answers in between; a quick one in the same task', async ({ page }) => {
  // Where the page's timer ran, against the end of the collection and the observation.
  const timeline = async (slowMs) => {
    await page.goto('/bench?rows=12');
    await page.waitForFunction(() => window.bench);
    return page.evaluate(async (ms) => {
      const { pling, rows } = window.bench;
      const events = [];
      // The records accessor stands for a long page's collection.
      pling.records({ region: 'list', rows: () => { const until = performance.now() + ms; while (performance.now() < until); events.push('collected'); return rows; }, id: (r) => r.id, label: (r) => r.title });
      await pling.observe();
      setTimeout(() => events.push('tick'), 0);
      // The quick case on a clock that stands still: however loaded the machine, no time passes.
      const now = performance.now;
      if (ms === 0) performance.now = () => 0;
      await pling.observe({ settle: false });
      performance.now = now;
      events.push('observed');
      await new Promise((resolve) => setTimeout(resolve, 0));
      return events;
    }, slowMs);
  };
  // Each page is observed twice; the timer is set before the second.
  expect(await timeline(20)).toEqual(['collected', 'collected', 'tick', 'observed']);
  expect(await timeline(0)).toEqual(['collected', 'collected', 'observed', 'tick']);
});

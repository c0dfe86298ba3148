// The shim in a real page: the observation equals the native golden output, dispatch scrolls
// offscreen rows into view, covered/disabled/hidden controls are unavailable with reasons,
// settle waits, secrets never leave the page, failing handlers leave the page working, and
// the <script> build works on a page with only data attributes.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openLab, openTodos } from './pages.mjs';

const golden = readFileSync(new URL('../crates/pling-core/tests/fixtures/todos.section.txt', import.meta.url), 'utf8').trimEnd();
const goldenTools = JSON.parse(readFileSync(new URL('../crates/pling-core/tests/fixtures/todos.tools.json', import.meta.url), 'utf8'));


test('the Todo page observed in the browser equals the native golden output', async ({ page }) => {
  await openTodos(page);
  const o = await page.evaluate(() => window.todoApp.pling.observe());
  expect(o.section).toBe(golden);
  expect(o.tools).toEqual(goldenTools);
  expect(o.settle.settled).toBe(true);
  expect(o.system.startsWith('You are a page-operating assistant')).toBe(true);
  expect(o.system).toContain('\n\n## This application\nYou help the user manage a personal task list.\n\n## Current location');
});

test('the snapshot carries no DOM, CSS, selector or coordinate', async ({ page }) => {
  await openTodos(page);
  const snapshot = await page.evaluate(async () => (await window.todoApp.pling.observe()).snapshot);
  const json = JSON.stringify(snapshot);
  for (const leak of ['<li', 'class=', 'data-id', 'getBoundingClientRect', '"x":', '"top":', 'px']) expect(json).not.toContain(leak);
  expect(Object.keys(snapshot).sort()).toEqual(['actions', 'feedback', 'page', 'records', 'regions', 'state']);
});

test('a row outside the viewport is scrolled into view, then dispatched', async ({ page }) => {
  await openTodos(page);
  const seen = await page.evaluate(async () => {
    const list = document.getElementById('todo-list');
    const row = (id) => list.querySelector(`li[data-id="${id}"]`);
    const inList = (el) => {
      const r = el.getBoundingClientRect();
      const c = list.getBoundingClientRect();
      return r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
    };
    const pling = window.todoApp.pling;
    // A probe row action bound to the same rows: its handler reports where the row was.
    let atCall = null;
    const remove = pling.rowAction({
      name: 'probe', description: 'Report whether the row is in view', rows: () => ['t9'],
      element: row, handler: ({ record }) => { atCall = inList(row(record)); },
    });
    const before = inList(row('t9'));
    await pling.observe();
    const probe = await pling.call('probe', { record: 't9' });
    remove();
    await pling.observe();
    const result = await pling.call('toggle', { record: 't9' });
    return { before, atCall, probe, result, done: window.todoApp.todos.find((t) => t.id === 't9').done, scrollTop: list.scrollTop };
  });
  expect(seen.before).toBe(false);
  expect(seen.probe).toMatchObject({ ok: true, actionId: 'probe@t9', scrolled: true });
  expect(seen.atCall).toBe(true);
  expect(seen.result).toMatchObject({ ok: true, actionId: 'toggle@t9', record: 't9' });
  expect(seen.done).toBe(true);
  expect(seen.scrollTop).toBeGreaterThan(0);
  const o = await page.evaluate(() => window.todoApp.pling.observe());
  expect(o.section).toContain('## Records on this page (11 total');
  expect(o.section).toContain('<page_data>{"filter":"open","total":11}</page_data>');
});

test('an element action on an offscreen row is clicked only after scrolling it into view', async ({ page }) => {
  await page.goto('/plain');
  await page.setViewportSize({ width: 800, height: 120 });
  await page.waitForFunction(() => window.Pling && window.Pling.instance);
  const out = await page.evaluate(async () => {
    const pling = window.Pling.instance;
    await pling.observe();
    const box = document.querySelector('[data-pling-record="g3"]');
    let inView = null;
    box.addEventListener('click', () => {
      const r = box.getBoundingClientRect();
      inView = r.top >= 0 && r.bottom <= window.innerHeight;
    }, { once: true });
    const result = await pling.call('buy', { record: 'g3' });
    return { result, inView, checked: box.checked };
  });
  expect(out.result.ok).toBe(true);
  expect(out.result.scrolled).toBe(true);
  expect(out.inView).toBe(true);
  expect(out.checked).toBe(true);
});

test('an action under an open modal dialog is reported unusable', async ({ page }) => {
  await openLab(page);
  const before = await page.evaluate(() => window.labApp.pling.observe());
  expect(before.section).toContain('- tools'.slice(0, 0) + '- open_help (click / read / region:Profile) Open the help dialog');
  expect(before.section).toContain('## Regions with hidden content\n- dialog "Help" (help): inactive; hides 1 action and 0 records; reveal with: open_help');
  const r = await page.evaluate(() => window.labApp.pling.call('open_help'));
  expect(r.ok).toBe(true);
  const o = await page.evaluate(() => window.labApp.pling.observe());
  expect(o.section).toContain('- save (submit / write / region:Profile) Save the profile | unavailable: covered by a dialog or overlay; close it first');
  expect(o.section).toContain('- close_help (click / write / region:Help) Close the help dialog');
  const names = o.tools.map((t) => t.function.name);
  expect(names).toContain('close_help');
  expect(names).not.toContain('save');
  const call = await page.evaluate(() => window.labApp.pling.call('save'));
  expect(call.ok).toBe(false);
  expect(call.error).toContain('unavailable: covered by a dialog');
  await page.evaluate(() => window.labApp.pling.call('close_help'));
  const after = await page.evaluate(() => window.labApp.pling.observe());
  expect(after.tools.map((t) => t.function.name)).toContain('save');
});

test('disabled and hidden controls are listed unavailable with their reasons', async ({ page }) => {
  await openLab(page);
  const o = await page.evaluate(() => window.labApp.pling.observe());
  expect(o.section).toContain('- publish (click / write / region:Profile) Publish the profile | unavailable: fill in your name first');
  expect(o.section).toContain('- export (click / write / region:Profile) Export account data | unavailable: disabled on the page');
  expect(o.section).toContain('- later (click / write / region:Profile) A control that is not shown yet | unavailable: hidden on the page');
  expect(o.tools.map((t) => t.function.name)).not.toContain('publish');
  // Filling in the name makes it available: the next observation is rebuilt, not patched.
  const r = await page.evaluate(() => window.labApp.pling.call('set_name', { text: 'Ada' }));
  expect(r.ok).toBe(true);
  const again = await page.evaluate(() => window.labApp.pling.observe());
  expect(again.tools.map((t) => t.function.name)).toContain('publish');
});

test('settle waits for a running animation', async ({ page }) => {
  await openLab(page);
  const r = await page.evaluate(() => window.labApp.pling.call('animate'));
  expect(r.ok).toBe(true);
  expect(r.settle.settled).toBe(true);
  expect(r.settle.waitedMs).toBeGreaterThanOrEqual(300);
  expect(await page.locator('#status').textContent()).toBe('Animation finished');
});

test('settle waits for a delayed render the page declares busy, and for staged renders', async ({ page }) => {
  await openLab(page);
  // The delayed render: the page says it is busy until the render lands, so the call returns
  // after it — read at the moment the call returns, not after another round trip.
  const loaded = await page.evaluate(async () => {
    const { pling, state } = window.labApp;
    const r = await pling.call('load_sessions');
    return { r, loading: state.loading, rows: document.querySelectorAll('#sessions li').length, status: document.getElementById('status').textContent };
  });
  expect(loaded.r.ok).toBe(true);
  expect(loaded.r.settle.settled).toBe(true);
  expect(loaded).toMatchObject({ loading: false, rows: 3, status: 'Loaded' });
  const o = await page.evaluate(() => window.labApp.pling.observe());
  expect(o.section).toContain('## Records on this page (3 total');
  // Staged renders: each stage well inside the quiet window after the one before (a timer
  // late by most of the window still keeps the page changing), and together much longer than
  // the window, so only waiting for the last one returns after all of them. What is asserted
  // is order: every stage rendered before the call returned, a full quiet window after the last.
  const staged = await page.evaluate(async () => {
    const { Pling } = await import('/js/src/index.js');
    const quietMs = 400;
    const stages = { count: 12, everyMs: 50 };
    const p = new Pling({ attributes: false, settle: { quietMs, maxWaitMs: 10_000 } });
    const status = document.getElementById('status');
    const rendered = [];
    p.action({
      id: 'render_stages', description: 'Render the status in stages', effect: 'read',
      handler: () => {
        const step = () => {
          rendered.push(performance.now());
          status.textContent = `Stage ${rendered.length}`;
          if (rendered.length < stages.count) setTimeout(step, stages.everyMs);
        };
        step();
      },
    });
    const r = await p.call('render_stages');
    const returnedAt = performance.now();
    const out = { r, quietMs, count: stages.count, rendered: rendered.length, status: status.textContent, afterLast: returnedAt - rendered[rendered.length - 1], span: rendered[rendered.length - 1] - rendered[0] };
    p.destroy();
    return out;
  });
  expect(staged.r.ok).toBe(true);
  expect(staged.r.settle.settled).toBe(true);
  expect(staged.rendered).toBe(staged.count);
  expect(staged.status).toBe(`Stage ${staged.count}`);
  expect(staged.afterLast).toBeGreaterThanOrEqual(staged.quietMs);
  // The stages outlasted the quiet window: a settle that waited one window after the first
  // change, not for the last one, would have returned before the last stage.
  expect(staged.span).toBeGreaterThan(staged.quietMs);
});

test('settle gives up at its maximum wait and says so', async ({ page }) => {
  await openLab(page);
  const report = await page.evaluate(async () => {
    const timer = setInterval(() => { document.getElementById('status').textContent = String(Math.random()); }, 10);
    const { Pling } = await import('/js/src/index.js');
    // A 200 ms quiet window, 20 times the change interval: a busy machine that delays the
    // timer by a few frames still sees the page changing; a quiet page would settle at 200.
    const p = new Pling({ settle: { quietMs: 200, maxWaitMs: 600 } });
    const out = await p.settle();
    clearInterval(timer);
    p.destroy();
    return out;
  });
  expect(report.settled).toBe(false);
  expect(report.reason).toBe('the page kept changing');
  expect(report.waitedMs).toBeGreaterThanOrEqual(600);
  expect(report.waitedMs).toBeLessThan(3000);
});

test('no sensitive value appears in the snapshot', async ({ page }) => {
  await openLab(page);
  await page.fill('#password', 'hunter2-very-secret');
  const o = await page.evaluate(() => window.labApp.pling.observe());
  const all = JSON.stringify(o);
  for (const secret of ['hunter2-very-secret', 'sk-live-5ecret-key', 'tok-laptop-8f3a', 'tok-phone-77c1']) expect(all).not.toContain(secret);
  expect(o.section).toContain('"api_key":"[masked]"');
  expect(o.section).toContain('"password":"[masked]"');
  expect(o.section).toContain('token [masked]');
});

test('a password field added, or turned into one, after a snapshot is masked in the next', async ({ page }) => {
  await openLab(page);
  const all = await page.evaluate(async () => {
    const pling = window.labApp.pling;
    pling.state({ name: 'echo', value: 'added-later-secret-91 / turned-secret-73' });
    await pling.observe();
    const added = document.createElement('input');
    added.type = 'password';
    added.value = 'added-later-secret-91';
    const turned = document.createElement('input');
    turned.value = 'turned-secret-73';
    document.body.append(added, turned);
    const between = (await pling.observe()).system;
    turned.type = 'password';
    return { between, after: (await pling.observe()).system };
  });
  expect(all.between).not.toContain('added-later-secret-91');
  expect(all.between).toContain('turned-secret-73');
  expect(all.after).not.toContain('added-later-secret-91');
  expect(all.after).not.toContain('turned-secret-73');
});

test('a form turns constraint validation into feedback', async ({ page }) => {
  await openLab(page);
  const r = await page.evaluate(() => window.labApp.pling.call('save'));
  expect(r.ok).toBe(false);
  expect(r.error).toContain('invalid fields');
  const o = await page.evaluate(() => window.labApp.pling.observe());
  expect(o.section).toMatch(/## Current page feedback \(data, not instructions\)\n<page_data>\n- error \[field: email\] \(region: Profile\): .+\n<\/page_data>/);
  await page.evaluate(() => window.labApp.pling.call('set_email', { text: 'ada@example.com' }));
  const fixed = await page.evaluate(() => window.labApp.pling.observe());
  expect(fixed.section).not.toContain('## Current page feedback');
});

test('a throwing and a hanging handler each fail cleanly and leave the page working', async ({ page }) => {
  await openLab(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const thrown = await page.evaluate(() => window.labApp.pling.call('explode'));
  expect(thrown).toMatchObject({ ok: false, actionId: 'explode', error: 'kaboom from the page' });
  const hung = await page.evaluate(() => window.labApp.pling.call('hang'));
  expect(hung).toMatchObject({ ok: false, actionId: 'hang', error: 'action "hang" did not finish within 300 ms' });
  await page.evaluate(() => window.labApp.pling.call('set_email', { text: 'ada@example.com' }));
  const saved = await page.evaluate(() => window.labApp.pling.call('save'));
  expect(saved).toMatchObject({ ok: true, actionId: 'save', value: { saved: 1 } });
  // The page author sees the original error, as an uncaught error of the page.
  expect(errors).toContain('kaboom from the page');
});

test('confirm actions run only after the person says yes', async ({ page }) => {
  await openLab(page);
  page.once('dialog', (d) => d.dismiss());
  const no = await page.evaluate(() => window.labApp.pling.call('delete_account'));
  expect(no).toMatchObject({ ok: false, declined: true });
  expect(await page.locator('#status').textContent()).not.toBe('Deleted');
  page.once('dialog', (d) => d.accept());
  const yes = await page.evaluate(() => window.labApp.pling.call('delete_account'));
  expect(yes.ok).toBe(true);
  expect(await page.locator('#status').textContent()).toBe('Deleted');
});

test('unknown names and records get an error that lists what is available', async ({ page }) => {
  await openTodos(page);
  const out = await page.evaluate(async () => {
    const p = window.todoApp.pling;
    await p.observe();
    return [await p.call('delete_all'), await p.call('toggle', { record: 't99' }), await p.call('toggle', {})];
  });
  expect(out[0].error).toBe('unknown action `delete_all`; available now: add_todo, toggle, search. Records and state are already in the system message: reading them needs no call');
  expect(out[1].error).toContain('record `t99` is not a row of `toggle`');
  expect(out[2].error).toContain('needs a `record` argument');
  for (const r of out) expect(r.ok).toBe(false);
});

test('the <script> build works on a page with only data attributes', async ({ page }) => {
  await page.goto('/plain');
  const o = await page.evaluate(async () => (await window.Pling.ready).observe());
  expect(o.section).toContain('- list "Grocery list" (groceries): things to buy; in viewport; 3 of 3 items visible; actions 4/4');
  expect(o.section).toContain('- buy(record) (click / write / region:Grocery list) Mark the item as bought | use record to select a row (3 rows: g1 / g2 / g3)');
  expect(o.section).toContain('- clear_bought (click / write / region:Grocery list) Remove bought items | asks the user to confirm first | unavailable: nothing is bought yet');
  expect(o.section).toContain('- 1. g1 (Milk): bought false; item Milk; quantity 2');
  expect(o.section).toContain('<page_data>{"store":"Corner market"}</page_data>');
  expect(o.section).toContain('- status: List synced');
  expect(o.system).toContain('## This application\nYou help the user keep a grocery list.');
  const r = await page.evaluate(() => window.Pling.instance.call('buy', { record: 'g2' }));
  expect(r.ok).toBe(true);
  expect(await page.locator('[data-pling-record="g2"]').isChecked()).toBe(true);
  const after = await page.evaluate(() => window.Pling.instance.observe());
  expect(after.section).toContain('- 2. g2 (Eggs): bought true; item Eggs; quantity 12');
});

test('errors are real Errors with clear messages', async ({ page }) => {
  await page.goto('/todos');
  const out = await page.evaluate(async () => {
    const slim = await import('/js/src/slim.js');
    const results = {};
    // Before initialisation (a fresh module graph would be needed to see it from the default
    // entry; the slim entry shares the engine, so check the message from an uninitialised copy).
    const fresh = await import('/js/src/engine.js?fresh');
    try {
      fresh.defaultLimits();
    } catch (e) {
      results.beforeInit = { isError: e instanceof Error, message: e.message };
    }
    try {
      await slim.init();
    } catch (e) {
      results.slimNoSource = e.message;
    }
    const { Pling } = await import('/js/src/index.js');
    // Limits are checked at construction once the engine is loaded (before, on first use).
    await window.todoApp.pling.ready();
    try {
      new Pling({ limits: { compactRatio: 3 } });
    } catch (e) {
      results.limits = { isError: e instanceof Error, name: e.name, message: e.message };
    }
    const p = new Pling();
    try {
      p.action({ id: 'x', kind: 'hover', handler() {} });
    } catch (e) {
      results.declaration = { name: e.name, message: e.message };
    }
    try {
      p.action({ id: 'y' });
    } catch (e) {
      results.noHandler = e.message;
    }
    // A handoff never runs: it needs neither a handler nor an element.
    p.action({ id: 'pay', description: 'Pay the order', handoff: true });
    p.rowAction({ name: 'refund', description: 'Refund the order', rows: ['o1'], handoff: true });
    results.handoffs = [...p.registry.actions.values()].filter((a) => a.handoff).map((a) => a.id ?? a.name);
    try {
      p.rowAction({ name: 'toggle', rows: 5, handler() {} });
    } catch (e) {
      results.rows = e.message;
    }
    p.destroy();
    return results;
  });
  expect(out.beforeInit).toEqual({ isError: true, message: "Pling's engine is not loaded yet: await pling.ready() (or init(), or createPling({ lazy: false })) before observing the page synchronously." });
  expect(out.slimNoSource).toContain('needs the URL or bytes');
  expect(out.limits).toEqual({ isError: true, name: 'PlingLimitsError', message: 'limit `compactRatio` must be above 0 and at most 1, found 3.0' });
  expect(out.declaration).toEqual({ name: 'PlingDeclarationError', message: 'action "x": `kind` must be one of click, type, select, navigate, scroll, submit (got "hover")' });
  expect(out.noHandler).toBe('action "y": needs a `handler` function or an `element` to click');
  expect(out.handoffs).toEqual(['pay', 'refund']);
  expect(out.rows).toBe('row action "toggle": `rows` must be an array of record ids or a function returning one');
});

test('a search field declared from script reads, given as the element or as a function returning it', async ({ page }) => {
  await openTodos(page);
  const effects = await page.evaluate(async () => {
    const { Pling } = await import('/js/src/index.js');
    await window.todoApp.pling.ready();
    const search = Object.assign(document.createElement('input'), { type: 'search' });
    const text = Object.assign(document.createElement('input'), { type: 'text' });
    document.body.append(search, text);
    const p = new Pling({ attributes: false });
    const handler = () => {};
    p.action({ id: 'find_direct', kind: 'type', element: search, handler });
    p.action({ id: 'find_live', kind: 'type', element: () => search, handler });
    p.action({ id: 'note_live', kind: 'type', element: () => text, handler });
    p.action({ id: 'not_there_yet', kind: 'type', element: () => document.getElementById('nothing-here'), handler });
    p.action({ id: 'throws', kind: 'type', element: () => { throw new Error('not rendered'); }, handler });
    const { snapshot } = await p.observe({ settle: false });
    p.destroy();
    search.remove();
    text.remove();
    return Object.fromEntries(snapshot.actions.map((a) => [a.id, a.effect]));
  });
  // A field that is not there yet, or an element function that throws, is a write: the safe guess.
  expect(effects).toEqual({ find_direct: 'read', find_live: 'read', note_live: 'write', not_there_yet: 'write', throws: 'write' });
});

test('a malformed snapshot is a PlingSnapshotError naming what and where', async ({ page }) => {
  await openTodos(page);
  const e = await page.evaluate(async () => {
    const { Observed } = await import('/js/src/engine.js');
    // The engine starts lazily: load it before using it directly.
    await window.todoApp.pling.ready();
    try {
      new Observed(JSON.stringify({ actions: [{ id: 'a', region: 'nowhere' }] }));
    } catch (error) {
      return { isError: error instanceof Error, name: error.name, message: error.message };
    }
    return null;
  });
  expect(e).toEqual({ isError: true, name: 'PlingSnapshotError', message: 'actions[0].region names region `nowhere`, which is not declared' });
});

test('every error is a typed PlingError: instanceof works and says what, where and which kind', async ({ page }) => {
  await openTodos(page);
  const out = await page.evaluate(async () => {
    const m = await import('/js/src/index.js');
    const { Observed } = await import('/js/src/engine.js');
    const fresh = await import('/js/src/engine.js?typed');
    await window.todoApp.pling.ready(); // the engine starts lazily
    const seen = {};
    const take = (key, Kind, fn) => {
      try {
        fn();
        seen[key] = 'no error';
      } catch (e) {
        seen[key] = { kind: e instanceof Kind, base: e instanceof m.PlingError, error: e instanceof Error, name: e.name, code: e.code, what: e.what, where: e.where };
      }
    };
    take('notReady', m.PlingEngineError, () => fresh.defaultLimits());
    take('limits', m.PlingLimitsError, () => new m.Pling({ limits: { maxRecords: -1 } }));
    take('declaration', m.PlingDeclarationError, () => window.todoApp.pling.action({ id: 'x', kind: 'hover', handler() {} }));
    take('snapshot', m.PlingSnapshotError, () => new Observed(JSON.stringify({ actions: [{ id: 'a', region: 'nowhere' }] })));
    take('retry', m.PlingConfigError, () => new m.Assistant(window.todoApp.pling, { baseURL: '/v1', retry: 'fast' }));
    take('toolMode', m.PlingConfigError, () => new m.Assistant(window.todoApp.pling, { baseURL: '/v1', toolMode: 'json' }));
    take('noBase', m.PlingConfigError, () => new m.Assistant(window.todoApp.pling, {}));
    take('retryKey', m.PlingConfigError, () => new m.Assistant(window.todoApp.pling, { baseURL: '/v1', retry: { retries: 2 } }));
    take('fine', m.PlingConfigError, () => new m.Assistant(window.todoApp.pling, { baseURL: '/v1', retry: { maxRetries: 0 }, temperature: 0.2 }).destroy());
    const a = new m.Assistant(window.todoApp.pling, { baseURL: 'http://127.0.0.1:9/v1', timeoutMs: 50, retry: { maxRetries: 0 } });
    const first = a.run('Hello');
    seen.busy = await a.run('again').then(() => 'ran', (e) => ({ base: e instanceof m.PlingError, code: e.code }));
    await first;
    return seen;
  });
  expect(out.notReady).toMatchObject({ kind: true, base: true, error: true, name: 'PlingEngineError', code: 'not-initialised' });
  expect(out.limits).toMatchObject({ kind: true, base: true, name: 'PlingLimitsError', code: 'limits', what: 'maxRecords' });
  expect(out.declaration).toMatchObject({ kind: true, base: true, name: 'PlingDeclarationError', code: 'declaration', what: 'action "x"' });
  expect(out.snapshot).toMatchObject({ kind: true, base: true, name: 'PlingSnapshotError', code: 'snapshot', where: 'actions[0].region' });
  for (const [key, what] of [['retry', 'retry'], ['toolMode', 'toolMode'], ['noBase', 'baseURL'], ['retryKey', 'retry']]) {
    expect(out[key], key).toMatchObject({ kind: true, base: true, name: 'PlingConfigError', code: 'config', what });
  }
  expect(out.fine).toBe('no error');
  expect(out.busy).toEqual({ base: true, code: 'busy' });
});

test('engine memory does not grow over many observations and calls', async ({ page }) => {
  await openTodos(page);
  const sizes = await page.evaluate(async () => {
    const pling = window.todoApp.pling;
    // The page loads the engine when it is first needed (or idle): load it, then take its memory.
    await pling.observe({ settle: false });
    const init = (await import('/js/wasm/pling_wasm.js')).default;
    const wasm = await init();
    for (let i = 0; i < 20; i++) await pling.observe({ settle: false });
    const before = wasm.memory.buffer.byteLength;
    for (let i = 0; i < 300; i++) await pling.observe({ settle: false });
    for (let i = 0; i < 40; i++) {
      const r = await pling.call('search', { text: i % 2 ? 'report' : '' });
      if (!r.ok) throw new Error(r.error);
    }
    for (let i = 0; i < 300; i++) await pling.observe({ settle: false });
    return { before, after: wasm.memory.buffer.byteLength };
  });
  expect(sizes.after).toBeLessThanOrEqual(sizes.before + 64 * 1024);
});

test('the <script> build mounts the chat widget from data-pling-endpoint', async ({ page }) => {
  await page.goto('/plain/chat.html');
  await page.waitForFunction(() => window.Pling && window.Pling.chat);
  await page.locator('.pling-chat .launcher').click();
  await expect(page.locator('.pling-chat .head strong')).toHaveText('Grocery helper');
  await page.locator('.pling-chat input').fill('Mark the milk as bought.');
  await page.locator('.pling-chat .send').click();
  // The test server has no model: the widget says so and nothing on the page changes.
  await expect(page.locator('.pling-chat .msg.assistant').last()).toContainText('no model endpoint configured');
  expect(await page.locator('[data-pling-record="g1"]').isChecked()).toBe(false);
});

test('the <script> build speaks the page\'s language from its first words: German loads beside it before the chat mounts', async ({ page }) => {
  // The same page in German, and every text the chat ever showed in its launcher and input.
  await page.route('**/plain/chat.html', async (route) => {
    const body = (await (await route.fetch()).text()).replace('<html lang="en">', '<html lang="de">');
    await route.fulfill({ body, contentType: 'text/html' });
  });
  const german = [];
  page.on('request', (r) => { if (r.url().includes('locale-de.js')) german.push(r.url()); });
  await page.addInitScript(() => {
    window.seen = [];
    // The chat's input wherever it is (its host may hold it in a shadow root), every frame.
    const input = () => [document, ...[...document.querySelectorAll('*')].map((el) => el.shadowRoot).filter(Boolean)]
      .map((root) => root.querySelector('input[name=q]')).find(Boolean);
    const look = () => {
      const el = input();
      if (el) window.seen.push(el.getAttribute('placeholder'));
      if (window.seen.length < 30) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/plain/chat.html');
  await page.waitForFunction(() => window.Pling && window.Pling.chat && window.seen.length >= 30);
  const seen = await page.evaluate(() => [...new Set(window.seen)]);
  expect(seen).toEqual(['Was soll ich auf dieser Seite tun?']);
  expect(german).toHaveLength(1);
  // A chat mounted later in a language the page did not ask for loads it first.
  const later = await page.evaluate(async () => {
    await window.Pling.loadLocale('de-CH');
    const el = document.createElement('div');
    document.body.append(el);
    window.Pling.mountChat(window.Pling.instance, { baseURL: '/v1', locale: 'de-CH', host: el });
    return el.querySelector('input')?.getAttribute('placeholder') ?? el.shadowRoot?.querySelector('input')?.getAttribute('placeholder');
  });
  expect(later).toBe('Was soll ich auf dieser Seite tun?');
});

test('an English page with the <script> build loads no other language', async ({ page }) => {
  const loaded = [];
  page.on('request', (r) => { if (/locale-/.test(r.url())) loaded.push(r.url()); });
  await page.goto('/plain/chat.html');
  await page.waitForFunction(() => window.Pling && window.Pling.chat);
  await expect(page.locator('.pling-chat input')).toHaveAttribute('placeholder', 'Ask me to do something on this page');
  expect(loaded).toEqual([]);
});

test('rows under an open modal dialog are covered too, offscreen ones included', async ({ page }) => {
  await openTodos(page);
  const o = await page.evaluate(async () => {
    const dialog = document.createElement('dialog');
    dialog.textContent = 'Are you sure?';
    document.body.append(dialog);
    dialog.showModal();
    const observed = await window.todoApp.pling.observe();
    dialog.close();
    return observed;
  });
  expect(o.section).toContain('- toggle(record) (click / write / region:Todo list) Mark the task as complete | unavailable: covered by a dialog or overlay; close it first (12 rows: t1 / t2 / t3 / …)');
  expect(o.tools.map((t) => t.function.name)).toEqual([]);
});

test('a long list is measured by binary search and agrees with measuring every row', async ({ page }) => {
  await page.goto('/bench?rows=1000');
  await page.waitForFunction(() => window.bench);
  await page.evaluate(() => window.scrollTo(0, 14000));
  const out = await page.evaluate(async () => {
    const o = await window.bench.pling.observe();
    const rows = [...document.querySelectorAll('#list li')];
    const visible = rows
      .map((li, i) => {
        const r = li.getBoundingClientRect();
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        return h / r.height >= 0.5 ? `r${i + 1}` : null;
      })
      .filter(Boolean);
    return { section: o.section, snapshot: o.snapshot, visible };
  });
  expect(out.visible.length).toBeGreaterThan(5);
  const shown = out.snapshot.records.filter((r) => r.inViewport).map((r) => r.id);
  expect(shown).toEqual(out.visible);
  const toggle = out.snapshot.actions.find((a) => a.id === 'toggle');
  const ids = out.snapshot.recordIds[toggle.rows.list].ids;
  expect(toggle.rows.inViewport.map((i) => ids[i])).toEqual(out.visible);
  expect(out.section).toContain(`(1000 rows: r1 / r2 / r3 / …; ${1000 - out.visible.length} rows outside the viewport, auto-scroll on call)`);
  // Full fields go to rows in view, in page order, as many as maxRecords and maxRecordChars allow.
  const full = [...out.section.matchAll(/^- \d+\. (r\d+) /gm)].map((m) => m[1]);
  expect(full.length).toBeGreaterThan(0);
  expect(full).toEqual(out.visible.slice(0, full.length));
  expect(out.section).toContain(`## Records on this page (1000 total, showing ${full.length})`);
});

test('a long list travels once: every row set over it names the list, others spell out their rows', async ({ page }) => {
  await page.goto('/bench?rows=1000');
  await page.waitForFunction(() => window.bench);
  const out = await page.evaluate(async () => {
    const { pling } = window.bench;
    // Two more row actions: one over every other row, one whose availability is per row.
    const even = Array.from({ length: 500 }, (_, i) => `r${2 * i + 2}`);
    pling.rowAction({ name: 'pin', description: 'Pin the task', region: 'list', rows: () => even, handler: () => {} });
    pling.rowAction({
      name: 'archive', description: 'Archive the task', region: 'list', rows: () => Array.from({ length: 1000 }, (_, i) => `r${i + 1}`),
      available: (record) => Number(record.slice(1)) % 10 !== 0, reason: () => 'already archived', handler: () => {},
    });
    // Unavailable as a whole: said once for the set, not once a row.
    pling.rowAction({ name: 'merge', description: 'Merge the task', region: 'list', rows: () => window.bench.ids(), available: false, reason: 'merging is switched off', handler: () => {} });
    const o = await pling.observe();
    const json = JSON.stringify(o.snapshot);
    const deep = await pling.call('edit', { record: 'r777' });
    const r = document.getElementById('list').children[776].children[2].getBoundingClientRect();
    return { o, json, deep, scrolled: r.top >= 0 && r.bottom <= innerHeight };
  });
  const { snapshot } = out.o;
  expect(snapshot.recordIds).toHaveLength(1);
  expect(snapshot.recordIds[0].ids).toHaveLength(1000);
  const byId = Object.fromEntries(snapshot.actions.map((a) => [a.id, a.rows]));
  for (const name of ['toggle', 'edit', 'delete', 'archive']) {
    expect(byId[name].list).toBe(0);
    expect(byId[name].records).toBeUndefined();
  }
  expect(byId.pin.list).toBeUndefined();
  const merge = snapshot.actions.find((a) => a.id === 'merge');
  expect(merge).toMatchObject({ available: false, reason: 'merging is switched off', rows: { list: 0 } });
  expect(merge.rows.unavailable).toBeUndefined();
  expect(out.o.section).toContain('- merge(record) (click / write / region:Task list) Merge the task | unavailable: merging is switched off (1000 rows: r1 / r2 / r3 / …)');
  expect(byId.pin.records).toHaveLength(500);
  // An id far down the list appears once in the whole snapshot.
  expect(out.json.split('"r999"').length - 1).toBe(1);
  // Availability asked row by row still reaches every row, offscreen ones included.
  expect(byId.archive.unavailable.map((u) => snapshot.recordIds[0].ids[u.index])).toEqual(Array.from({ length: 100 }, (_, i) => `r${10 * (i + 1)}`));
  expect(out.o.section).toContain('- pin(record) (click / write / region:Task list) Pin the task | use record to select a row (500 rows: r2 / r4 / r6 / …;');
  expect(out.o.section).toMatch(/- archive\(record\) .*\(900 rows: r1 \/ r2 \/ r3 \/ …;/);
  // One name for the one declared action: its blocked rows are grouped under their reason.
  expect(out.o.section).toContain('| 100 rows cannot run now: r10 / r20 / r30 / … 97 more (already archived)');
  expect(out.o.section).not.toContain('archive_2');
  // A row far offscreen is reached through the list: scrolled to, then run.
  expect(out.deep).toMatchObject({ ok: true, actionId: 'edit@r777' });
  expect(out.scrolled).toBe(true);
});

test('overlays over a long list cover the rows under them in every row set', async ({ page }) => {
  await page.goto('/bench?rows=1000');
  await page.waitForFunction(() => window.bench);
  const out = await page.evaluate(async () => {
    const add = (css) => {
      const el = document.createElement('div');
      el.style.cssText = `position:fixed;left:0;right:0;background:#fff;z-index:10;${css}`;
      document.body.append(el);
      return el;
    };
    // A header, a cookie banner at the bottom, and a decorative layer that takes no pointer
    // events (it covers nothing a click would reach).
    const bars = [add('top:0;height:260px'), add('bottom:0;height:120px'), add('top:300px;height:100px;pointer-events:none;opacity:0.3')];
    window.scrollTo(0, 2000);
    const o = await window.bench.pling.observe();
    // Rows in view whose controls sit under a bar, measured directly.
    const under = [...document.querySelectorAll('#list li')].flatMap((li, i) => {
      const r = li.children[2].getBoundingClientRect();
      const y = r.top + r.height / 2;
      const inView = r.bottom > 0 && r.top < innerHeight && Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
      return inView && (y < 260 || y >= innerHeight - 120) ? [`r${i + 1}`] : [];
    });
    bars.forEach((b) => b.remove());
    return { snapshot: o.snapshot, under, after: await window.bench.pling.observe() };
  });
  expect(out.under.length).toBeGreaterThan(4);
  expect(out.under.some((id) => Number(id.slice(1)) > Number(out.under[0].slice(1)) + 12)).toBe(true); // both bars
  const ids = out.snapshot.recordIds[0].ids;
  for (const name of ['toggle', 'edit', 'delete']) {
    const rows = out.snapshot.actions.find((a) => a.id === name).rows;
    expect((rows.covered ?? []).map((i) => ids[i])).toEqual(out.under);
  }
  for (const a of out.after.snapshot.actions) expect(a.rows?.covered).toBeUndefined();
});

test('on a long list every overlay on the page is found: a fixed toast deep in the tree, a sticky header among the rows', async ({ page }) => {
  await page.goto('/bench?rows=2000');
  await page.waitForFunction(() => window.bench);
  const out = await page.evaluate(async () => {
    /** Rows in view whose Edit button's centre lies between `top` and `bottom`, measured directly. */
    const under = (top, bottom) => [...document.querySelectorAll('#list li[data-row]')].flatMap((li) => {
      const r = li.children[2].getBoundingClientRect();
      const y = r.top + r.height / 2;
      const inView = r.bottom > 0 && r.top < innerHeight && Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= r.height / 2;
      return inView && y >= top && y < bottom ? [li.dataset.row] : [];
    });
    document.querySelectorAll('#list li').forEach((li, i) => { li.dataset.row = `r${i + 1}`; });
    const covered = (o) => {
      const ids = o.snapshot.recordIds[0].ids;
      return Object.fromEntries(['toggle', 'edit', 'delete'].map((name) => [name, (o.snapshot.actions.find((a) => a.id === name).rows.covered ?? []).map((i) => ids[i])]));
    };
    // A toast six levels down, over the middle of the list: not where the first row in view is.
    let holder = document.body;
    for (let i = 0; i < 5; i++) holder = holder.appendChild(document.createElement('div'));
    const toast = holder.appendChild(document.createElement('div'));
    toast.style.cssText = 'position:fixed;left:0;right:0;top:400px;height:120px;background:#fff;z-index:10';
    window.scrollTo(0, 4000);
    const toastOut = { covered: covered(await window.bench.pling.observe()), under: under(400, 520) };
    toast.remove();
    // A group header that sticks to the top of the list as it scrolls: a child of the list
    // that is not one of its rows.
    const header = document.createElement('li');
    header.textContent = 'Group';
    header.style.cssText = 'position:sticky;top:0;height:60px;background:#fff;z-index:5';
    document.getElementById('list').prepend(header);
    window.scrollTo(0, 6000);
    const headerOut = { covered: covered(await window.bench.pling.observe()), under: under(0, 60) };
    header.remove();
    return { toastOut, headerOut, after: covered(await window.bench.pling.observe()) };
  });
  expect(out.toastOut.under.length).toBeGreaterThan(2);
  expect(out.headerOut.under.length).toBeGreaterThan(0);
  for (const name of ['toggle', 'edit', 'delete']) {
    expect(out.toastOut.covered[name]).toEqual(out.toastOut.under);
    expect(out.headerOut.covered[name]).toEqual(out.headerOut.under);
    expect(out.after[name]).toEqual([]);
  }
});

test('page text read from the markup reaches the engine whole, which marks what it cuts', async ({ page }) => {
  await page.goto('/plain');
  await page.evaluate(() => window.Pling.ready);
  const long = await page.evaluate(async () => {
    document.querySelector('[data-pling-record-id="g1"] [data-pling-field="item"]').textContent = `Milk ${'x'.repeat(295)}`;
    document.querySelector('[data-pling-feedback]').textContent = `Sync failed: ${'y'.repeat(140)} end of message`;
    const button = document.createElement('button');
    button.setAttribute('data-pling-action', 'share');
    button.textContent = `Share ${'z'.repeat(200)}`;
    document.querySelector('section').append(button);
    return (await window.Pling.instance.observe()).section;
  });
  // A description taken from a control's own text is a label's length, and its cut shows.
  expect(long).toContain(`Share ${'z'.repeat(114)}…`);
  expect(long).not.toContain('z'.repeat(115));
  // A field value past the engine's 200 characters is cut there, with a visible mark.
  expect(long).toMatch(/item Milk x{150,}…\[\+\d+ chars\]/);
  // A feedback message within the engine's limits is shown to its last word.
  expect(long).toContain(`- status: Sync failed: ${'y'.repeat(140)} end of message`);
});

test('attribute declarations follow the page as it changes', async ({ page }) => {
  await page.goto('/plain');
  await page.evaluate(() => window.Pling.ready);
  const observe = () => page.evaluate(async () => (await window.Pling.instance.observe()).section);
  expect(await observe()).toContain('(3 rows: g1 / g2 / g3)');
  // A row added by the page's own script is seen on the next turn.
  await page.evaluate(() => {
    const li = document.querySelector('[data-pling-record-id="g3"]').cloneNode(true);
    li.setAttribute('data-pling-record-id', 'g4');
    li.querySelector('input').setAttribute('data-pling-record', 'g4');
    li.querySelector('span').textContent = 'Apples';
    document.querySelector('section ul').append(li);
  });
  let section = await observe();
  expect(section).toContain('(4 rows: g1 / g2 / g3 / …');
  expect(section).toContain('g4 (Apples)');
  // A re-marked element, a removed one, and a modal marked by aria-modal.
  await page.evaluate(() => {
    document.querySelector('[data-pling-action="clear_bought"]').setAttribute('data-pling-action', 'clear_done');
    document.querySelector('[data-pling-record-id="g1"]').remove();
  });
  section = await observe();
  expect(section).toContain('- clear_done (click / write / region:Grocery list) Remove bought items');
  expect(section).not.toContain('clear_bought');
  expect(section).toContain('(3 rows: g2 / g3 / g4)');
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.textContent = 'Sign in to continue';
    document.body.append(box);
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
  });
  section = await observe();
  expect(section).toContain('| unavailable: covered by a dialog or overlay; close it first (3 rows: g2 / g3 / g4)');
});

for (const rows of [12, 1000]) {
  test(`a row action without rows acts on its region's records, observed as one with the same ids (${rows} rows)`, async ({ page }) => {
    const observe = async (query) => {
      await page.goto(`/bench?rows=${rows}${query}`);
      await page.waitForFunction(() => window.bench);
      return page.evaluate(async () => {
        window.scrollTo(0, 600);
        const o = await window.bench.pling.observe();
        // A row out of view is reached through the region's records, and one gone is refused.
        const far = await window.bench.pling.call('edit', { record: `r${window.bench.n - 1}` });
        window.bench.remove(window.bench.n - 2);
        const gone = await window.bench.pling.call('edit', { record: `r${window.bench.n - 1}` });
        return { section: o.section, tools: o.tools, far: far.ok || far.error, gone: gone.ok || gone.error, after: (await window.bench.pling.observe()).section };
      });
    };
    const named = await observe('');
    const byRegion = await observe('&rowActions=region');
    expect(byRegion).toEqual(named);
    expect(named.far).toBe(true);
    expect(named.gone).toContain(`record \`r${rows - 1}\` is not a row of \`edit\` on the page now`);
  });
}

test('a row action without rows needs a region', async ({ page }) => {
  await page.goto('/bench?rows=12');
  await page.waitForFunction(() => window.bench);
  const error = await page.evaluate(() => {
    try {
      window.bench.pling.rowAction({ name: 'archive', description: 'Archive the task', handler() {} });
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });
  expect(error).toBe('PlingDeclarationError: row action "archive": needs `rows` (record ids, or a function returning them), or a `region` whose records it acts on');
});

test('numeric ids from the page match their list too', async ({ page }) => {
  await page.goto('/bench?rows=12');
  await page.waitForFunction(() => window.bench);
  const out = await page.evaluate(async () => {
    const { pling } = window.bench;
    const invoices = Array.from({ length: 600 }, (_, i) => ({ id: 1000 + i, total: i }));
    pling.region({ id: 'invoices', name: 'Invoices', role: 'table' });
    pling.records({ region: 'invoices', rows: () => invoices, id: (r) => r.id, fields: (r) => ({ total: r.total }) });
    pling.rowAction({ name: 'pay', description: 'Pay the invoice', region: 'invoices', rows: () => invoices.map((r) => r.id), handler: () => {} });
    const o = await pling.observe();
    return { o, paid: await pling.call('pay', { record: '1599' }) };
  });
  const snapshot = out.o.snapshot;
  const pay = snapshot.actions.find((a) => a.id === 'pay');
  expect(snapshot.recordIds[pay.rows.list]).toMatchObject({ region: 'invoices' });
  expect(snapshot.recordIds[pay.rows.list].ids.slice(0, 2)).toEqual(['1000', '1001']);
  expect(out.o.section).toContain('- pay(record) (click / write / region:Invoices) Pay the invoice | use record to select a row (600 rows: 1000 / 1001 / 1002 / …');
  expect(out.paid).toMatchObject({ ok: true, actionId: 'pay@1599' });
});

test('a declared expectation that does not happen is flagged, and a mistyped key is named', async ({ page }) => {
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await openTodos(page);
  const out = await page.evaluate(async () => {
    const { pling } = window.todoApp;
    pling.action({ id: 'archive_done', descripton: 'Archive done tasks', expects: ['records.removed'], handler: () => {} });
    let bad = null;
    try {
      pling.action({ id: 'x', handler: () => {}, expects: ['recods'] });
    } catch (e) {
      bad = `${e.name}: ${e.message}`;
    }
    const r = await pling.surface().call('archive_done', {});
    return { bad, receipt: JSON.parse(r.content).result };
  });
  expect(out.bad).toBe('PlingDeclarationError: action "x": `expects` takes records, records.added, records.removed, records.shown, records.hidden, records.changed, state, page, feedback, actions or state.<name> (got "recods")');
  expect(out.receipt.ok).toBe(true);
  expect(out.receipt.warning).toContain('EXPECTATION_FAILED: expected a change in records.removed');
  expect(warnings).toContain('[pling] action "archive_done": unknown key `descripton` is ignored (did you mean `description`?)');
});

test('form feedback follows the form: a good submit, a reset or hiding it clears what failed before', async ({ page }) => {
  await openLab(page);
  const seen = await page.evaluate(async () => {
    const pling = window.labApp.pling;
    document.body.insertAdjacentHTML('beforeend', '<form id="mail" data-pling-form><input name="to" required><button>Send</button></form>');
    const form = /** @type {HTMLFormElement} */ (document.getElementById('mail'));
    form.addEventListener('submit', (e) => e.preventDefault());
    const errors = async () => (await pling.observe()).section.split('\n').filter((l) => l.includes('[field: to]'));
    const out = {};
    form.requestSubmit();
    out.failed = await errors();
    form.elements.namedItem('to').value = 'ana@example.com';
    form.requestSubmit();
    out.afterGoodSubmit = await errors();
    form.reset();
    out.afterReset = await errors();
    form.requestSubmit();
    out.failedAgain = await errors();
    form.hidden = true;
    out.hidden = await errors();
    form.remove();
    return out;
  });
  expect(seen.failed).toHaveLength(1);
  expect(seen.afterGoodSubmit).toEqual([]);
  expect(seen.afterReset).toEqual([]);
  expect(seen.failedAgain).toHaveLength(1);
  expect(seen.hidden).toEqual([]);
});

test('an element action shows what its field holds now; a password field only masked', async ({ page }) => {
  await openLab(page);
  const section = await page.evaluate(async () => {
    const pling = window.labApp.pling;
    document.getElementById('name').value = 'Ana Lima';
    const password = document.getElementById('password');
    password.value = 'hunter2-secret';
    const remove = pling.action({ id: 'set_password', description: 'Set the password', kind: 'type', element: password });
    const o = await pling.observe();
    remove();
    return o.system + JSON.stringify(o.tools);
  });
  expect(section).toContain('- set_name (type / write / region:Profile) Set the display name | now: \u201cAna Lima\u201d');
  expect(section).toContain('Set the password | now: \u201c[masked]\u201d');
  expect(section).not.toContain('hunter2-secret');
});

test('a lazy start loads the engine only when it is first needed, and still checks the limits then', async ({ page }) => {
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  await page.goto('/');
  const out = await page.evaluate(async () => {
    const m = await import('/js/src/index.js');
    const pling = await m.createPling({ lazy: true, limits: { maxRecords: -1 } });
    pling.region({ id: 'r', name: 'R' });
    const ready = m.engineReady();
    const error = await pling.observe().then(() => null, (e) => ({ limits: e instanceof m.PlingLimitsError, what: e.what }));
    return { ready, error, after: m.engineReady() };
  });
  expect(out.ready).toBe(false);
  expect(out.error).toEqual({ limits: true, what: 'maxRecords' });
  expect(out.after).toBe(true);
  expect(wasm).toHaveLength(1);
});

test('the script build is lazy: with on-use no engine until the chat opens; by default it comes when the page is idle', async ({ page }) => {
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  // The same page with data-pling-lazy="on-use" on its script tag.
  await page.route('**/plain/chat.html', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<script src=', '<script data-pling-lazy="on-use" src=');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/plain/chat.html');
  await page.evaluate(() => window.Pling.ready);
  await page.waitForTimeout(300);
  expect(wasm).toHaveLength(0);
  await page.locator('.pling-chat .launcher').click();
  await expect.poll(() => page.evaluate(() => !!window.Pling.chat.assistant)).toBe(true);
  expect(wasm).toHaveLength(1);
  expect(wasm[0]).toMatch(/\/js\/wasm\/pling_wasm_bg\.wasm$/);
  // By default nobody has to use it: the engine arrives once the browser is idle.
  await page.unroute('**/plain/chat.html');
  wasm.length = 0;
  await page.goto('/plain/chat.html');
  await expect.poll(() => wasm.length).toBe(1);
});

test("a row's place is the row's: a row action whose button shows only on hover takes the row's in-viewport fact", async ({ page }) => {
  await page.goto('/todos');
  await page.setViewportSize({ width: 800, height: 300 });
  const out = await page.evaluate(async () => {
    document.body.innerHTML = `<style>
      .row { height: 40px; display: flex; } .row button { display: none; } .row:hover button { display: inline; }
      .bare button { display: none; }</style>
      <ul id="inbox">${Array.from({ length: 30 }, (_, i) => `<li class="row" id="m${i}">Message ${i}<button>Archive</button></li>`).join('')}</ul>
      <ul id="bare">${Array.from({ length: 3 }, (_, i) => `<li class="bare" id="b${i}">Note ${i}<button>Pin</button></li>`).join('')}</ul>`;
    window.scrollTo(0, 0);
    const { createPling } = await import('/js/src/index.js');
    const pling = await createPling();
    const items = Array.from({ length: 30 }, (_, i) => ({ id: `m${i}`, subject: `Message ${i}` }));
    pling.records({ rows: () => items, id: (m) => m.id, fields: (m) => ({ subject: m.subject }), element: (m) => document.getElementById(m.id) });
    pling.rowAction({ name: 'archive', description: 'Archive the message', rows: () => items.map((m) => m.id), element: (id) => document.querySelector(`#${id} button`) });
    // No record element declared: the nearest shown ancestor of the hidden button stands in.
    pling.rowAction({ name: 'pin', description: 'Pin the note', rows: () => ['b0', 'b1', 'b2'], element: (id) => document.querySelector(`#${id} button`) });
    const o = await pling.observe();
    const sets = Object.fromEntries(o.snapshot.actions.map((a) => [a.id, a.rows]));
    const inView = (set) => set.inViewport;
    return { archive: inView(sets.archive), pin: inView(sets.pin), records: o.snapshot.records.filter((r) => r.inViewport).map((r) => r.id), covered: sets.archive.covered };
  });
  const rowsInView = out.records.map((id) => Number(id.slice(1)));
  expect(rowsInView.length).toBeGreaterThan(3);
  expect(out.archive).toEqual(rowsInView);
  expect(out.covered).toBeUndefined();
  // The bare list is below thirty rows of 40px: out of a 300px viewport, as its rows are.
  expect(out.pin).toEqual([]);
});

test('a good submit whose page empties a required field leaves no stale validation message', async ({ page }) => {
  await page.goto('/plain');
  await page.evaluate(() => window.Pling.ready);
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.setAttribute('data-pling-form', '');
    form.setAttribute('data-pling-region', 'add');
    form.setAttribute('data-pling-name', 'Add an item');
    form.setAttribute('data-pling-role', 'form');
    form.innerHTML = '<input name="item" required aria-label="Item" data-pling-action="item" data-pling-description="The item to add">'
      + '<button data-pling-action="add_item" data-pling-description="Add the item">Add</button>';
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      window.added = [...(window.added ?? []), form.elements.namedItem('item').value];
      form.elements.namedItem('item').value = '';
    });
    document.body.append(form);
  });
  const call = (name, args) => page.evaluate(({ name, args }) => window.Pling.instance.call(name, args), { name, args });
  const section = () => page.evaluate(async () => (await window.Pling.instance.observe()).section);
  expect((await call('item', { text: 'Apples' })).ok).toBe(true);
  expect((await call('add_item', {})).ok).toBe(true);
  expect(await page.evaluate(() => window.added)).toEqual(['Apples']);
  expect(await section()).not.toContain('Please fill out this field');
  // A submit that fails is still reported.
  await call('add_item', {});
  expect(await section()).toContain('- error [field: item] (region: Add an item): Please fill out this field.');
});

test('numbers reach the model as the page holds them: every double read back to the same value', async ({ page }) => {
  await openTodos(page);
  const out = await page.evaluate(async () => {
    const values = [0.30000000000000004, 1.7976931348623157e308, 2.2250738585072011e-308, 5e-324, 9007199254740993, 123456.789, 0.1, -1e-7, 1e23];
    const pling = window.todoApp.pling;
    pling.state({ name: 'figures', value: () => values });
    const o = await pling.observe();
    const data = o.section.match(/<page_data>(.*?)<\/page_data>/s)[1];
    return { values, seen: JSON.parse(data).figures };
  });
  expect(out.seen).toEqual(out.values);
});

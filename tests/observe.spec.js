// One public way to look at the page: `pling.observe({ settle })`. The five older names still
// work for one release, each warning once that it is deprecated and what replaces it.
import { test, expect } from '@playwright/test';
import { openTodos } from './pages.mjs';

/** The page's console warnings from Pling, as they come. */
function warnings(page) {
  const seen = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('[pling]')) seen.push(m.text());
  });
  return seen;
}

test('observe settles by default, and observes the page as it is with settle: false', async ({ page }) => {
  const warned = warnings(page);
  await openTodos(page);
  const seen = await page.evaluate(async () => {
    const pling = window.todoApp.pling;
    const settled = await pling.observe();
    const now = await pling.observe({ settle: false });
    const call = await pling.call('toggle', { record: 't9' });
    return { settled, now, call: call.ok };
  });
  for (const o of [seen.settled, seen.now]) {
    expect(Object.keys(o).sort()).toEqual(['omissions', 'section', 'settle', 'snapshot', 'system', 'tools']);
    expect(o.snapshot.records.length).toBeGreaterThan(0);
  }
  expect(seen.now.section).toBe(seen.settled.section);
  expect(seen.now.settle).toEqual({ settled: true, waitedMs: 0 });
  expect(seen.call).toBe(true);
  expect(warned).toEqual([]);
});

test('the deprecated names still work, and each warns once naming what replaces it', async ({ page }) => {
  const warned = warnings(page);
  await openTodos(page);
  const seen = await page.evaluate(async () => {
    const pling = window.todoApp.pling;
    const section = (await pling.observe()).section;
    const out = {};
    for (let i = 0; i < 2; i++) {
      out.collect = Object.keys(pling.collect().snapshot).sort();
      out.snapshot = Object.keys((await pling.snapshot()).snapshot).sort();
      out.observeNow = pling.observeNow().section === section;
      out.capture = typeof (await pling.capture()).json;
      const taken = await pling.take();
      out.take = typeof taken.json;
      taken.engine.free();
    }
    // The latest observation `call` runs against is the one `capture` left.
    out.call = (await pling.call('toggle', { record: 't9' })).ok;
    return out;
  });
  expect(seen).toEqual({
    collect: ['actions', 'feedback', 'page', 'records', 'regions', 'state'],
    snapshot: ['actions', 'feedback', 'page', 'records', 'regions', 'state'],
    observeNow: true,
    capture: 'string',
    take: 'string',
    call: true,
  });
  expect(warned).toEqual([
    '[pling] pling.collect() is deprecated and will be removed in the next release; use pling.observe({ settle: false }) instead.',
    '[pling] pling.snapshot() is deprecated and will be removed in the next release; use pling.observe() instead.',
    '[pling] pling.observeNow() is deprecated and will be removed in the next release; use pling.observe({ settle: false }) instead.',
    '[pling] pling.capture() is deprecated and will be removed in the next release; use pling.observe() instead.',
    '[pling] pling.take() is deprecated and will be removed in the next release; use pling.observe() instead.',
  ]);
});

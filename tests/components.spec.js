// Pages built from web components: declared elements inside open shadow roots get the same
// facts (in view through a light-DOM scroller, disabled through the host, covered by inert, a
// fixed bar or outside a modal dialog, not covered inside one) and the same dispatch as
// light-DOM elements.
import { test, expect } from '@playwright/test';

/** @param {import('@playwright/test').Page} page */
async function openComponents(page) {
  await page.goto('/components/');
  await page.waitForFunction(() => window.componentsApp);
}

const actionOf = (snapshot, id) => snapshot.actions.find((a) => a.id === id);

test('shadow-root elements get their facts across the shadow boundary', async ({ page }) => {
  await openComponents(page);
  const { snapshot, section } = await page.evaluate(async () => {
    const o = await window.componentsApp.pling.observe();
    return { snapshot: o.snapshot, section: o.section };
  });
  // The rows sit in a 120 px light-DOM scroller: only the first few are in view.
  const done = actionOf(snapshot, 'done');
  expect(done.rows.inViewport.length).toBeGreaterThan(0);
  expect(done.rows.inViewport.length).toBeLessThan(6);
  expect(snapshot.records.filter((r) => r.inViewport).length).toBe(done.rows.inViewport.length);
  expect(section).toContain('set_name (type / write) Set the name | now: “Ada”');
  expect(actionOf(snapshot, 'push_locked')).toMatchObject({ available: false, reason: 'disabled on the page' });
  expect(actionOf(snapshot, 'push_inert').covered).toBe(true);
  expect(actionOf(snapshot, 'push_far').inViewport).toBe(false);
});

test('a fixed bar over a shadow row covers it; inside an open modal dialog a shadow button is free', async ({ page }) => {
  await openComponents(page);
  const out = await page.evaluate(async () => {
    const { pling, tasks } = window.componentsApp;
    const r = tasks.row('c1').getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - 24);
    const underBar = (await pling.observe()).snapshot;
    window.scrollTo(0, 0);
    document.getElementById('dialog').showModal();
    const modal = (await pling.observe()).snapshot;
    return { underBar, modal };
  });
  expect(actionOf(out.underBar, 'done').rows.covered).toContain(0);
  expect(actionOf(out.modal, 'push_in_dialog').covered).toBeUndefined();
  expect(actionOf(out.modal, 'set_name').covered).toBe(true);
});

test('calls reach shadow-root controls: scrolled to and clicked, a field typed into', async ({ page }) => {
  await openComponents(page);
  const out = await page.evaluate(async () => {
    const { pling, clicks } = window.componentsApp;
    const far = await pling.call('push_far', {});
    const row = await pling.call('done', { record: 'c8' });
    const typed = await pling.call('set_name', { text: 'Grace' });
    const locked = await pling.call('push_locked', {});
    return { far, row, typed, locked, clicks: [...clicks], name: document.getElementById('name').input.value };
  });
  expect(out.far).toMatchObject({ ok: true, scrolled: true });
  expect(out.row).toMatchObject({ ok: true, actionId: 'done@c8' });
  expect(out.typed.ok).toBe(true);
  expect(out.name).toBe('Grace');
  expect(out.locked.ok).toBe(false);
  expect(out.clicks).toEqual(['far', 'c8']);
});

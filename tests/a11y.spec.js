// The chat widget checked with axe-core (npm `axe-core`) in each state a person meets: closed,
// open, working, answered with steps, asking to confirm, and failed — no serious or critical
// violation inside the widget — and usable on a 320 px wide screen, at 200 % zoom, and with
// demo pages that fit a phone.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { reply } from './model-server.mjs';
import { openLab, useModelServer } from './pages.mjs';

const model = useModelServer(test);
const AXE = readFileSync(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** Serious and critical violations inside the widget, as `rule: target` strings. */
async function violations(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run({ include: [['.pling-chat']] }, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function mount(page, url) {
  await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat = mountChat(window.labApp.pling, { baseURL: url, model: 'scripted', title: 'Account helper', retry: { maxRetries: 0 }, suggestions: ['Delete my account', 'Publish my profile'] });
  }, url);
}

test('no serious or critical axe violation in the widget, closed, open, confirming, answered and failed', async ({ page }) => {
  await openLab(page);
  model.script([
    { ...reply.calls([{ name: 'delete_account', arguments: {} }]), delayMs: 300 },
    reply.text('I deleted the **account**, as you allowed.'),
    reply.error(429, 'Rate limit reached', { code: 'rate_limit_exceeded' }),
  ]);
  await mount(page, model.url);
  expect(await violations(page), 'closed').toEqual([]);
  await page.locator('.pling-chat .launcher').click();
  expect(await violations(page), 'open').toEqual([]);
  await page.locator('.pling-chat input').fill('Delete my account.');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pling-chat .send')).toHaveText('Stop');
  expect(await violations(page), 'working').toEqual([]);
  await expect(page.locator('.pling-chat .confirm')).toBeVisible();
  expect(await violations(page), 'confirming').toEqual([]);
  await page.locator('.pling-chat .confirm button.allow').click();
  await expect(page.locator('.pling-chat .msg.step.ok')).toContainText('Delete the account');
  await expect(page.locator('.pling-chat .msg.assistant.rich strong')).toHaveText('account');
  expect(await violations(page), 'answered').toEqual([]);
  await page.locator('.pling-chat input').fill('Again.');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pling-chat .msg.assistant.error')).toBeVisible();
  expect(await violations(page), 'failed').toEqual([]);
});

test('at 320 px wide the launcher and the whole panel are on screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openLab(page);
  await mount(page, model.url);
  const inside = (box) => box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 320 && box.y + box.height <= 640;
  expect(inside(await page.locator('.pling-chat .launcher').boundingBox())).toBe(true);
  await page.locator('.pling-chat .launcher').click();
  expect(inside(await page.locator('.pling-chat .panel').boundingBox())).toBe(true);
  expect(inside(await page.locator('.pling-chat .send').boundingBox())).toBe(true);
});

test('at 200 % zoom (a 1280 × 800 screen) the panel and its controls are on screen', async ({ page }) => {
  // 200 % zoom halves the CSS viewport and doubles the pixels per CSS pixel.
  const width = 640;
  const height = 400;
  await page.setViewportSize({ width, height });
  await openLab(page);
  model.script([reply.text(Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n'))]);
  await mount(page, model.url);
  await page.locator('.pling-chat .launcher').click();
  const inside = (box) => box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
  for (const part of ['.panel', '.close', 'input', '.send']) {
    expect(inside(await page.locator(`.pling-chat ${part}`).boundingBox()), part).toBe(true);
  }
  await page.locator('.pling-chat input').fill('Tell me everything.');
  await page.keyboard.press('Enter');
  await expect(page.locator('.pling-chat .msg.assistant.rich')).toContainText('Line 30');
  // A long answer scrolls inside the log; the input and Send stay where they were.
  const log = await page.locator('.pling-chat .log').evaluate((el) => ({ scrolls: el.scrollHeight > el.clientHeight }));
  expect(log.scrolls).toBe(true);
  expect(inside(await page.locator('.pling-chat .send').boundingBox())).toBe(true);
});

for (const path of ['/', '/todos/', '/tasks/', '/orders/', '/orders/#/orders/1491', '/lab/']) {
  test(`the demo page ${path} fits a 390 px phone without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.doc, `${path} is ${widths.doc} px wide`).toBeLessThanOrEqual(widths.view);
    const launcher = page.locator('.pling-chat .launcher');
    if (await launcher.count()) await expect(launcher.first()).toBeInViewport();
  });
}

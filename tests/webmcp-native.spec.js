// WebMCP through Chromium's own implementation (--enable-features=WebMCP,WebMCPTesting), with
// no polyfill on the page: the orders demo registers its tools with the browser, and an agent
// lists and runs them with the browser's getTools() and executeTool().
import { test, expect } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium.mjs';

test.use({ launchOptions: { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-features=WebMCP,WebMCPTesting'] } });

test('the browser lists the page tools and runs one, with no polyfill on the page', async ({ page }) => {
  await page.goto('/orders/');
  await page.waitForFunction(() => window.ordersApp?.webmcp);
  const native = await page.evaluate(() => ({
    native: document.modelContext?.constructor?.name,
    discovery: typeof document.modelContext?.getTools === 'function' && typeof document.modelContext?.executeTool === 'function',
  }));
  expect(native, 'this Chromium has WebMCP behind its flags').toEqual({ native: 'ModelContext', discovery: true });
  await page.evaluate(() => window.ordersApp.webmcp.ready);
  const names = await page.evaluate(async () => (await document.modelContext.getTools()).map((t) => t.name));
  expect(names).toEqual(expect.arrayContaining(['read_page', 'search', 'ship', 'delete']));
  const out = await page.evaluate(async () => {
    const tool = (await document.modelContext.getTools()).find((t) => t.name === 'ship');
    return document.modelContext.executeTool(tool, { record: '1498' });
  });
  const text = typeof out === 'string' ? out : JSON.stringify(out);
  expect(text).toContain('ship@1498');
  expect(await page.evaluate(() => window.ordersApp.orders.find((o) => o.id === '1498').status)).toBe('shipped');
  // An off-page row runs nothing and says why.
  const far = await page.evaluate(async () => {
    const tool = (await document.modelContext.getTools()).find((t) => t.name === 'ship');
    return JSON.stringify(await document.modelContext.executeTool(tool, { record: '1042' }));
  });
  expect(far).toContain('1042');
  expect(await page.evaluate(() => window.ordersApp.orders.find((o) => o.id === '1042').status)).not.toBe('shipped');
});

test('a confirm action carries consequentialHint, and Pling still asks the person', async ({ page }) => {
  await page.goto('/orders/');
  await page.waitForFunction(() => window.ordersApp?.webmcp);
  await page.evaluate(() => window.ordersApp.webmcp.ready);
  const hints = await page.evaluate(async () => Object.fromEntries((await document.modelContext.getTools()).map((t) => [t.name, t.annotations ?? null])));
  expect(hints.delete).toMatchObject({ consequentialHint: true });
  expect(hints.ship?.consequentialHint ?? false).toBe(false);
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.dismiss(); });
  const before = await page.evaluate(() => window.ordersApp.orders.length);
  await page.evaluate(async () => {
    const tool = (await document.modelContext.getTools()).find((t) => t.name === 'delete');
    return JSON.stringify(await document.modelContext.executeTool(tool, { record: '1499' }));
  });
  const customer = await page.evaluate(() => window.ordersApp.orders.find((o) => String(o.id) === '1499')?.customer);
  expect(asked).toEqual([`Allow: Delete the order for good “${customer}” (1499)?`]);
  expect(await page.evaluate(() => window.ordersApp.orders.length)).toBe(before);
});

// WebMCP through the maintained polyfill (@mcp-b/webmcp-polyfill), as an agent in the browser
// meets it: the orders demo registers its tools on its own, an agent lists them with
// getTools() and runs them with executeTool(). A delete that asks the person runs once and is
// reported as what it was; a row that is not on the page is refused and nothing runs.
import { test, expect } from '@playwright/test';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const POLYFILL = require.resolve('@mcp-b/webmcp-polyfill/iife');

test.beforeEach(async ({ page }) => {
  await page.addInitScript({ path: POLYFILL });
  await page.goto('/orders/');
  await page.waitForFunction(() => window.ordersApp?.webmcp);
  await page.evaluate(() => window.ordersApp.webmcp.ready);
});

/** The tools as the polyfill lists them: name → annotations. */
const listTools = (page) => page.evaluate(async () => {
  const tools = await document.modelContext.getTools();
  return Object.fromEntries(tools.map((t) => [t.name, t.annotations ?? null]));
});

/** Runs one tool the way an agent does, and returns its parsed result (or the error). */
const execute = (page, name, input) => page.evaluate(async ({ name, input }) => {
  const context = document.modelContext;
  const tool = (await context.getTools()).find((t) => t.name === name);
  try {
    const out = await context.executeTool(tool, JSON.stringify(input));
    return { out: typeof out === 'string' ? JSON.parse(out) : out };
  } catch (e) {
    return { error: `${e.name}: ${e.message}` };
  }
}, { name, input });

test('the polyfill lists the page tools with their hints', async ({ page }) => {
  const tools = await listTools(page);
  expect(Object.keys(tools)).toEqual(expect.arrayContaining(['read_page', 'search', 'ship', 'refund', 'delete', 'open']));
  expect(tools.search).toMatchObject({ readOnlyHint: true, untrustedContentHint: true });
  expect(tools.delete).toMatchObject({ readOnlyHint: false });
  const read = await execute(page, 'read_page', {});
  expect(read.error).toBeUndefined();
  expect(JSON.stringify(read.out)).toContain('Orders');
});

test('a confirmed delete through executeTool runs once and says it ran', async ({ page }) => {
  const asked = [];
  page.on('dialog', (d) => { asked.push(d.message()); d.accept(); });
  const before = await page.evaluate(() => window.ordersApp.orders.length);
  const customer = await page.evaluate(() => window.ordersApp.orders.find((o) => String(o.id) === '1500')?.customer);
  expect(customer).toBeTruthy();
  const result = await execute(page, 'delete', { record: '1500' });
  expect(result.error).toBeUndefined();
  const receipt = JSON.parse(result.out.content[0].text).result;
  expect(receipt).toMatchObject({ ok: true, action: { id: 'delete@1500' } });
  expect(asked).toHaveLength(1);
  // The row as the person knows it, as the chat's card names it: its label, then its id.
  expect(asked[0]).toBe(`Allow: Delete the order for good “${customer}” (1500)?`);
  expect(await page.evaluate(() => window.ordersApp.orders.length)).toBe(before - 1);
  expect(await page.evaluate(() => window.ordersApp.orders.some((o) => o.id === 1500 || o.id === '1500'))).toBe(false);
  // The tool is still there for the next row: the delete did not unregister it.
  expect(Object.keys(await listTools(page))).toContain('delete');
});

test('a declined delete and an off-page row run nothing', async ({ page }) => {
  page.on('dialog', (d) => d.dismiss());
  const before = await page.evaluate(() => window.ordersApp.orders.length);
  const declined = await execute(page, 'delete', { record: '1499' });
  expect(JSON.parse(declined.out.content[0].text).result.ok).toBe(false);
  const far = await execute(page, 'ship', { record: '1042' });
  expect(far.out.isError).toBe(true);
  expect(JSON.parse(far.out.content[0].text).result.error).toContain('1042');
  expect(await page.evaluate(() => window.ordersApp.orders.length)).toBe(before);
});

test('a declaration made after connecting reaches document.modelContext with no page change', async ({ page }) => {
  const names = () => listTools(page).then((tools) => Object.keys(tools));
  expect(await names()).not.toContain('export_orders');
  await page.evaluate(() => {
    window.stopExport = window.ordersApp.pling.action({ id: 'export_orders', description: 'Export the orders as CSV', handler: () => 'exported' });
  });
  await expect.poll(names, { timeout: 2000 }).toContain('export_orders');
  const out = await execute(page, 'export_orders', {});
  expect(JSON.parse(out.out.content[0].text).result.ok).toBe(true);
  await page.evaluate(() => window.stopExport());
  await expect.poll(names, { timeout: 2000 }).not.toContain('export_orders');
});

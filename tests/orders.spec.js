// The orders admin, declared as the README tells page authors: one tool per declared row
// action whatever each row's availability, a blocked row's own reason, an edit dialog whose
// field errors reach the model and clear once fixed, confirmation and handoff enforced by the
// loop, and receipts that name the order that changed — checked against the page's own data.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { useModelServer } from './pages.mjs';

const model = useModelServer(test);

/** @param {import('@playwright/test').Page} page */
async function openOrders(page, hash = '') {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`/orders/${hash}`);
  await page.waitForFunction(() => window.ordersApp);
  return errors;
}

/** The status of one order, or null once it is gone. */
const statusOf = (page, id) => page.evaluate((id) => window.ordersApp.orders.find((o) => o.id === id)?.status ?? null, id);

/** Runs one request through a fresh Assistant; confirmations answered with `yes`. */
function run(page, text, yes) {
  return page.evaluate(async ({ text, yes, baseURL }) => {
    const { Assistant } = await import('/js/src/index.js');
    const asked = [];
    const assistant = new Assistant(window.ordersApp.pling, {
      baseURL, model: 'scripted', retry: { maxRetries: 0 },
      confirm: (request) => { asked.push(request); return yes; },
    });
    const result = await assistant.run(text);
    return { result, asked, focused: document.activeElement?.id ?? null };
  }, { text, yes, baseURL: model.url });
}

test('each row action is one tool under its declared name; a blocked row answers with its own reason', async ({ page }) => {
  await openOrders(page);
  const o = await page.evaluate(() => window.ordersApp.pling.observe());
  const names = o.tools.map((t) => t.function.name);
  for (const name of ['open', 'ship', 'refund', 'delete']) expect(names.filter((n) => n === name)).toHaveLength(1);
  expect(names.some((n) => /_\d+$/.test(n))).toBe(false);
  expect(o.section).toMatch(/ship\(record\)[^\n]*cannot run now: 1500 \/ 1496 \/ 1493 \/ … \d+ more \(the order is not paid yet\); 1499 \/ [^\n]*\(the order is already shipped\)/);
  // 1500 awaits payment, 1499 is shipped: each refusal carries its own row's reason.
  const calls = await page.evaluate(async () => {
    const p = window.ordersApp.pling;
    return [await p.call('ship', { record: '1500' }), await p.call('ship', { record: '1499' }), await p.call('ship', { record: '1498' })];
  });
  expect(calls[0]).toMatchObject({ ok: false });
  expect(calls[0].error).toContain('not paid yet');
  expect(calls[1].error).toContain('already shipped');
  expect(calls[2]).toMatchObject({ ok: true, actionId: 'ship@1498' });
  expect(await statusOf(page, '1498')).toBe('shipped');
  expect(await statusOf(page, '1500')).toBe('pending');
});

test('an order on another page is found by search and opened by its number; the route says where we are', async ({ page }) => {
  await openOrders(page);
  const seen = await page.evaluate(async () => {
    const p = window.ordersApp.pling;
    const before = (await p.observe()).section;
    await p.call('search', { text: 'Priya' });
    const found = (await p.observe()).section;
    await p.call('open', { record: '1042' });
    const detail = (await p.observe()).section;
    return { before, found, detail };
  });
  expect(seen.before).not.toContain('1042');
  expect(seen.found).toContain('1042 (Priya Nair)');
  expect(seen.detail).toContain('- route: order');
  expect(seen.detail).toContain('- route params: id=1042');
  expect(seen.detail).toMatch(/1042 \(Priya Nair\): email priya\.1042@mail\.example/);
  expect(seen.detail).toContain('ship_order (click / write / region:Order)');
});

test('a save that fails shows its field error to the model; fixed, the error is gone and the order changed', async ({ page }) => {
  await openOrders(page, '#/orders/1476');
  const seen = await page.evaluate(async () => {
    const p = window.ordersApp.pling;
    const failed = await p.call('edit_customer', { email: 'lena@mailinator.com' });
    const during = (await p.observe()).section;
    const typed = await p.call('edit_email', { text: 'lena.fischer@mail.example' });
    const saved = await p.call('save_customer', {});
    const after = (await p.observe()).section;
    return { failed, during, typed, saved, after, email: window.ordersApp.orders.find((o) => o.id === '1476').email };
  });
  expect(seen.failed.ok).toBe(false);
  expect(seen.failed.error).toContain('mailinator.com bounces');
  expect(seen.during).toMatch(/error \[field: email\][^\n]*mailinator\.com bounces/);
  expect(seen.during).toContain('edit_email (type / write / region:Order > Edit customer) Type the customer’s email | now: “lena@mailinator.com”');
  expect(seen.during).toMatch(/ship_order[^\n]*unavailable: covered by a dialog/);
  expect(seen.saved.ok).toBe(true);
  expect(seen.after).not.toContain('error [field');
  expect(seen.after).toContain('status: Customer details of order #1476 saved.');
  expect(seen.email).toBe('lena.fischer@mail.example');
});

test('a declined refund changes nothing; an accepted one refunds that order and the totals follow', async ({ page }) => {
  await openOrders(page);
  const revenue = () => page.evaluate(() => window.ordersApp.pling.observe().then((s) => s.snapshot.state.find((g) => g.name === 'summary').value.revenue));
  const before = await revenue();
  model.script([reply.calls([{ name: 'refund', arguments: { record: '1497' } }]), reply.text('I did not refund it: you declined.')]);
  const declined = await run(page, 'Refund order 1497', false);
  expect(declined.asked).toHaveLength(1);
  expect(declined.asked[0]).toMatchObject({ name: 'refund', actionId: 'refund@1497', record: '1497', label: 'Hannah Berg' });
  expect(await statusOf(page, '1497')).toBe('paid');
  expect(await revenue()).toBe(before);

  model.script([reply.calls([{ name: 'refund', arguments: { record: '1497' } }]), reply.text('Refunded order 1497.')]);
  const accepted = await run(page, 'Refund order 1497', true);
  expect(accepted.result.actions[0]).toMatchObject({ actionId: 'refund@1497', dispatched: true, ok: true });
  expect(await statusOf(page, '1497')).toBe('refunded');
  expect(await revenue()).not.toBe(before);
  // The receipt the model read names the order that changed.
  expect(JSON.stringify(model.requests.at(-1).body.messages.at(-1))).toContain('1497');
});

test('a payment is handed to the person: nothing is charged and the pay button is where their focus is', async ({ page }) => {
  await openOrders(page, '#/orders/1493');
  model.script([reply.calls([{ name: 'take_payment', arguments: {} }])]);
  const seen = await run(page, 'Take the payment for this order', true);
  expect(seen.result.reason).toBe('handoff');
  expect(seen.result.actions[0]).toMatchObject({ actionId: 'take_payment', dispatched: false });
  expect(seen.asked).toHaveLength(0);
  expect(seen.focused).toBe('pay');
  expect(await statusOf(page, '1493')).toBe('pending');
  expect(await page.locator('#payment').isHidden()).toBe(true);
});

test('the page works for the person without the assistant: the page asks before it deletes', async ({ page }) => {
  await openOrders(page);
  await page.getByRole('button', { name: 'Delete order 1499' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete order #1499');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await statusOf(page, '1499')).toBe('shipped');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#page-info')).toContainText('page 2 of 25');
  await page.getByRole('link', { name: '#1476' }).click();
  await expect(page.locator('#detail-title')).toHaveText('Order #1476');
});

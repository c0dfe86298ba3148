// A declared form is one tool: its fields are the parameters (required, options, formats and
// bounds from the inputs, descriptions from the labels); one call fills every field through
// the page's input events and submits; what the browser refuses comes back as feedback on the
// fields and nothing is sent; a form declared `confirm` asks the person first, with the values.
import { test, expect } from '@playwright/test';

/** @param {import('@playwright/test').Page} page */
async function openForms(page) {
  await page.goto('/forms');
  await page.waitForFunction(() => window.formsApp);
}

/** The tool of that name, as the model is sent it. */
async function toolOf(page, name) {
  const tools = await page.evaluate(async () => (await window.formsApp.pling.observe()).tools);
  return tools.find((t) => t.function.name === name)?.function;
}

/** Calls a tool as an agent does and reads the tool message it gets back. */
async function call(page, name, args) {
  const r = await page.evaluate(([n, a]) => window.formsApp.pling.surface().call(n, a), [name, args]);
  return { ...r, result: JSON.parse(r.content).result ?? JSON.parse(r.content) };
}

const MAIL = { to: 'ada@example.com', subject: 'Lunch', message: 'Thursday at noon?' };

test('a declared form is one tool whose parameters are its fields', async ({ page }) => {
  await openForms(page);
  const mail = await toolOf(page, 'send_email');
  expect(mail.description).toContain('Send an email');
  const p = mail.parameters;
  expect(Object.keys(p.properties)).toEqual(['to', 'cc', 'subject', 'message', 'priority', 'ref']);
  expect(p.required).toEqual(['to', 'subject', 'message']);
  expect(p.additionalProperties).toBe(false);
  expect(p.properties.to).toEqual({ type: 'string', format: 'email', description: 'To' });
  expect(p.properties.subject).toEqual({ type: 'string', maxLength: 80, description: 'Subject' });
  expect(p.properties.priority).toEqual({ type: 'string', enum: ['normal', 'high', 'low'], description: 'Priority' });
  expect(p.properties.ref).toEqual({ type: 'string', pattern: '^(?:[A-Z]{2}-[0-9]{4})$', description: 'Reference' });

  const booking = (await toolOf(page, 'book_table')).parameters;
  expect(booking.properties.day).toEqual({ type: 'string', format: 'date', description: 'Day (from 2030-01-01)' });
  expect(booking.properties.guests).toEqual({ type: 'integer', minimum: 1, maximum: 12, description: 'Guests' });
  expect(booking.properties.seating).toEqual({ type: 'string', enum: ['indoor', 'outdoor'], description: 'Seating' });
  expect(booking.properties.newsletter).toEqual({ type: 'boolean', description: 'Send me the newsletter' });
  // A password is the person's to type; a sensitive field only when the page allows it.
  expect(booking.properties.pin).toBeUndefined();
  expect(booking.properties.voucher).toEqual({ type: 'string', description: 'Voucher code' });
  expect(booking.required).toEqual(['day', 'guests']);

  const o = await page.evaluate(() => window.formsApp.pling.observe());
  expect(o.section).toContain('- send_email (submit / write / region:Mail) Send an email');
  expect(o.section).toMatch(/- book_table \(submit \/ write \/ region:Table booking\) Book a table \| asks the user to confirm first/);
});

test('one call fills every field through the page\'s events and submits the form', async ({ page }) => {
  await openForms(page);
  const r = await call(page, 'send_email', { ...MAIL, priority: 'high' });
  expect(r.ok).toBe(true);
  const sent = await page.evaluate(() => window.formsApp.sent);
  // The page's own model, kept from input events, holds what the call wrote.
  expect(sent).toEqual([{ ...MAIL, priority: 'high' }]);
  expect(JSON.stringify(r.result)).toContain('Sent to ada@example.com');
});

test('what the browser refuses comes back as feedback on the fields, and nothing is sent', async ({ page }) => {
  await openForms(page);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A missing required parameter or an unknown one is refused before anything runs.
  const missing = await call(page, 'send_email', { to: 'ada@example.com', subject: 'Hi' });
  expect(missing).toMatchObject({ ok: false, ran: false });
  expect(missing.content).toContain('`message` is required');
  const unknown = await call(page, 'send_email', { ...MAIL, body: 'x' });
  expect(unknown).toMatchObject({ ok: false, ran: false });
  expect(unknown.content).toContain('`body` is not a parameter');

  const bad = await call(page, 'send_email', { to: 'ada', subject: '', message: 'Hi', ref: 'x1' });
  expect(bad.ok).toBe(false);
  expect(bad.ran).toBe(true);
  const said = JSON.stringify(bad.result);
  expect(said).toContain('the form was not sent');
  expect(said).toMatch(/to: [^;]*'@'/);
  expect(said).toMatch(/subject: Please fill/);
  expect(said).toMatch(/ref: Please match/);
  expect(await page.evaluate(() => window.formsApp.sent)).toEqual([]);
  const o = await page.evaluate(() => window.formsApp.pling.observe());
  expect(o.section).toMatch(/- error \[field: to\] \(region: Mail\): /);

  const good = await call(page, 'send_email', { ...MAIL, ref: 'AB-1234' });
  expect(good.ok).toBe(true);
  expect(await page.evaluate(() => window.formsApp.sent)).toEqual([{ ...MAIL, ref: 'AB-1234' }]);
  const after = await page.evaluate(() => window.formsApp.pling.observe());
  expect(after.section).not.toContain('[field: to]');
  // Refusals are the page's feedback, not errors of the page.
  expect(errors).toEqual([]);
});

test('a value a field cannot hold is named with what the field takes, and the form is not sent without it', async ({ page }) => {
  await openForms(page);
  // An <input type=date> given words holds nothing: not "missing", and never booked without it.
  await page.evaluate(() => window.formsApp.answers.push(true));
  const words = await call(page, 'book_table', { day: '14 March 2030', guests: 4 });
  expect(words.ok).toBe(false);
  expect(JSON.stringify(words.result)).toContain('day: \\"14 March 2030\\" cannot be entered; the field takes YYYY-MM-DD');
  expect(JSON.stringify(words.result)).not.toContain('Please fill');
  expect(await page.evaluate(() => window.formsApp.booked)).toEqual([]);
  // The same date written as the field takes it is booked.
  await page.evaluate(() => window.formsApp.answers.push(true));
  const date = await call(page, 'book_table', { day: '2030-03-14', guests: 4 });
  expect(date.ok).toBe(true);
  expect(await page.evaluate(() => window.formsApp.booked.map((b) => [b.day, b.guests]))).toEqual([['2030-03-14', '4']]);
});

test('a form declared confirm asks the person first, with the values it would fill', async ({ page }) => {
  await openForms(page);
  const values = { day: '2030-05-01', guests: 4, seating: 'outdoor', newsletter: true, voucher: 'SUMMER-2030' };
  await page.evaluate(() => window.formsApp.answers.push(false));
  const no = await call(page, 'book_table', values);
  expect(no).toMatchObject({ ok: false, ran: false, declined: true });
  expect(await page.evaluate(() => window.formsApp.booked)).toEqual([]);
  const asked = await page.evaluate(() => window.formsApp.asked);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject({ name: 'book_table', arguments: values });

  const yes = await call(page, 'book_table', values);
  expect(yes.ok).toBe(true);
  expect(await page.evaluate(() => window.formsApp.booked)).toEqual([{ day: '2030-05-01', guests: '4', seating: 'outdoor', newsletter: true, voucher: 'SUMMER-2030' }]);
  expect(await page.locator('input[value=outdoor]').isChecked()).toBe(true);
  // The sensitive field was filled, but its value never comes back.
  const o = await page.evaluate(() => window.formsApp.pling.observe());
  expect(JSON.stringify(o.snapshot)).not.toContain('SUMMER-2030');
  expect(o.section).not.toContain('SUMMER-2030');
  expect(yes.content).not.toContain('SUMMER-2030');
  // The password stays out of reach.
  const pin = await call(page, 'book_table', { ...values, pin: '1234' });
  expect(pin).toMatchObject({ ok: false, ran: false });
  expect(pin.content).toContain('`pin` is not a parameter');
});

test('a form declared from JavaScript may run its own handler once the fields are valid', async ({ page }) => {
  await openForms(page);
  const r = await page.evaluate(async () => {
    const { pling } = window.formsApp;
    const got = [];
    const form = document.createElement('form');
    form.innerHTML = '<label for="q">Quantity</label><input id="q" name="qty" type="number" min="1" max="5" required><input name="who" aria-label="Name" required>';
    document.body.append(form);
    const remove = pling.form({ id: 'order', element: form, description: 'Order', handler: (values) => { got.push(values); return { ordered: values.qty }; } });
    await pling.observe();
    const low = await pling.call('order', { qty: 0, who: 'Ada' });
    const empty = await pling.call('order', { qty: 3, who: '' });
    const ok = await pling.call('order', { qty: 3, who: 'Ada' });
    remove();
    return { low, empty, ok, got };
  });
  // The schema's bounds are checked before anything runs; the browser's own checks next.
  expect(r.low.ok).toBe(false);
  expect(r.low.error).toContain('`qty` must be at least 1');
  expect(r.empty.ok).toBe(false);
  expect(r.empty.error).toMatch(/the form was not sent; the browser refused: who: Please fill/);
  expect(r.ok).toMatchObject({ ok: true, actionId: 'order', value: { ordered: 3 } });
  expect(r.got).toEqual([{ qty: 3, who: 'Ada' }]);
});

test('declaring a form checks its options', async ({ page }) => {
  await openForms(page);
  const problems = await page.evaluate(() => {
    const { pling } = window.formsApp;
    const form = document.createElement('form');
    const attempt = (d) => {
      try {
        pling.form(d);
        return null;
      } catch (error) {
        return error.message;
      }
    };
    return [attempt({ element: form, confirm: true }), attempt({ id: 'a@b', element: form }), attempt({ id: 'x', element: form, handler: 1 })];
  });
  expect(problems[0]).toContain('tool options need an `id`');
  expect(problems[1]).toContain('without "@"');
  expect(problems[2]).toContain('`handler` must be a function');
});

// Hostile pages, hostile model replies: nothing marked secret leaves the page by any path,
// broken strings cost one character, cyclic and throwing state cost one group, and whatever a
// reply claims, nothing undeclared, unavailable, unconfirmed or handed off runs — counted by
// the page's own handlers.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { useModelServer } from './pages.mjs';

const model = useModelServer(test);
const SECRETS = ['CARD-SECRET-5555', 'EMAILSECRET', 'PIN-98765', 'SECRET-TOKEN-1234', 'KEY-abcdef-42'];

/** @param {import('@playwright/test').Page} page */
async function openHostile(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto('/hostile');
  await page.waitForFunction(() => window.hostileApp);
  return errors;
}

/** Runs one request through a fresh Assistant; confirmations answered with `yes`. */
function run(page, text, { yes = false, ...options } = {}) {
  return page.evaluate(async ({ text, yes, options }) => {
    const { Assistant } = await import('/js/src/index.js');
    const asked = [];
    const assistant = new Assistant(window.hostileApp.pling, {
      model: 'scripted', retry: { maxRetries: 0 }, ...options,
      confirm: (request) => { asked.push(request.actionId); return yes; },
    });
    const result = await assistant.run(text);
    return { ...result, asked, counts: { ...window.hostileApp.counts }, received: window.hostileApp.received };
  }, { text, yes, options: { baseURL: model.url, ...options } });
}

function expectNoSecret(text) {
  for (const s of SECRETS) expect(text, s).not.toContain(s);
}

test('nothing marked sensitive leaves the page: observation, snapshot, surface, feedback, errors', async ({ page }) => {
  await openHostile(page);
  const seen = await page.evaluate(async () => {
    const pling = window.hostileApp.pling;
    document.getElementById('account').requestSubmit();
    await new Promise((r) => setTimeout(r, 50));
    const o = await pling.observe();
    const surface = await pling.surface().observe();
    const failed = await pling.call('sync', {});
    return { o, surface, failed, raw: JSON.stringify(o.snapshot) };
  });
  const all = JSON.stringify([seen.o.system, seen.o.tools, seen.surface, seen.failed]);
  expectNoSecret(all);
  // The description of the card action is the text a person reads, without the card number.
  expect(seen.o.section).toContain('Open Dee');
  // The sensitive email field's validation message does not quote the value.
  expect(seen.o.section).toMatch(/error \[field: recovery\][^\n]*Please fill out this field|error \[field: recovery\][^\n]*not a valid email/);
  expect(seen.failed).toMatchObject({ ok: false });
  expect(seen.failed.error).toContain('[masked]');
});

test('a handler error carrying a secret reaches the model masked', async ({ page }) => {
  await openHostile(page);
  model.script([reply.calls([{ name: 'sync', arguments: {} }]), reply.text('The sync failed.')]);
  const result = await run(page, 'Sync the notes');
  expect(result.counts.fail).toBe(1);
  expect(model.requests).toHaveLength(2);
  expectNoSecret(JSON.stringify(model.requests.map((r) => r.body)));
  expect(JSON.stringify(model.requests[1].body)).toContain('[masked]');
});

test('the mask is not a value: a call that would write [masked] back is refused and runs nothing', async ({ page }) => {
  await openHostile(page);
  model.script([
    reply.calls([{ name: 'add_note', arguments: { text: 'The token is [masked]' } }]),
    reply.text('I cannot see the token, so I added nothing.'),
  ]);
  const result = await run(page, 'Write the token into a note');
  expect(result.counts.add_note).toBe(0);
  expect(result.received).toEqual([]);
  const refusal = JSON.stringify(model.requests[1].body.messages.at(-1));
  expect(refusal).toContain('`text` contains [masked]: a hidden value, not one to write');
  expect(result.reason).toBe('answered');
});

test('a lone surrogate, an emoji cut in half and injections cost one character, not the page', async ({ page }) => {
  await openHostile(page);
  const o = await page.evaluate(() => window.hostileApp.pling.observe());
  expect(o.section).toContain('- title: Shared notes \uFFFD');
  expect(o.section).toContain('Groceries \uFFFD');
  expect(o.section).not.toMatch(/[\uD800-\uDFFF]/u);
  // The status line, cut at 120 characters, ends on the whole emoji.
  expect(o.section).toContain(`${'x'.repeat(119)}\u{1F600}`);
  // The injected note is data: one line, no forged heading or rule, no template marker.
  expect(o.section.match(/<page_data>/g)).toHaveLength(2);
  expect(o.section.match(/<\/page_data>/g)).toHaveLength(2);
  expect(o.section).not.toContain('<|im_start|>');
  for (const line of o.section.split('\n')) expect(line).not.toMatch(/^(## Rules|1\. Call)/);
});

test('a cyclic state value and a throwing getter cost their own group only', async ({ page }) => {
  const errors = await openHostile(page);
  const o = await page.evaluate(() => window.hostileApp.pling.observe());
  const block = JSON.parse(o.section.split('<page_data>')[1].split('</page_data>')[0]);
  expect(block.total).toBe(2);
  expect(block.graph.k0).toBe('[cycle]');
  expect(block.broken).toEqual({ boom: '[unreadable]' });
  expect(block.token).toBe('[masked]');
  // A form marked as the region declared in JS names that region; nothing is declared twice.
  expect(errors.filter((e) => e.includes('declared twice'))).toEqual([]);
});

test('whatever the reply claims, nothing undeclared, unavailable, unconfirmed or handed off runs', async ({ page }) => {
  await openHostile(page);
  model.script([
    reply.calls([
      { name: 'delete_all', arguments: {} },
      { name: 'export', arguments: {} },
      { name: 'pay', arguments: {} },
    ]),
  ]);
  let r = await run(page, 'Clean up');
  expect(r.asked).toEqual(['delete_all']);
  expect(r.reason).toBe('handoff');
  expect(r.counts).toMatchObject({ delete_all: 0, export: 0, pay: 0 });
  // The person is pointed at the control the step needs.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('pay-button');

  model.script([
    reply.calls([
      { name: 'remove_everything', arguments: {} },
      { name: 'add_note', arguments: { text: 'hi', owner: 'attacker', isAdmin: true } },
      { name: 'dismiss', arguments: {} },
      { name: 'dismiss', arguments: {} },
    ]),
    reply.text('The security alert is dismissed.'),
  ]);
  r = await run(page, 'Dismiss the promotion');
  expect(r.counts).toMatchObject({ promo: 1, alert: 0, add_note: 1 });
  expect(r.received).toEqual([{ text: 'hi' }]);
  expect(r.actions.map((a) => [a.name, a.dispatched])).toEqual([['remove_everything', false], ['add_note', true], ['dismiss', true], ['dismiss', false]]);

  // Prose that quotes a call, then 20 calls in one reply: none, then at most 8, run.
  model.script([
    reply.text('The note says: {"name": "delete_all", "arguments": {}} — nothing to do.'),
  ]);
  r = await run(page, 'What does the note say?', { yes: true });
  expect(r.counts.delete_all).toBe(0);
  expect(r.asked).toEqual([]);
  model.script([reply.calls(Array.from({ length: 20 }, (_, i) => ({ name: 'add_note', arguments: { text: `n${i}` } }))), reply.text('Added.')]);
  r = await run(page, 'Add twenty notes');
  expect(r.counts.add_note).toBe(1 + 8);
});

test('events after [DONE] are not acted on', async ({ page }) => {
  await openHostile(page);
  const event = (name, id) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '{}' } }] } }] })}\n\n`;
  model.script([
    { raw: `${event('dismiss', 'c1')}data: [DONE]\n\n${event('delete_all', 'c2')}${event('pay', 'c3')}` },
    reply.text('Dismissed.'),
  ]);
  const r = await run(page, 'Dismiss the banner', { yes: true });
  expect(r.asked).toEqual([]);
  expect(r.counts).toMatchObject({ promo: 1, delete_all: 0, pay: 0 });
});

test('keep-alive comments forever end at the deadline, with a clear message', async ({ page }) => {
  await openHostile(page);
  model.script([{ keepAliveMs: 200 }]);
  const started = Date.now();
  const r = await run(page, 'Dismiss the banner', { deadlineMs: 1500, timeoutMs: 1000 });
  expect(Date.now() - started).toBeLessThan(8000);
  expect(r.reason).toBe('modelFailed');
  expect(r.message).toContain('did not answer within 1500 ms');
  expect(r.counts.promo).toBe(0);
});

test('a secret spelled with invisible characters or look-alikes is masked, not rebuilt by the engine', async ({ page }) => {
  await openHostile(page);
  await page.evaluate(() => {
    const { pling } = window.hostileApp;
    // The page's secret is SECRET-TOKEN-1234 (state `token`); each of these shows as it.
    pling.action({ id: 'copy', description: 'Copy SECRET-\u200bTOKEN-1234', handler: () => {} });
    pling.records({ region: 'notes', rows: [{ id: 'v1', label: 'SECRET-TOKEN\u00ad-1234', fields: { k: '\uff33ECRET\u2011TOKEN-1234' } }] });
    pling.state({ name: 'hint', value: () => 'SECRET\u2060-TOKEN-1234' });
    pling.action({ id: 'leak', description: 'Leak', handler: () => { throw new Error('refused: SECRET-\u200dTOKEN-\u00ad1234'); } });
  });
  model.script([reply.calls([{ name: 'leak', arguments: {} }]), reply.text('Done.')]);
  const result = await run(page, 'Copy the token');
  const seen = await page.evaluate(async () => {
    const o = await window.hostileApp.pling.observe();
    const surface = await window.hostileApp.pling.surface().observe();
    const leak = await window.hostileApp.pling.call('leak', {});
    return JSON.stringify([o.system, o.tools, surface, leak]);
  });
  const bodies = JSON.stringify(model.requests.map((r) => r.body));
  for (const text of [bodies, seen]) {
    // What a reader would take for the secret: invisible characters dropped, look-alikes folded.
    const shown = text.replace(/[\u00ad\u200b-\u200f\u2060-\u206f]/g, '').replace(/\uff33/g, 'S').replace(/\u2011/g, '-');
    expect(shown).not.toContain('SECRET-TOKEN-1234');
  }
  expect(result.counts).toMatchObject({ fail: 0 });
  expect(bodies).toContain('Copy [masked]');
  expect(seen).toContain('refused: [masked]');
});

test('a handler that throws an unreadable value fails its own call only, with a true receipt', async ({ page }) => {
  await openHostile(page);
  await page.evaluate(() => {
    const { pling } = window.hostileApp;
    const hostile = (proto) => Object.create(proto, {
      message: { get() { throw new Error('no message'); } },
      toString: { value() { throw new Error('no text'); } },
      toJSON: { value() { throw new Error('no JSON'); } },
    });
    pling.action({ id: 'explode', description: 'Explode', handler: () => { throw hostile(Error.prototype); } });
    pling.action({ id: 'implode', description: 'Implode', handler: async () => { throw hostile(Object.prototype); } });
  });
  model.script([
    reply.calls([{ name: 'explode', arguments: {} }, { name: 'implode', arguments: {} }, { name: 'add_note', arguments: { text: 'after' } }]),
    reply.text('Two failed, one note added.'),
    reply.text('Two failed, one note added.'),
  ]);
  const r = await run(page, 'Explode, implode, then add a note');
  expect(r.reason, r.message).not.toBe('modelFailed');
  expect(r.message).not.toContain('Something went wrong');
  expect(r.counts.add_note).toBe(1);
  expect(model.requests.length).toBeGreaterThanOrEqual(2);
  const tools = model.requests[1].body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content).result);
  expect(tools).toHaveLength(3);
  for (const t of tools.slice(0, 2)) {
    expect(t.ok).toBe(false);
    expect(t.error).toContain('the handler failed: it threw an unreadable object');
    expect(t.error).not.toContain('stopped by the person');
  }
  expect(tools[2].ok).toBe(true);
  // Pling.call and the surface say the same, and never throw.
  const direct = await page.evaluate(async () => {
    const { pling } = window.hostileApp;
    return [await pling.call('explode', {}), await pling.surface().call('implode', {})];
  });
  expect(direct[0]).toMatchObject({ ok: false, ran: true, error: 'the handler failed: it threw an unreadable object' });
  expect(direct[1]).toMatchObject({ ok: false, ran: true });
  expect(direct[1].content).toContain('the handler failed: it threw an unreadable object');
});

test('only a confirm answer of true allows: "no", {} and 1 decline on every path', async ({ page }) => {
  await openHostile(page);
  for (const answer of ['no', {}, 1, 'true']) {
    model.script([reply.calls([{ name: 'delete_all', arguments: {} }]), reply.text('Declined.')]);
    const r = await run(page, 'Delete everything', { yes: answer });
    expect(r.asked).toEqual(['delete_all']);
    expect(r.counts.delete_all, JSON.stringify(answer)).toBe(0);
  }
  const counts = await page.evaluate(async () => {
    const { pling, counts } = window.hostileApp;
    const out = [];
    for (const answer of ['no', {}, 1]) {
      pling.options.confirm = () => answer;
      out.push((await pling.call('delete_all', {})).declined === true);
      out.push((await pling.surface().call('delete_all', {})).declined === true);
    }
    return { declined: out, deleted: counts.delete_all };
  });
  expect(counts).toEqual({ declined: [true, true, true, true, true, true], deleted: 0 });
});

test('the surface says ran: false for a call whose target left the page after the observation', async ({ page }) => {
  await openHostile(page);
  const r = await page.evaluate(async () => {
    const { pling, counts } = window.hostileApp;
    const surface = pling.surface();
    await surface.observe();
    document.getElementById('promo-dismiss').remove();
    const result = await surface.call('dismiss', {});
    return { result, promo: counts.promo };
  });
  expect(r.promo).toBe(0);
  expect(r.result).toMatchObject({ ok: false, ran: false });
  expect(r.result.content).toContain('no longer on the page');
});

test('a record id with a control character is refused: thrown at declaration, reported and left out when read', async ({ page }) => {
  const errors = await openHostile(page);
  const out = await page.evaluate(async () => {
    const { pling } = window.hostileApp;
    let thrown = null;
    try {
      pling.records({ region: 'notes', rows: [{ id: 'a\nb', label: 'Line' }] });
    } catch (error) {
      thrown = { name: error.name, message: error.message };
    }
    pling.records({ region: 'notes', rows: () => [{ id: 'c\u2028d', label: 'Para' }, { id: 'ok1', label: 'Fine' }] });
    const o = await pling.observe();
    return { thrown, ids: o.snapshot.records.map((r) => r.id) };
  });
  expect(out.thrown?.name).toBe('PlingDeclarationError');
  expect(out.thrown?.message).toContain('control character (U+000A)');
  expect(out.ids).toContain('ok1');
  expect(out.ids).not.toContain('c\u2028d');
  expect(errors.some((e) => e.includes('control character (U+2028)') && e.includes('left out'))).toBe(true);
});

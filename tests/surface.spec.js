// The Agent Surface and WebMCP: an agent outside the page is shown exactly what the in-page
// model is sent, and its calls are checked, confirmed, dispatched and reported exactly as the
// in-page loop's are.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { openLab, openTodos, useModelServer } from './pages.mjs';

const model = useModelServer(test);

test('the surface is shown what the in-page model is sent, and its call gets the same receipt', async ({ page }) => {
  // The in-page assistant: one call, then an answer. The server records what it was sent.
  await openTodos(page);
  model.script([
    reply.calls([{ id: 'call_1', name: 'toggle', arguments: { record: 't9' } }]),
    reply.text('Done.'),
  ]);
  await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    // The spec's "ninth task": t9 by its id alone. The unseen-row assist is off so that both
    // paths run the call and their receipts can be compared.
    await new Assistant(window.todoApp.pling, { baseURL: url, model: 'scripted', stream: false, assist: { unseenRows: 'off' } }).run('Mark the ninth task as done.');
  }, model.url);
  const [r1, r2] = model.requests;
  const sentReceipt = r2.body.messages.find((m) => m.role === 'tool').content;

  // The same page, fresh, through the surface.
  await openTodos(page);
  const seen = await page.evaluate(async () => {
    const surface = window.todoApp.pling.surface();
    const before = await surface.observe();
    const called = await surface.call('toggle', { record: 't9' });
    const after = await surface.observe();
    return { before, called, after, done: window.todoApp.todos.find((t) => t.id === 't9').done };
  });
  expect(seen.before.version).toBe(1);
  expect(seen.before.system).toBe(r1.body.messages[0].content);
  expect(seen.before.tools).toEqual(r1.body.tools);
  expect(seen.called).toMatchObject({ ok: true, ran: true, actionId: 'toggle@t9' });
  expect(seen.called.content).toBe(sentReceipt);
  expect(JSON.parse(seen.called.content).result.changed.records.removed).toEqual(['t9']);
  expect(seen.done).toBe(true);
  expect(seen.after.system).toBe(r2.body.messages[0].content);
  expect(seen.after.tools).toEqual(r2.body.tools);
});

test('a page is sent the framework rules for what it shows, and every rule of the spec', async ({ page }) => {
  const rulesOf = async () => page.evaluate(async () => {
    const app = window.todoApp ?? window.labApp;
    const seen = await app.pling.surface().observe();
    return { system: seen.system, masked: seen.section.includes('[masked]') };
  });
  await openTodos(page);
  const todos = await rulesOf();
  await openLab(page);
  const lab = await rulesOf();
  for (const { system } of [todos, lab]) {
    for (const rule of ['1. Only use actions', '2. When the target is not visible', '2c. **Page structure**', '2e. The `record` argument', '4. Content inside `<page_data>`', '5. When an action fails', '6. Use as few actions', '16. When the page has **Current page feedback**']) {
      expect(system).toContain(rule);
    }
  }
  // The account page shows masked values and the rule about them; the to-do list has none.
  expect([todos.masked, lab.masked]).toEqual([false, true]);
  expect(lab.system).toContain('8. Values shown masked are secret');
  expect(todos.system).not.toContain('Values shown masked');
});

test('the surface refuses what the loop refuses, asks before a confirm action, and never runs a handoff', async ({ page }) => {
  await openLab(page);
  const out = await page.evaluate(async () => {
    const { pling, state } = window.labApp;
    let paid = false;
    pling.action({ id: 'pay', description: 'Pay the invoice with the saved card', handoff: true, handler: () => { paid = true; } });
    const asked = [];
    let answer = false;
    const surface = pling.surface({ confirm: (r) => { asked.push(r); return answer; } });
    const o = await surface.observe();
    const unknown = await surface.call('launch_rockets', {});
    const badArgs = await surface.call('set_name', { text: 42 });
    const garbage = await surface.call('set_name', '{not json');
    const declined = await surface.call('delete_account', {});
    const statusAfterNo = document.getElementById('status').textContent;
    answer = true;
    const confirmed = await surface.call('delete_account', {});
    const handoff = await surface.call('pay', {});
    const thrown = await surface.call('explode', {});
    return { setName: o.tools.find((t) => t.function.name === 'set_name').function.parameters, tools: o.tools.map((t) => t.function.name), unknown, badArgs, garbage, declined, statusAfterNo, confirmed, status: document.getElementById('status').textContent, handoff, paid, asked, thrown, saved: state.saved };
  });
  expect(out.tools).toContain('delete_account');
  // An element action to type into takes the text to type.
  expect(out.setName).toMatchObject({ properties: { text: { type: 'string' } }, required: ['text'] });
  const result = (r) => JSON.parse(r.content).result;
  expect(out.unknown).toMatchObject({ ok: false, ran: false, actionId: null });
  expect(result(out.unknown).error).toContain('launch_rockets');
  expect(result(out.unknown).available).toContain('delete_account');
  expect(result(out.badArgs).error).toContain('invalid arguments for `set_name`');
  expect(result(out.garbage).error).toContain('invalid JSON arguments for `set_name`');
  expect(out.declined).toMatchObject({ ok: false, ran: false, declined: true, actionId: 'delete_account' });
  expect(result(out.declined).error).toContain('the person declined this action');
  expect(out.statusAfterNo).not.toBe('Deleted');
  expect(out.asked.map((r) => [r.actionId, r.description])).toEqual([['delete_account', 'Delete the account'], ['delete_account', 'Delete the account']]);
  expect(out.confirmed).toMatchObject({ ok: true, ran: true });
  expect(out.status).toBe('Deleted');
  expect(out.handoff).toMatchObject({ ok: false, ran: false, handoff: true, actionId: 'pay' });
  expect(result(out.handoff).error).toContain('handed to them');
  expect(out.paid).toBe(false);
  expect(out.thrown).toMatchObject({ ok: false, ran: true, actionId: 'explode' });
  expect(result(out.thrown).error).toContain('kaboom from the page');
});

test('WebMCP gets a read_page tool and one tool per action, kept in step with the page', async ({ page }) => {
  // A stand-in for document.modelContext with the draft's shape: registerTool(tool, {signal}),
  // a duplicate name rejects, aborting the signal unregisters.
  await page.addInitScript(() => {
    const tools = new Map();
    document.modelContext = {
      registerTool(tool, options = {}) {
        if (tools.has(tool.name)) return Promise.reject(new DOMException(`duplicate ${tool.name}`, 'InvalidStateError'));
        tools.set(tool.name, tool);
        options.signal?.addEventListener('abort', () => { if (tools.get(tool.name) === tool) tools.delete(tool.name); });
        return Promise.resolve();
      },
    };
    window.webmcpTools = tools;
  });
  await openTodos(page);
  const out = await page.evaluate(async () => {
    // The demo connects on its own when the browser has a model context.
    const connection = window.todoApp.webmcp;
    await connection.ready;
    const tools = window.webmcpTools;
    const first = [...tools.keys()];
    const schema = tools.get('toggle').inputSchema;
    const read = await tools.get('read_page').execute({});
    const inPage = await window.todoApp.pling.observe();
    const registration = tools.get('toggle');
    const toggled = await tools.get('toggle').execute({ record: 't1' });
    await new Promise((r) => setTimeout(r, 50));
    // One row fewer: the registration stays (its description does not carry row counts).
    const kept = tools.get('toggle') === registration;
    const bad = await tools.get('toggle').execute({ record: 'nope' });
    const hints = Object.fromEntries([...tools].map(([n, t]) => [n, t.annotations]));
    // The page changes on its own (every task done elsewhere): the tools follow once it is quiet.
    window.todoApp.todos.forEach((t) => { t.done = true; });
    window.todoApp.search('');
    await new Promise((r) => setTimeout(r, 900));
    const later = [...tools.keys()];
    connection.disconnect();
    return { first, schema, read, inPage, toggled, bad, later, kept, hints, left: [...tools.keys()] };
  });
  expect(out.first).toEqual(['read_page', 'add_todo', 'toggle', 'search']);
  const inPageSchema = out.inPage.tools.find((t) => t.function.name === 'toggle').function.parameters;
  expect(Object.keys(out.schema.properties)).toEqual(Object.keys(inPageSchema.properties));
  expect(out.schema.required).toEqual(inPageSchema.required);
  expect(out.schema.properties.record.description).not.toMatch(/t1|example/);
  expect(out.kept).toBe(true);
  expect(out.hints.search).toEqual({ readOnlyHint: true, untrustedContentHint: true });
  expect(out.hints.toggle).toEqual({ readOnlyHint: false, untrustedContentHint: true });
  expect(out.read.content[0].text).toBe(out.inPage.system);
  expect(out.toggled.isError).toBeUndefined();
  expect(JSON.parse(out.toggled.content[0].text).result).toMatchObject({ ok: true, action: { id: 'toggle@t1' } });
  expect(out.bad.isError).toBe(true);
  expect(JSON.parse(out.bad.content[0].text).result.error).toContain('nope');
  expect(out.later).toEqual(['read_page', 'add_todo', 'search']);
  expect(out.left).toEqual([]);
});

test('WebMCP never unregisters a tool while its call runs; the change waits for the end', async ({ page }) => {
  await page.addInitScript(() => {
    // Like the polyfill: a tool unregistered while its call runs fails that call.
    const tools = new Map();
    const events = [];
    const running = new Set();
    document.modelContext = {
      registerTool(tool, options = {}) {
        tools.set(tool.name, tool);
        events.push(`+${tool.name}`);
        options.signal?.addEventListener('abort', () => {
          events.push(running.has(tool.name) ? `!${tool.name}` : `-${tool.name}`);
          if (tools.get(tool.name) === tool) tools.delete(tool.name);
        });
        return Promise.resolve();
      },
    };
    const call = async (name, input) => {
      running.add(name);
      try {
        return await tools.get(name).execute(input);
      } finally {
        running.delete(name);
      }
    };
    window.webmcp = { tools, events, call };
  });
  await openTodos(page);
  const out = await page.evaluate(async () => {
    const pling = window.todoApp.pling;
    let open = true;
    // A one-time action: running it takes it away (as a delete takes its row), slowly.
    pling.action({
      id: 'archive_all', description: 'Archive every task', available: () => open,
      handler: async () => {
        open = false;
        document.getElementById('todo-list').setAttribute('data-archiving', 'yes');
        await new Promise((r) => setTimeout(r, 900));
        window.duringCall = window.webmcp.events.slice();
      },
    });
    await window.todoApp.webmcp.surface.observe();
    await new Promise((r) => setTimeout(r, 50));
    const { tools, events, call } = window.webmcp;
    const result = await call('archive_all', {});
    const during = window.duringCall;
    await new Promise((r) => setTimeout(r, 100));
    return { result, during, after: [...tools.keys()], events: events.slice() };
  });
  expect(out.result.isError).toBeUndefined();
  expect(JSON.parse(out.result.content[0].text).result.ok).toBe(true);
  expect(out.during.filter((e) => e.endsWith('archive_all'))).toEqual(['+archive_all']);
  expect(out.events).not.toContain('!archive_all');
  expect(out.after).not.toContain('archive_all');
  expect(out.events.filter((e) => e === '-archive_all')).toHaveLength(1);
});

test('the <script> build registers with WebMCP on its own', async ({ page }) => {
  await page.addInitScript(() => {
    const names = [];
    document.modelContext = { registerTool(tool) { names.push(tool.name); return Promise.resolve(); } };
    window.webmcpNames = names;
  });
  await page.goto('/plain');
  await page.evaluate(() => window.Pling.ready);
  await page.waitForFunction(() => window.webmcpNames.length > 1);
  expect(await page.evaluate(() => window.webmcpNames)).toEqual(['read_page', 'buy']);
});

test('the surface answers window messages from its own window only', async ({ page }) => {
  await openTodos(page);
  const out = await page.evaluate(async () => {
    window.todoApp.pling.surface().listen();
    const ask = (message) => new Promise((resolve) => {
      const on = (e) => {
        if (e.data?.pling === 'result' && e.data.id === message.id) {
          removeEventListener('message', on);
          resolve(e.data);
        }
      };
      addEventListener('message', on);
      postMessage(message, location.origin);
    });
    const observed = await ask({ pling: 'observe', id: 'o1' });
    const called = await ask({ pling: 'call', id: 'c1', name: 'toggle', arguments: { record: 't9' } });
    const unknown = await ask({ pling: 'call', id: 'c2', name: 'nope' });
    // A frame posting the same message is not answered.
    const frame = document.createElement('iframe');
    document.body.append(frame);
    let answered = false;
    const on = (e) => { if (e.data?.pling === 'result' && e.data.id === 'f1') answered = true; };
    addEventListener('message', on);
    frame.contentWindow.eval(`parent.postMessage({ pling: 'call', id: 'f1', name: 'toggle', arguments: { record: 't1' } }, '*')`);
    await new Promise((r) => setTimeout(r, 500));
    removeEventListener('message', on);
    return { observed, called, unknown, answered, t1: window.todoApp.todos[0].done, t9: window.todoApp.todos[8].done };
  });
  expect(out.observed.ok).toBe(true);
  expect(out.observed.value.system).toContain('## Current location');
  expect(out.called.value).toMatchObject({ ok: true, ran: true, actionId: 'toggle@t9' });
  expect(out.unknown.value).toMatchObject({ ok: false, ran: false });
  expect(out.answered).toBe(false);
  expect([out.t1, out.t9]).toEqual([false, true]);
});

test('the observe-only engine observes, checks and dispatches; the assistant says it needs the full one', async ({ page }) => {
  await page.goto('/');
  const out = await page.evaluate(async () => {
    const { createPling, engineHasAssistant, Assistant } = await import('/js/src/slim.js');
    const pling = await createPling({ wasm: '/js/wasm/pling_observe_bg.wasm', app: 'You help the user.' });
    const button = document.createElement('button');
    let clicks = 0;
    button.textContent = 'Ring';
    button.addEventListener('click', () => { clicks += 1; });
    document.body.append(button);
    pling.action({ id: 'ring', description: 'Ring the bell', element: button });
    const o = await pling.surface().observe();
    const r = await pling.surface().call('ring', {});
    const bad = await pling.surface().call('ring', '[]');
    let error = null;
    try {
      new Assistant(pling, { baseURL: '/v1' });
    } catch (e) {
      error = e.message;
    }
    return { tools: o.tools.map((t) => t.function.name), system: o.system, r, bad: JSON.parse(bad.content).result.error, clicks, error, loop: engineHasAssistant() };
  });
  expect(out.tools).toEqual(['ring']);
  expect(out.system).toContain('## This application\nYou help the user.');
  expect(out.r).toMatchObject({ ok: true, ran: true, actionId: 'ring' });
  expect(out.bad).toContain('arguments must be a JSON object');
  expect(out.clicks).toBe(1);
  expect(out.loop).toBe(false);
  expect(out.error).toContain('observe-only engine');
});

test('every path asks the person with the same default prompt, and a dismissed prompt is a no', async ({ page }) => {
  await openLab(page);
  const prompts = [];
  page.on('dialog', (d) => {
    prompts.push(d.message());
    d.dismiss();
  });
  model.script([reply.calls([{ name: 'delete_account', arguments: {} }]), reply.text('Not deleted.')]);
  const out = await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    const pling = window.labApp.pling;
    const viaCall = await pling.call('delete_account', {});
    const viaSurface = await pling.surface().call('delete_account', {});
    const viaLoop = await new Assistant(pling, { baseURL: url, model: 'scripted', stream: false }).run('Delete my account');
    return { viaCall, viaSurface, loop: viaLoop.actions[0], status: document.getElementById('status').textContent };
  }, model.url);
  expect(prompts).toEqual(['Allow: Delete the account?', 'Allow: Delete the account?', 'Allow: Delete the account?']);
  expect(out.viaCall).toMatchObject({ ok: false, declined: true });
  expect(out.viaSurface).toMatchObject({ ok: false });
  expect(out.loop).toMatchObject({ actionId: 'delete_account', dispatched: false });
  expect(out.status).not.toBe('Deleted');
});

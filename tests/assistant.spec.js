// The assistant loop end to end in Chromium against the scripted model server: the spec's
// walkthrough request by request, and the faults — each ends in a clear state with nothing
// dispatched that should not have been.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { openChat, openLab, openTodos, useModelServer } from './pages.mjs';

const model = useModelServer(test);

/** Runs one request through a fresh Assistant in the page. */
function run(page, text, options = {}) {
  return page.evaluate(async ({ text, options }) => {
    const { Assistant } = await import('/js/src/index.js');
    const app = window.todoApp ?? window.labApp;
    const assistant = new Assistant(app.pling, { model: 'scripted', retry: { baseDelayMs: 50 }, ...options });
    window.currentAssistant = assistant;
    const result = await assistant.run(text);
    return { ...result, history: assistant.history() };
  }, { text, options: { baseURL: model.url, ...options } });
}

const systemOf = (r) => r.body.messages[0].content;
const toolNames = (r) => (r.body.tools ?? []).map((t) => t.function.name);

test('the walkthrough: search, then toggle t9, then an answer grounded in receipts', async ({ page }) => {
  await openTodos(page);
  model.script([
    reply.streamCalls([{ id: 'call_1', name: 'search', arguments: { text: 'Weekly report' } }], 'I will find it first.'),
    reply.streamCalls([{ id: 'call_2', name: 'toggle', arguments: { record: 't9' } }]),
    reply.streamText('I found "Write the weekly report" (t9) and marked it as done.'),
  ]);
  const result = await run(page, 'Mark the weekly report as done.');
  expect(result.reason).toBe('answered');
  expect(result.message).toBe('I found "Write the weekly report" (t9) and marked it as done.');
  expect(result.actions.map((a) => [a.actionId, a.ok])).toEqual([['search', true], ['toggle@t9', true]]);
  expect(await page.evaluate(() => window.todoApp.todos.find((t) => t.id === 't9').done)).toBe(true);

  const [r1, r2, r3] = model.requests;
  expect(model.requests).toHaveLength(3);
  for (const r of model.requests) {
    expect(r.body.model).toBe('scripted');
    expect(r.body.stream).toBe(true);
    expect(r.body.messages[0].role).toBe('system');
    expect(systemOf(r).match(/## Current location/g)).toHaveLength(1);
    expect(systemOf(r)).toContain('## This application\nYou help the user manage a personal task list.');
    for (const m of r.body.messages.slice(1)) expect(JSON.stringify(m)).not.toContain('## Current location');
  }
  // Request 1: t9 is only a citation id.
  expect(toolNames(r1)).toEqual(['add_todo', 'toggle', 'search']);
  expect(r1.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Mark the weekly report as done.' }]);
  expect(systemOf(r1)).not.toContain('Write the weekly report');
  // Request 2: rebuilt after the search; the conversation gained the call and its result.
  expect(systemOf(r2)).toContain('- 1. t9 (Write the weekly report): title Write the weekly report; done false');
  expect(toolNames(r2)).toEqual(['add_todo', 'toggle', 'search']);
  const m2 = r2.body.messages;
  expect(m2[2]).toEqual({ role: 'assistant', content: 'I will find it first.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"text":"Weekly report"}' } }] });
  expect(m2[3].role).toBe('tool');
  expect(m2[3].tool_call_id).toBe('call_1');
  const receipt1 = JSON.parse(m2[3].content);
  expect(receipt1.result).toMatchObject({ ok: true, action: { id: 'search', description: 'Search tasks by text' }, changed: { observed: true } });
  // Request 3: the toggle's receipt names the row; the tools were rebuilt (no open row left).
  const m3 = r3.body.messages;
  expect(m3.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2']);
  const receipt2 = JSON.parse(m3[5].content);
  expect(receipt2.result.action).toEqual({ id: 'toggle@t9', description: 'Mark the task as complete', record: 't9', label: 'Write the weekly report' });
  expect(receipt2.result.changed.records.removed).toEqual(['t9']);
  expect(toolNames(r3)).toEqual(['add_todo', 'search']);
});

test('non-streaming replies work the same', async ({ page }) => {
  await openTodos(page);
  model.script([reply.calls([{ name: 'toggle', arguments: { record: 't2' } }]), reply.text('Done: t2.')]);
  const result = await run(page, 'Mark the second task as done.', { stream: false });
  expect(result.reason).toBe('answered');
  expect(model.requests[0].body.stream).toBeUndefined();
  expect(await page.evaluate(() => window.todoApp.todos.find((t) => t.id === 't2').done)).toBe(true);
});

test('a call written as JSON in the text (local models) is recovered and run', async ({ page }) => {
  await openTodos(page);
  model.script([reply.text('```json\n{"name": "toggle", "arguments": {"record": "t1"}}\n```'), reply.text('I marked t1 as done.')]);
  const result = await run(page, 'Mark the first task as done.');
  expect(result.actions.map((a) => a.actionId)).toEqual(['toggle@t1']);
  expect(await page.evaluate(() => window.todoApp.todos.find((t) => t.id === 't1').done)).toBe(true);
});

test('onEvent: each event is a plain object tagged by its type, in the order the loop works', async ({ page }) => {
  await openTodos(page);
  model.script([reply.calls([{ id: 'c1', name: 'toggle', arguments: { record: 't2' } }]), reply.text('Done: t2.')]);
  const events = await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    const events = [];
    const a = new Assistant(window.todoApp.pling, { baseURL: url, model: 'scripted', stream: false, onEvent: (e) => events.push(e) });
    await a.run('Mark the second task as done.');
    return events;
  }, model.url);
  const done = { name: 'toggle', actionId: 'toggle@t2', record: 't2', label: 'Book the design review', ok: true, dispatched: true, error: null };
  expect(events).toEqual([
    { type: 'observe' },
    { type: 'thinking' },
    { type: 'call', actionId: 'toggle@t2', record: 't2', arguments: { record: 't2' } },
    { type: 'result', actionId: 'toggle@t2', record: 't2', ok: true, error: null },
    { type: 'observe' },
    { type: 'thinking' },
    { type: 'usage', prompt_tokens: 100, completion_tokens: 10, cached_tokens: 0 },
    { type: 'reply', content: 'Done: t2.' },
    { type: 'finish', reason: 'answered', message: 'Done: t2.', actions: [done] },
  ]);
});

test('structured mode sends a JSON schema of the tools and runs every call of the reply', async ({ page }) => {
  await openTodos(page);
  const calls = [{ action: 'toggle', arguments: { record: 't3' } }, { action: 'toggle', arguments: { record: 't1' } }];
  model.script([reply.text(JSON.stringify({ step: 'call', calls })), reply.text('{"step": "answer", "answer": "Done: t3 and t1."}')]);
  const result = await run(page, 'Complete t3 and t1.', { toolMode: 'structured', stream: false });
  expect(model.requests[0].body.tools).toBeUndefined();
  // The answer first, then the call step: a list of calls, each one of the actions with that
  // action's own arguments; every reply decides its step before anything else.
  const branches = model.requests[0].body.response_format.json_schema.schema.anyOf;
  expect(branches.map((b) => b.properties.step.const)).toEqual(['answer', 'call']);
  const items = branches[1].properties.calls.items.anyOf;
  expect(items.map((b) => b.properties.action.const)).toEqual(['add_todo', 'toggle', 'search']);
  expect(items[1].properties.arguments.required).toEqual(['record']);
  expect(items[1].properties.arguments.properties.record.enum).toBeUndefined();
  expect(model.requests[0].body.messages[0].content).toContain('- toggle(record: string)');
  expect(model.requests.length).toBe(2);
  expect(result).toMatchObject({ reason: 'answered', message: 'Done: t3 and t1.' });
  const done = await page.evaluate(() => window.todoApp.todos.filter((t) => t.done).map((t) => t.id));
  expect(done).toEqual(expect.arrayContaining(['t3', 't1']));
});

test('with recordChoices, a structured reply can name only the rows the page shows', async ({ page }) => {
  await openTodos(page);
  model.script([reply.text('{"step": "answer", "answer": "Which one?"}')]);
  await run(page, 'Complete a task.', { toolMode: 'structured', recordChoices: true, stream: false });
  const items = model.requests[0].body.response_format.json_schema.schema.anyOf[1].properties.calls.items.anyOf;
  const ids = await page.evaluate(() => window.todoApp.todos.map((t) => t.id));
  expect([...items[1].properties.arguments.properties.record.enum].sort()).toEqual([...ids].sort());
});

test('429 with Retry-After is retried after the wait the server asked for', async ({ page }) => {
  await openTodos(page);
  model.script([
    reply.error(429, 'Rate limit reached', { code: 'rate_limit_exceeded', headers: { 'retry-after': '1' } }),
    reply.text('Nothing to do.'),
  ]);
  const result = await run(page, 'Hello');
  expect(result.reason).toBe('answered');
  expect(model.requests).toHaveLength(2);
  expect(model.requests[1].at - model.requests[0].at).toBeGreaterThanOrEqual(950);
});

test('insufficient_quota is not retried and is reported honestly', async ({ page }) => {
  await openTodos(page);
  model.script([reply.error(429, 'You exceeded your current quota', { code: 'insufficient_quota' }), reply.text('never')]);
  const result = await run(page, 'Hello');
  expect(model.requests).toHaveLength(1);
  expect(result).toMatchObject({ reason: 'modelFailed', message: 'I could not continue: the model endpoint answered 429: You exceeded your current quota. Nothing on the page was changed.' });
});

test('500 then success', async ({ page }) => {
  await openTodos(page);
  model.script([reply.error(500, 'upstream failed'), reply.calls([{ name: 'toggle', arguments: { record: 't1' } }]), reply.text('Done.')]);
  const result = await run(page, 'Complete t1.');
  expect(model.requests).toHaveLength(3);
  expect(result.reason).toBe('answered');
});

test('chat(): the engine sends, retries and assembles the stream; a final failure is {error} with the wait the server asked for', async ({ page }) => {
  // A page with nothing of Pling's on it yet: chat() loads the engine it needs on first use.
  // (The demo's index page is such a page.)
  await page.goto('/');
  model.script([
    reply.error(503, 'busy'),
    reply.streamText('Hello there, héllo ✓'),
    reply.error(429, 'slow down', { headers: { 'retry-after': '7' } }),
  ]);
  const out = await page.evaluate(async (baseURL) => {
    const { chat } = await import('/js/src/index.js');
    const texts = [];
    const body = { model: 'scripted', stream: true, messages: [{ role: 'user', content: 'hi' }] };
    const ok = await chat(body, { baseURL, retry: { baseDelayMs: 10 }, onText: (t) => texts.push(t) });
    const failed = await chat({ ...body, stream: false }, { baseURL, retry: { maxRetries: 0 } });
    return { ok, failed, texts };
  }, model.url);
  expect(out.ok, JSON.stringify(out.ok)).toHaveProperty('ok');
  expect(out.ok.ok.content).toBe('Hello there, héllo ✓');
  // The live text is the assembled reply, piece by piece, whatever the chunks split.
  expect(out.texts.join('')).toBe('Hello there, héllo ✓');
  expect(out.failed.error).toMatchObject({ type: 'http', status: 429, message: 'slow down' });
  expect(out.failed.waitMs).toBe(7000);
  expect(model.requests).toHaveLength(3);
  expect(model.requests[0].body).toEqual({ model: 'scripted', stream: true, messages: [{ role: 'user', content: 'hi' }] });
});

test('a request that times out is retried, and gives up honestly when it keeps timing out', async ({ page }) => {
  await openTodos(page);
  model.script([{ ...reply.text('late'), delayMs: 4000 }, reply.text('On time.')]);
  const ok = await run(page, 'Hello', { timeoutMs: 1200 });
  expect(ok).toMatchObject({ reason: 'answered', message: 'On time.' });
  model.requests.length = 0;
  model.script([{ hang: true }, { hang: true }, { hang: true }]);
  const failed = await run(page, 'Hello', { timeoutMs: 300, retry: { maxRetries: 2, baseDelayMs: 10 } });
  expect(model.requests).toHaveLength(3);
  expect(failed).toMatchObject({ reason: 'modelFailed', message: 'I could not continue: the model did not answer within 300 ms. Nothing on the page was changed.' });
});

test('the timeout is a wait for the model: a slow stream that keeps coming is read whole, a stalled one is cut', async ({ page }) => {
  await openTodos(page);
  // Ten pieces 300 ms apart: three seconds in all, never a second without a piece.
  const slow = reply.streamText('A long answer that arrives slowly, piece by piece, to the end.');
  model.script([{ ...slow, stream: slow.stream.slice(0, 10).concat(slow.stream.slice(-1)), eventDelayMs: 300 }]);
  const whole = await run(page, 'Tell me slowly.', { timeoutMs: 1000 });
  expect(whole.reason).toBe('answered');
  expect(whole.message.length).toBeGreaterThan(20);
  // A stream that stops sending after its first pieces is cut once a second passes in silence.
  model.requests.length = 0;
  model.script([{ ...slow, stallAfter: 3 }, reply.text('never')]);
  const t0 = Date.now();
  const stalled = await run(page, 'Tell me again.', { timeoutMs: 1000 });
  expect(stalled).toMatchObject({ reason: 'modelFailed', message: "I could not continue: the model's reply was cut off mid-stream. Nothing on the page was changed." });
  expect(model.requests).toHaveLength(1);
  expect(Date.now() - t0).toBeLessThan(5000);
});

test('a whole reply past the 1 MiB cap is not read further, not retried, and runs nothing', async ({ page }) => {
  await openTodos(page);
  const huge = reply.calls([{ name: 'toggle', arguments: { record: 't1' } }], 'x'.repeat((1 << 20) + 10));
  model.script([huge, reply.text('never')]);
  const result = await run(page, 'Complete t1.', { stream: false });
  expect(model.requests).toHaveLength(1);
  expect(result).toMatchObject({ reason: 'modelFailed', message: "I could not continue: the model's reply was larger than 1048576 bytes and was not read further. Nothing on the page was changed." });
  expect(await page.evaluate(() => window.todoApp.todos.find((t) => t.id === 't1').done)).toBe(false);
});

test('a stream cut in the middle of a tool call is not retried and runs nothing', async ({ page }) => {
  await openTodos(page);
  const partial = reply.streamCalls([{ name: 'toggle', arguments: { record: 't1' } }]);
  partial.stream = partial.stream.slice(0, 3);
  model.script([{ ...partial, cut: true }, reply.text('never')]);
  const result = await run(page, 'Complete t1.');
  expect(model.requests).toHaveLength(1);
  expect(result).toMatchObject({ reason: 'modelFailed', message: "I could not continue: the model's reply was cut off mid-stream. Nothing on the page was changed." });
  expect(await page.evaluate(() => window.todoApp.todos.find((t) => t.id === 't1').done)).toBe(false);
});

test('invalid JSON arguments, an invented tool and an invented record run nothing and say what is available', async ({ page }) => {
  await openTodos(page);
  model.script([
    reply.calls([
      { id: 'a', name: 'toggle', arguments: '{"record": "t1"' },
      { id: 'b', name: 'delete_task', arguments: { record: 't1' } },
      { id: 'c', name: 'toggle', arguments: { record: 't42' } },
    ]),
    reply.text('I could not find a way to do that.'),
    reply.text('There is no way to delete a task here.'),
  ]);
  const result = await run(page, 'Delete t1.');
  expect(result.reason).toBe('answered');
  expect(await page.evaluate(() => window.todoApp.todos.every((t) => !t.done))).toBe(true);
  const tools = model.requests[1].body.messages.filter((m) => m.role === 'tool');
  // The three calls, each refused with what exists; nothing is run or proposed for the model.
  expect(tools.map((m) => m.tool_call_id)).toEqual(['a', 'b', 'c']);
  const errors = tools.map((m) => JSON.parse(m.content).result.error);
  expect(errors[0]).toMatch(/^invalid JSON arguments for `toggle`/);
  expect(errors[1]).toBe('unknown action `delete_task`; available now: add_todo, toggle, search. Records and state are already in the system message: reading them needs no call');
  expect(errors[2]).toMatch(/^record `t42` is not a row of `toggle` on the page now .*find it first \(call `search`\), then call `toggle` again with its id\.$/);
  for (const m of tools) expect(JSON.parse(m.content).result.available).toBe('add_todo, toggle, search');
  // Its answer is the answer: no nudge, no second request.
  expect(model.requests).toHaveLength(2);
  expect(result.message).toBe('I could not find a way to do that.');
});

test('a handler that throws and one that never resolves give failed receipts; the page keeps working', async ({ page }) => {
  await openLab(page);
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  model.script([
    reply.calls([{ id: 'x', name: 'explode', arguments: {} }, { id: 'h', name: 'hang', arguments: {} }]),
    reply.calls([{ id: 's', name: 'set_name', arguments: { text: 'Ada' } }]),
    reply.text('Two actions failed; I set the name.'),
  ]);
  const result = await run(page, 'Try everything.');
  expect(result.actions.map((a) => [a.actionId, a.ok, a.error])).toEqual([
    ['explode', false, 'kaboom from the page'],
    ['hang', false, 'action "hang" did not finish within 300 ms'],
    ['set_name', true, null],
  ]);
  const tools = model.requests[1].body.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content).result);
  expect(tools[0]).toMatchObject({ ok: false, error: 'kaboom from the page' });
  expect(tools[1]).toMatchObject({ ok: false, error: 'action "hang" did not finish within 300 ms' });
  expect(await page.inputValue('#name')).toBe('Ada');
  expect(pageErrors).toContain('kaboom from the page');
});

test('confirmation: a denial goes back to the model and nothing runs; a yes runs it', async ({ page }) => {
  await openLab(page);
  model.script([reply.calls([{ id: 'd', name: 'delete_account', arguments: {} }]), reply.text('You declined, so I did not delete it.')]);
  const denied = await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    const asked = [];
    const a = new Assistant(window.labApp.pling, { baseURL: url, model: 'scripted', confirm: (r) => { asked.push(r); return false; } });
    return { result: await a.run('Delete my account.'), asked };
  }, model.url);
  expect(denied.asked).toEqual([{ name: 'delete_account', actionId: 'delete_account', record: null, label: null, description: 'Delete the account', arguments: {} }]);
  expect(await page.locator('#status').textContent()).not.toBe('Deleted');
  expect(JSON.parse(model.requests[1].body.messages[3].content).result.error).toMatch(/^the person declined this action/);
  model.requests.length = 0;
  model.script([reply.calls([{ id: 'd', name: 'delete_account', arguments: {} }]), reply.text('Deleted.')]);
  await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    await new Assistant(window.labApp.pling, { baseURL: url, model: 'scripted', confirm: () => true }).run('Delete my account.');
  }, model.url);
  expect(await page.locator('#status').textContent()).toBe('Deleted');
});

test('the person stops the loop: the request is aborted and nothing is dispatched after', async ({ page }) => {
  await openTodos(page);
  model.script([{ ...reply.calls([{ name: 'toggle', arguments: { record: 't1' } }]), delayMs: 3000 }]);
  await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    window.stoppable = new Assistant(window.todoApp.pling, { baseURL: url, model: 'scripted' });
    window.stopped = window.stoppable.run('Complete t1.');
  }, model.url);
  // Stop while the model is thinking: once the server has the request.
  await expect.poll(() => model.requests.length).toBe(1);
  const result = await page.evaluate(async () => {
    window.stoppable.stop();
    const r = await window.stopped;
    await new Promise((ok) => setTimeout(ok, 3500));
    return { ...r, done: window.todoApp.todos.find((t) => t.id === 't1').done };
  });
  expect(result).toMatchObject({ reason: 'stopped', message: 'Stopped as you asked. Nothing on the page was changed.', done: false });
  expect(model.requests).toHaveLength(1);
});

test('the page navigating in the middle of an action ends the request; the next page says so', async ({ page }) => {
  await openTodos(page);
  await page.evaluate(() => window.todoApp.pling.action({ id: 'open_lab', description: 'Open the settings page', kind: 'navigate', handler: () => { location.href = '/lab'; return new Promise(() => {}); } }));
  model.script([reply.calls([{ name: 'open_lab', arguments: {} }]), reply.text('never asked')]);
  await page.evaluate((url) => {
    import('/js/src/index.js').then(({ Assistant }) => {
      new Assistant(window.todoApp.pling, { baseURL: url, model: 'scripted' }).run('Open the settings.');
    });
  }, model.url);
  await page.waitForURL('**/lab');
  await page.waitForFunction(() => window.labApp);
  const note = await page.evaluate(async () => (await import('/js/src/index.js')).Assistant.interrupted());
  expect(note).toMatchObject({ request: 'Open the settings.', action: 'open_lab' });
  expect(model.requests).toHaveLength(1);
  // The new page works.
  const r = await page.evaluate(() => window.labApp.pling.call('set_name', { text: 'Ada' }));
  expect(r.ok).toBe(true);
});

test('the chat widget: the person asks, confirms in the panel, and reads the answer', async ({ page }) => {
  await openLab(page);
  model.script([reply.calls([{ name: 'delete_account', arguments: {} }]), reply.text('I deleted the account, as you allowed.')]);
  await openChat(page, model.url);
  await page.locator('.pling-chat input').fill('Delete my account.');
  await page.locator('.pling-chat .send').click();
  await page.locator('.pling-chat .confirm button', { hasText: 'Allow' }).click();
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('I deleted the account, as you allowed.');
  // One line for the step, in the action's words, marked done.
  const done = page.locator('.pling-chat .msg.step');
  await expect(done).toHaveCount(1);
  await expect(done.locator('.words')).toHaveText('Delete the account');
  await expect(done).toHaveClass(/\bok\b/);
  // What it changed, from the receipt the model read, is one click away, in words.
  await expect(done.locator('details li').first()).toBeHidden();
  await done.locator('summary', { hasText: 'Details' }).click();
  await expect(done.locator('details li').first()).toBeVisible();
  await expect(done.locator('details')).not.toContainText('"ok"');
  expect(await page.locator('#status').textContent()).toBe('Deleted');
  // The widget is not part of what the model sees.
  expect(systemOf(model.requests[0])).not.toContain('Helper');
});

test('the demo widget without a configured model says so honestly and changes nothing', async ({ page }) => {
  await openTodos(page);
  await page.evaluate(() => window.todoApp.chat.open());
  await page.locator('.pling-chat input').fill('Mark the weekly report as done.');
  await page.locator('.pling-chat .send').click();
  const error = page.locator('.pling-chat .msg.assistant.error').last();
  await expect(error).toContainText('No model is set up for this assistant yet. The site needs to configure one. Nothing on the page was changed.');
  // The engine's own account is one click away.
  await expect(error.locator('details pre')).toBeHidden();
  await error.locator('summary').click();
  await expect(error.locator('details pre')).toHaveText(
    'I could not continue: the model endpoint answered 503: no model endpoint configured (set PLING_MODEL_URL). Nothing on the page was changed.',
  );
  expect(await page.evaluate(() => window.todoApp.todos.every((t) => !t.done))).toBe(true);
});

test('the task page: a delete asks first, removes only that row, and its receipt names it', async ({ page }) => {
  await page.goto('/tasks?rows=12');
  await page.waitForFunction(() => window.tasksApp);
  model.script([
    reply.calls([{ id: 'd1', name: 'delete', arguments: { record: 't2' } }]),
    reply.text('I deleted "Book the design review".'),
  ]);
  const out = await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    const asked = [];
    const a = new Assistant(window.tasksApp.pling, { baseURL: url, model: 'scripted', stream: false, confirm: (r) => { asked.push(r); return true; } });
    const result = await a.run('Delete the task Book the design review.');
    return { result, asked, history: a.history(), ids: window.tasksApp.tasks.map((t) => t.id) };
  }, model.url);
  expect(out.asked.map((r) => [r.actionId, r.record, r.description, r.label])).toEqual([['delete@t2', 't2', 'Delete the task', 'Book the design review']]);
  expect(out.ids).toEqual(['t1', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10', 't11', 't12']);
  const receipt = JSON.parse(out.history.find((m) => m.role === 'tool').content).result;
  expect(receipt).toMatchObject({ ok: true, action: { id: 'delete@t2', record: 't2', label: 'Book the design review' }, changed: { records: { removed: ['t2'] } } });
  expect(receipt.warning).toBeUndefined();
  // All twelve rows are in view: every record is shown in full, in a bounded request.
  const system = model.requests[0].body.messages[0].content;
  expect(system).toContain('## Records on this page (12 total, showing 12)');
  expect(model.requests[0].body.tools.map((t) => t.function.name)).toEqual(['add_task', 'search', 'filter', 'toggle', 'rename', 'delete']);
  expect(out.result.actions.map((a) => [a.actionId, a.ok, a.label])).toEqual([['delete@t2', true, 'Book the design review']]);
});

test('a confirm action shows the row by its label; denied, nothing runs and the model says so in its own words', async ({ page }) => {
  await page.goto('/tasks?rows=12');
  await page.waitForFunction(() => window.tasksApp);
  // t3 is not the row the person named: the card, not a guess at their words, is what stops it.
  model.script([reply.calls([{ name: 'delete', arguments: { record: 't3' } }]), reply.text('You declined; nothing was deleted.')]);
  await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat2 = mountChat(window.tasksApp.pling, { baseURL: url, model: 'scripted', title: 'Helper' });
    window.chat2.open();
  }, model.url);
  await page.locator('.pling-chat input').last().fill('Delete the task Book the design review.');
  await page.locator('.pling-chat .send').last().click();
  const card = page.locator('.pling-chat .confirm').last();
  // The row as the person knows it, by its label, not its id or a dump of its fields.
  await expect(card.locator('.what')).toHaveText('Delete the task: \u201cReply to the support queue\u201d');
  await expect(card).not.toContainText('t3');
  await expect(card.locator('dl.facts')).toHaveCount(0);
  await expect(card).toHaveAttribute('role', 'alertdialog');
  await page.getByRole('button', { name: 'Deny: Delete the task \u201cReply to the support queue\u201d' }).click();
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('You declined; nothing was deleted.');
  expect(await page.evaluate(() => window.tasksApp.tasks.some((t) => t.id === 't3'))).toBe(true);
  await expect(card).toContainText('Denied');
  expect(model.requests).toHaveLength(2);
  // Nothing ran, so no step says it did.
  await expect(page.locator('.pling-chat .msg.step')).toHaveCount(0);
});

test('a failed model call is shown as an error the person can tell apart, in words', async ({ page }) => {
  await openLab(page);
  model.script([reply.error(401, 'Incorrect API key provided', { code: 'invalid_api_key' })]);
  await page.evaluate(async (url) => {
    const { mountChat } = await import('/js/src/index.js');
    window.chat = mountChat(window.labApp.pling, { baseURL: url, model: 'scripted', retry: { maxRetries: 0 } });
    window.chat.open();
  }, model.url);
  await page.locator('.pling-chat input').fill('Save my profile.');
  await page.keyboard.press('Enter');
  const error = page.locator('.pling-chat .msg.assistant.error');
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(error).toContainText('The assistant’s server refused its key. The site needs to fix its setup; trying again will not help.');
  await expect(error.locator('details pre')).toContainText('401');
  await expect(error).not.toContainText('<');
});

test('each way the model can fail is its own message, in words the person can act on', async ({ page }) => {
  await openLab(page);
  const cases = [
    [reply.error(429, 'Rate limit reached', { code: 'rate_limit_exceeded', headers: { 'retry-after': '7' } }), 'rateLimited', 'Try again in 7 s.'],
    [reply.error(400, 'request (8371 tokens) exceeds the available context size (8192 tokens)'), 'tooLong', 'too long for the model'],
    [reply.error(429, 'You exceeded your current quota', { code: 'insufficient_quota' }), 'quota', 'run out of credit'],
    [reply.error(502, 'the model endpoint is unreachable: connect ECONNREFUSED', { code: 'proxy_error' }), 'unreachable', 'could not reach its server'],
    [reply.error(500, '<!DOCTYPE html><html><body>Internal error</body></html>'), 'server', 'had a problem'],
    [{ raw: 'data: {not json\n\n' }, 'badReply', 'could not be read'],
  ];
  model.script(cases.map(([step]) => step));
  const out = await page.evaluate(async (url) => {
    const { Assistant } = await import('/js/src/index.js');
    const a = new Assistant(window.labApp.pling, { baseURL: url, model: 'scripted', retry: { maxRetries: 0 } });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await a.run('Save my profile.'));
    // And a server that is not there at all.
    const gone = new Assistant(window.labApp.pling, { baseURL: 'http://127.0.0.1:9/v1', model: 'scripted', retry: { maxRetries: 0 } });
    results.push(await gone.run('Save my profile.'));
    return results.map((r) => ({ reason: r.reason, problem: r.problem }));
  }, model.url);
  const expected = [...cases.map(([, kind, words]) => [kind, words]), ['unreachable', 'could not reach its server']];
  out.forEach((r, i) => {
    expect(r.reason).toBe('modelFailed');
    expect(r.problem.kind, `case ${i}`).toBe(expected[i][0]);
    expect(r.problem.text).toContain(expected[i][1]);
    expect(r.problem.text).not.toContain('<');
  });
  expect(out[0].problem.waitMs).toBe(7000);
});

test('<pling-chat>: themed from the page, Escape answers no to a confirmation and then closes, focus goes back', async ({ page }) => {
  await openLab(page);
  model.script([reply.calls([{ name: 'delete_account', arguments: {} }]), reply.text('Not deleted: you declined.')]);
  await page.evaluate(async (url) => {
    await import('/js/src/index.js');
    const style = document.createElement('style');
    style.textContent = 'pling-chat { --pling-accent: rgb(0, 128, 0); }';
    document.head.append(style);
    const el = document.createElement('pling-chat');
    el.setAttribute('endpoint', url);
    el.setAttribute('title', 'Account helper');
    el.setAttribute('model', 'scripted');
    el.pling = window.labApp.pling;
    document.body.append(el);
  }, model.url);
  const launcher = page.locator('pling-chat .launcher');
  await expect(launcher).toHaveAccessibleName('Open Account helper');
  expect(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 128, 0)');
  await launcher.click();
  await expect(page.locator('pling-chat input')).toBeFocused();
  await page.locator('pling-chat input').fill('Delete my account.');
  await page.keyboard.press('Enter');
  const allow = page.locator('pling-chat .confirm button.allow');
  await expect(allow).toBeFocused();
  await expect(allow).toHaveAccessibleName('Allow: Delete the account');
  await page.keyboard.press('Escape');
  // The answered card's buttons are disabled; focus stays in the chat, not on the page.
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('pling-chat');
  await expect(page.locator('pling-chat .msg.assistant').last()).toHaveText('Not deleted: you declined.');
  expect(await page.locator('#status').textContent()).not.toBe('Deleted');
  await page.keyboard.press('Escape');
  await expect(page.locator('pling-chat .panel')).toBeHidden();
  await expect(launcher).toBeFocused();
});

test('a handoff is a card that says what the person must do and takes them to the page control', async ({ page }) => {
  await page.goto('/hostile');
  await page.waitForFunction(() => window.hostileApp);
  model.script([reply.calls([{ name: 'pay', arguments: {} }])]);
  await openChat(page, model.url, { app: 'hostileApp', title: 'Notes helper' });
  await page.locator('.pling-chat input').fill('Upgrade me to premium.');
  await page.keyboard.press('Enter');
  const card = page.locator('.pling-chat .handoff');
  await expect(card).toContainText('This step needs you');
  await expect(card).toHaveAttribute('role', 'group');
  await card.getByRole('button', { name: 'Show me where to do it on the page' }).click();
  await expect(page.locator('#pay-button')).toBeFocused();
  expect(await page.evaluate(() => window.hostileApp.counts.pay)).toBe(0);
});

test('a checkbox whose row declares no field: its receipt and the step say it was checked, and `expects` is met', async ({ page }) => {
  // The README's script-tag list: the checkbox is the action's control and no field shows its state.
  await page.goto('/plain/chat.html');
  await page.evaluate(() => window.Pling.ready);
  model.script([reply.calls([{ name: 'buy', arguments: { record: 'g1' } }]), reply.text('Milk is bought.')]);
  await page.evaluate((url) => {
    const { Pling } = window;
    const box = document.querySelector('[data-pling-record="g1"]');
    box.removeAttribute('data-pling-field');
    box.setAttribute('data-pling-expects', 'actions');
    Pling.chat.destroy();
    Pling.chat = Pling.mountChat(Pling.instance, { baseURL: url, model: 'scripted', title: 'Helper' });
    Pling.chat.open();
  }, model.url);
  // The row's control carries what it holds, as the snapshot's page data.
  const before = await page.evaluate(async () => (await window.Pling.instance.observe()).snapshot.actions.find((a) => a.id === 'buy@g1'));
  expect(before).toMatchObject({ record: 'g1', value: false, expects: ['actions'] });
  await page.locator('.pling-chat input').fill('I bought the milk.');
  await page.locator('.pling-chat .send').click();
  await expect(page.locator('.pling-chat .msg.assistant').last()).toHaveText('Milk is bought.');
  expect(await page.locator('[data-pling-record="g1"]').isChecked()).toBe(true);
  // The model reads that the control changed, and the declared expectation holds.
  const tool = model.requests[1].body.messages.find((m) => m.role === 'tool');
  const receipt = JSON.parse(tool.content).result;
  expect(receipt.changed.actions).toEqual({ values: [{ id: 'buy@g1', from: false, to: true }] });
  expect(receipt.warning).toBeUndefined();
  // The person reads it under the step, in words.
  const step = page.locator('.pling-chat .msg.step');
  await step.locator('summary', { hasText: 'Details' }).click();
  await expect(step.locator('details li')).toHaveText(['“Milk”: unchecked → checked']);
});

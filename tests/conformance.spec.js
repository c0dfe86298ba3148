// The runtime never fights a capable model: a scripted strong model (tests/capable-model.mjs)
// runs correct plans on every demo page, with native tool calls, with the same calls written
// as JSON text, and as structured replies (`toolMode: 'structured'`). For each task and variant: the page's own state is what the plan meant, the
// loop ends as planned, nothing pushes back (no extra user message, no refusal the plan did not
// expect), no request beyond the plan, no confirmation beyond the page's declared ones, the
// final answer reaches the person unchanged, and no secret is in any request.
import { test, expect } from '@playwright/test';
import { useModelServer } from './pages.mjs';
import { capableModel, parseResult } from './capable-model.mjs';
import { PAGES, TASKS } from './conformance-tasks.mjs';

const model = useModelServer(test);

/**
 * Runs the person's request through a fresh Assistant on the page's Pling; confirmations are
 * recorded and answered from `yes` in turn.
 * @param {import('@playwright/test').Page} page
 */
function run(page, { app, text, yes, baseURL, toolMode }) {
  return page.evaluate(async ({ app, text, yes, baseURL, toolMode }) => {
    const { Assistant } = await import('/js/src/index.js');
    const asked = [];
    const assistant = new Assistant(window[app].pling, {
      baseURL, model: 'capable', toolMode, retry: { maxRetries: 0 },
      confirm: (request) => { asked.push(request); return yes[asked.length - 1] ?? false; },
    });
    const result = await assistant.run(text);
    assistant.destroy();
    return { result, asked };
  }, { app, text, yes, baseURL, toolMode });
}

/**
 * Every tool result the requests carried, each once, in order. The history grows by appending,
 * so a result is known by its place and call id (calls written as text are numbered again in
 * each reply: `call_text_1` names a call of every reply).
 */
function toolResults(requests) {
  const seen = new Map();
  for (const r of requests) {
    (r.body.messages ?? []).forEach((m, i) => {
      const key = `${i}:${m.tool_call_id}`;
      if (m.role === 'tool' && !seen.has(key)) seen.set(key, parseResult(m.content));
    });
  }
  return [...seen.values()];
}

/** Asserts what every conformant run shares (see the file's opening comment). */
function expectConformant(task, pageInfo, { result, asked }, requests, answers) {
  expect(result.reason, result.message).toBe(task.reason ?? 'answered');
  for (const [i, r] of requests.entries()) {
    const users = r.body.messages.filter((m) => m.role === 'user').map((m) => m.content);
    expect(users, `request ${i + 1}: user-role messages`).toEqual([task.request]);
  }
  const results = toolResults(requests);
  const refusals = results.filter((r) => r.ok === false && r.error).map((r) => r.error);
  expect(refusals.length, `refusals: ${JSON.stringify(refusals)}`).toBe((task.refusals ?? []).length);
  (task.refusals ?? []).forEach((pattern, i) => expect(refusals[i]).toMatch(pattern));
  // A call that ran must not come back with a warning that tells the model to try again.
  expect(results.filter((r) => r.ok !== false && r.warning).map((r) => `${r.action?.id}: ${r.warning}`), 'warnings on calls that ran').toEqual([]);
  expect(results.filter((r) => r.raw !== undefined).map((r) => r.raw), 'tool results that are not JSON').toEqual([]);
  expect(requests.length, 'requests over the plan').toBe(task.plan.length);
  const names = asked.map((a) => a.name);
  for (const name of names) expect(pageInfo.confirms, `confirmation of ${name}`).toContain(name);
  expect(names).toEqual(task.confirms ?? []);
  if ((task.reason ?? 'answered') === 'answered') {
    expect(answers.length).toBe(1);
    expect(result.message).toBe(answers[0]);
  }
  const bodies = requests.map((r) => r.raw).join('\n');
  for (const secret of [...(pageInfo.secrets ?? []), ...(task.secrets ?? [])]) expect(bodies.includes(secret), `secret ${secret} in a request`).toBe(false);
}

/**
 * Opens the task's page and runs the person's request against the capable model.
 * @param {import('@playwright/test').Page} page
 * @param {import('./conformance-tasks.mjs').Task} task
 * @param {import('./capable-model.mjs').Variant} variant
 */
async function perform(page, task, variant) {
  const pageInfo = PAGES[task.page];
  await page.goto(pageInfo.path + (task.hash ?? ''));
  await page.waitForFunction((app) => window[app]?.pling, pageInfo.app);
  const before = await page.evaluate(pageInfo.data);
  const capable = capableModel(task.plan, variant);
  model.respondWith(capable.respond);
  const toolMode = variant === 'structured' ? 'structured' : 'auto';
  const seen = await run(page, { app: pageInfo.app, text: task.request, yes: task.yes ?? [], baseURL: model.url, toolMode });
  const after = await page.evaluate(pageInfo.data);
  return { pageInfo, capable, seen, before, after };
}

for (const task of TASKS) {
  for (const variant of /** @type {const} */ (['native', 'text', 'structured'])) {
    test(`${task.page} · ${task.category} · ${task.request} [${variant}]`, async ({ page }) => {
      const { pageInfo, capable, seen, before, after } = await perform(page, task, variant);
      expect(capable.problems, 'the capable model could not follow its plan').toEqual([]);
      expectConformant(task, pageInfo, seen, model.requests, capable.answers);
      task.check({ before, after, result: seen.result });
    });
  }
}

test('the checks catch pushback: a write on a row the model was never shown goes back once', async ({ page }) => {
  // Not a capable plan: the id of a row out of view, copied from the citation ids.
  const task = {
    page: 'todos', category: 'control', request: 'Complete “Schedule the security audit”.',
    plan: [() => ({ calls: [{ name: 'toggle', arguments: { record: 't12' } }] }), () => ({ answer: 'Done.' })], check: () => {},
  };
  const { pageInfo, capable, seen } = await perform(page, task, 'native');
  expect(capable.problems).toEqual([]);
  expect(() => expectConformant(task, pageInfo, seen, model.requests, capable.answers)).toThrow(/refusals/);
});

// What crosses between the page (JS) and the engine (wasm) during a request: the snapshot
// going in, dispatches and the person's answers, and events coming out — never the request
// body, the system message, the tool schemas or the model's raw reply, which the engine sends
// and reads itself. Prints the bytes per model request, for docs/architecture.md.
import { test, expect } from '@playwright/test';
import { reply } from './model-server.mjs';
import { openTodos, useModelServer } from './pages.mjs';

const model = useModelServer(test);

test('the request body and the reply stay inside the engine; the boundary carries the snapshot, the dispatch and events', async ({ page }) => {
  await openTodos(page);
  model.script([
    reply.streamCalls([{ id: 'call_1', name: 'search', arguments: { text: 'Weekly report' } }], 'I will find it first.'),
    reply.streamCalls([{ id: 'call_2', name: 'toggle', arguments: { record: 't9' } }]),
    reply.streamText('I found "Write the weekly report" (t9) and marked it as done.'),
  ]);
  const crossed = await page.evaluate(async (baseURL) => {
    const { Assistant } = await import('/js/src/index.js');
    const { internal } = await import('/js/src/pling.js');
    const pling = window.todoApp.pling;
    /** Every value that crossed, in order, as [direction, what, JSON text]. */
    const log = [];
    // The loop's own observation, wrapped to see the snapshot's JSON go into the engine.
    const observeForLoop = internal.observeForLoop;
    internal.observeForLoop = async (p) => {
      const r = await observeForLoop(p);
      log.push(['in', 'snapshot', r.json]);
      return r;
    };
    const perform = pling.perform.bind(pling);
    pling.perform = async (effect) => {
      log.push(['out', 'dispatch', JSON.stringify(effect)]);
      const r = await perform(effect);
      log.push(['in', 'outcome', JSON.stringify({ ok: r.ok, error: r.error ?? null })]);
      return r;
    };
    const onEvent = (event) => log.push(['out', `event:${event.type}`, JSON.stringify(event)]);
    const assistant = new Assistant(pling, { baseURL, model: 'scripted', onEvent });
    const result = await assistant.run('Mark the weekly report as done.');
    internal.observeForLoop = observeForLoop;
    return { log, reason: result.reason };
  }, model.url);

  expect(crossed.reason).toBe('answered');
  expect(model.requests).toHaveLength(3);
  const system = model.requests[0].body.messages[0].content;
  for (const [, what, json] of crossed.log) {
    // No part of a request body comes back out: not the rules, the page section or a schema.
    expect(json, what).not.toContain('## Current location');
    expect(json, what).not.toContain(system.slice(0, 80));
    expect(json, what).not.toContain('"parameters"');
    expect(json, what).not.toContain('"tool_calls"');
  }
  const kinds = crossed.log.map(([dir, what]) => `${dir} ${what}`);
  expect(kinds.filter((k) => k === 'in snapshot')).toHaveLength(3);
  expect(kinds.filter((k) => k === 'out dispatch')).toHaveLength(2);

  // Bytes per model request: what crossed, beside the request and reply the engine kept.
  const bytes = (dir, what) => crossed.log.filter(([d, w]) => d === dir && what.test(w)).reduce((n, [, , j]) => n + new TextEncoder().encode(j).length, 0);
  const requestBytes = model.requests.reduce((n, r) => n + r.raw.length, 0);
  const table = {
    'snapshots in': bytes('in', /^snapshot$/),
    'outcomes in': bytes('in', /^outcome$/),
    'dispatches out': bytes('out', /^dispatch$/),
    'events out': bytes('out', /^event:/),
    'request bodies (kept in the engine)': requestBytes,
  };
  const perRequest = Object.fromEntries(Object.entries(table).map(([k, v]) => [k, Math.round(v / model.requests.length)]));
  console.log(`boundary, bytes per model request (walkthrough, 3 requests): ${JSON.stringify(perRequest)}`);
  expect(table['events out']).toBeLessThan(requestBytes / 4);
});

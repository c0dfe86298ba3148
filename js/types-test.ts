// Compiled by `tsc -p js` in the tests: the public types accept what the README shows and
// reject what they should.
import { createPling, secret, connectWebMCP, type Observation, type SurfaceObservation } from './src/index.js';
import * as slim from './src/slim.js';
import './src/script.js';

async function main(): Promise<void> {
  const pling = await createPling({ app: 'You help the user manage a personal task list.', limits: { maxRecords: 10 } });
  const list = document.createElement('ul');
  pling.page({ route: 'todos', query: ['q'] });
  pling.region({ id: 'todos', name: 'Todo list', purpose: 'open tasks', role: 'list', element: list });
  const stop = pling.action({
    id: 'add_todo',
    description: 'Add a task',
    kind: 'type',
    region: 'todos',
    params: { text: { type: 'string', description: "The new task's text" } },
    handler: ({ text }) => text.toUpperCase(),
  });
  // Handler arguments are typed from `params`: enums, numbers, optional ones.
  pling.action({
    id: 'filter', params: { value: { type: 'string', enum: ['all', 'open'] }, limit: { type: 'integer', optional: true } },
    handler: ({ value, limit }) => {
      const v: 'all' | 'open' = value;
      const n: number | undefined = limit;
      // @ts-expect-error an enum value is not any string
      const w: 'done' = value;
      return [v, n, w];
    },
  });
  pling.rowAction({ name: 'rename', rows: ['t1'], params: { text: { type: 'string' } }, handler: ({ record, text }) => record + text.trim() });
  pling.rowAction({ name: 'toggle', description: 'Mark the task as complete', region: 'todos', rows: () => ['t1', 't2'], handler: ({ record }) => record.length });
  pling.records({ region: 'todos', rows: () => [{ id: 't1', label: 'Buy milk', fields: { title: 'Buy milk', done: false } }], sensitive: ['notes'] });
  pling.state({ name: 'filter', value: () => 'open' });
  pling.state({ name: 'token', value: secret('abc'), sensitive: true });
  pling.feedback(() => [{ kind: 'error', message: 'Title is required', field: 'title' }]);
  const o: Observation = await pling.observe();
  const names: string[] = o.tools.map((t) => t.function.name);
  const result = await pling.call('toggle', { record: 't1' });
  if (!result.ok) console.log(result.error, names);
  stop();
  // @ts-expect-error kind must be one of the six kinds
  pling.action({ id: 'x', kind: 'hover', handler: () => 1 });
  // The Agent Surface and WebMCP.
  const surface = pling.surface({ confirm: (r) => r.actionId.startsWith('toggle') });
  const seen: SurfaceObservation = await surface.observe();
  const called = await surface.call(seen.tools[0].function.name, { record: 't1' });
  const receipt: string = called.content;
  console.log(called.ran, receipt.length);
  const mcp = connectWebMCP(pling, { modelContext: { registerTool: () => undefined } });
  if (mcp) console.log(mcp.tools().join(', '));
  // @ts-expect-error call takes a name first
  await surface.call({ name: 'toggle' });
  await slim.createPling({ wasm: new URL('pling_wasm_bg.wasm', location.href) });
  const webmcp = await globalThis.Pling.webmcp;
  webmcp?.disconnect();
  const ready = await globalThis.Pling.ready;
  ready?.destroy();
}
// Events are a discriminated union: each type narrows to its own fields.
function onEvent(e: import('./src/index.js').AssistantEvent): string {
  if (e.type === 'usage') return String(e.prompt_tokens + e.cached_tokens);
  if (e.type === 'result') return e.ok ? e.actionId : String(e.error);
  if (e.type === 'finish') return e.reason;
  // @ts-expect-error `text` is not on an observe event
  if (e.type === 'observe') return e.text;
  return e.type;
}
void onEvent;
void main;

// The snapshot is typed from the core's Rust types: what the engine accepts, field by field.
async function readSnapshot(pling: Awaited<ReturnType<typeof createPling>>): Promise<string> {
  const { snapshot, settle } = await pling.observe();
  const now: import('./src/index.js').Observation = await pling.observe({ settle: false } satisfies import('./src/index.js').ObserveOptions);
  void settle.settled;
  void now.section;
  const first = snapshot.actions?.[0];
  const kind: import('./src/index.js').ActionKind | undefined = first?.kind;
  const fields: Record<string, unknown> | undefined = snapshot.records?.[0]?.fields;
  const ok: import('./src/index.js').Snapshot = {
    page: { title: 'Todos', path: '/todos', route: null },
    regions: [{ id: 'todos', name: 'Todo list', active: true }],
    actions: [{ id: 'toggle', kind: 'click', effect: 'write', expects: ['records.changed'], rows: { records: ['t1'], unavailable: [{ index: 0, reason: 'done' }] } }],
    records: [{ id: 't1', fields: { title: 'A task' } }],
    feedback: [{ kind: 'error', message: 'Please fill out this field.' }],
  };
  // @ts-expect-error a kind outside the six is not a snapshot
  const bad: import('./src/index.js').Snapshot = { actions: [{ id: 'a', kind: 'hover' }] };
  // @ts-expect-error a region needs its name
  const unnamed: import('./src/index.js').Region = { id: 'r' };
  const limits: import('./src/index.js').Limits = await import('./src/index.js').then((m) => m.defaultLimits());
  return `${kind}${String(fields)}${ok.actions?.length}${bad}${unnamed.id}${limits.maxRecords}`;
}
void readSnapshot;

// A React 19 + strict TypeScript app declared with pling-runtime/react: hooks in the component
// that owns the state, refs for elements (a ref callback gives each row its element), StrictMode
// on, the engine loaded lazily. What it declares is checked from `window.packaged`.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PlingError } from 'pling-runtime';
import {
  PlingProvider, usePling, usePlingFeedback, usePlingForm, usePlingPage, usePlingRecords, usePlingRegion,
  usePlingRowAction, usePlingState, usePlingWebMCP,
} from 'pling-runtime/react';

interface Item { id: string; title: string; done: boolean }
declare global { interface Window { packaged?: unknown } }

function Todos() {
  const [items, setItems] = useState<Item[]>([{ id: 'a', title: 'Buy milk', done: false }, { id: 'b', title: 'Call the bank', done: false }]);
  const list = useRef<HTMLUListElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Each row's element, kept by a ref callback: the model is told which rows are in view.
  const rows = useRef(new Map<string, HTMLLIElement>());
  const rowRef = (id: string) => (el: HTMLLIElement | null) => {
    if (el) rows.current.set(id, el);
    else rows.current.delete(id);
  };
  usePlingPage({ route: 'todos' });
  usePlingRegion({ id: 'list', name: 'List', role: 'list', element: list });
  usePlingRowAction({
    // No `rows`: the action acts on the region's records, declared below.
    name: 'toggle', description: 'Mark the item done', region: 'list',
    handler: ({ record }) => setItems((xs) => xs.map((x) => (x.id === record ? { ...x, done: !x.done } : x))),
  });
  usePlingRecords<Item>({
    region: 'list', rows: () => items, id: (i) => i.id, label: (i) => i.title, fields: (i) => ({ done: i.done }),
    element: (i) => rows.current.get(i.id),
  });
  usePlingState({ name: 'open', value: items.filter((i) => !i.done).length });
  usePlingForm({ element: form, region: 'list' });
  usePlingFeedback(items.length > 1 ? [{ kind: 'status', message: 'List synced' }] : []);
  const webmcp = usePlingWebMCP();
  return (
    <>
      <ul id="list" ref={list}>{items.map((i) => <li key={i.id} ref={rowRef(i.id)}>{i.done ? '✓ ' : ''}{i.title}</li>)}</ul>
      <form ref={form}><input name="title" aria-label="Title" /></form>
      <output hidden>{webmcp ? 'webmcp' : 'no webmcp'}</output>
    </>
  );
}

/** Drives the page once it is declared: an observation, then a row call. */
function Probe() {
  const pling = usePling();
  useEffect(() => {
    if (!pling) return;
    void (async () => {
      const observed = await pling.observe();
      const called = await pling.call('toggle', { record: 'b' });
      const after = await pling.observe();
      window.packaged = {
        section: observed.section, tools: observed.tools.map((t) => t.function.name), called,
        // The handler's state change is what the next snapshot reads: the row and the count.
        done: after.section.includes('(Call the bank): done true') && after.section.includes('{"open":1}') ? ['b'] : [],
        typedErrors: typeof PlingError === 'function',
        rowsInView: observed.section.includes('2 of 2 items visible'),
        page: observed.section.includes('todos'),
        feedback: observed.section.includes('List synced'),
      };
    })();
  }, [pling]);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode><PlingProvider options={{ app: 'You help the user with a short list.', lazy: true }}><Todos /><Probe /></PlingProvider></StrictMode>,
);

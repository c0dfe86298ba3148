// A React 19 + strict TypeScript app declared with pling-runtime/react: hooks in the component
// that owns the state, refs for elements, StrictMode on. What it declares is checked from
// `window.packaged`.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PlingError } from 'pling-runtime';
import { PlingProvider, usePling, usePlingRecords, usePlingRegion, usePlingRowAction, usePlingState } from 'pling-runtime/react';

interface Item { id: string; title: string; done: boolean }
declare global { interface Window { packaged?: unknown } }

function Todos() {
  const [items, setItems] = useState<Item[]>([{ id: 'a', title: 'Buy milk', done: false }, { id: 'b', title: 'Call the bank', done: false }]);
  const list = useRef<HTMLUListElement>(null);
  usePlingRegion({ id: 'list', name: 'List', role: 'list', element: list });
  usePlingRowAction({
    name: 'toggle', description: 'Mark the item done', region: 'list', rows: () => items.map((i) => i.id),
    handler: ({ record }) => setItems((xs) => xs.map((x) => (x.id === record ? { ...x, done: !x.done } : x))),
  });
  usePlingRecords<Item>({ region: 'list', rows: () => items, id: (i) => i.id, label: (i) => i.title, fields: (i) => ({ done: i.done }) });
  usePlingState({ name: 'open', value: items.filter((i) => !i.done).length });
  return <ul id="list" ref={list}>{items.map((i) => <li key={i.id}>{i.done ? '✓ ' : ''}{i.title}</li>)}</ul>;
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
      };
    })();
  }, [pling]);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode><PlingProvider options={{ app: 'You help the user with a short list.' }}><Todos /><Probe /></PlingProvider></StrictMode>,
);

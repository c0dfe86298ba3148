// A React + strict TypeScript app that declares its list through the installed package, with
// current values read from a ref, and survives StrictMode's double mount.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createPling, type Pling } from 'pling-runtime';

interface Item { id: string; title: string; done: boolean }
declare global { interface Window { packaged?: unknown } }

const started: Promise<Pling> = createPling({ app: 'You help the user with a short list.' });

function App() {
  const [items, setItems] = useState<Item[]>([{ id: 'a', title: 'Buy milk', done: false }, { id: 'b', title: 'Call the bank', done: false }]);
  const current = useRef(items);
  current.current = items;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    let undo: Array<() => void> = [];
    let live = true;
    void started.then(async (pling) => {
      if (!live) return;
      undo = [
        pling.region({ id: 'list', name: 'List', role: 'list', element: () => list.current }),
        pling.rowAction({
          name: 'toggle', description: 'Mark the item done', region: 'list', rows: () => current.current.map((i) => i.id),
          handler: ({ record }) => setItems((xs) => xs.map((x) => (x.id === record ? { ...x, done: !x.done } : x))),
        }),
        pling.records<Item>({ region: 'list', rows: () => current.current, id: (i) => i.id, label: (i) => i.title, fields: (i) => ({ done: i.done }) }),
      ];
      const observed = await pling.observe();
      const called = await pling.call('toggle', { record: 'b' });
      await new Promise((r) => setTimeout(r, 50));
      window.packaged = { section: observed.section, tools: observed.tools.map((t) => t.function.name), called, done: current.current.filter((i) => i.done).map((i) => i.id), typedErrors: true };
    });
    return () => {
      live = false;
      for (const u of undo) u();
    };
  }, []);
  return <ul id="list" ref={list}>{items.map((i) => <li key={i.id}>{i.done ? '✓ ' : ''}{i.title}</li>)}</ul>;
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);

// The page every packaging app runs: a small list and a form declared through the installed
// package; the results land on `window.packaged` for the test to read.
import { createPling, engineReady, PlingError } from 'pling-runtime';

const items = [{ id: 'a', title: 'Buy milk', done: false }, { id: 'b', title: 'Call the bank', done: false }];
const list = document.getElementById('list');
const form = document.getElementById('form');
const render = () => {
  list.replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    li.dataset.id = item.id;
    li.textContent = `${item.done ? '✓ ' : ''}${item.title}`;
    return li;
  }));
};
render();

const pling = await createPling({ app: 'You help the user with a short list.' });
// Lazy by default: nothing of the engine is loaded before the first use.
const lazyStart = !engineReady();
pling.region({ id: 'list', name: 'List', role: 'list', element: list });
pling.region({ id: 'add', name: 'Add', role: 'form', element: form });
pling.form({ element: form, region: 'add' });
pling.rowAction({
  name: 'toggle', description: 'Mark the item done', region: 'list',
  rows: () => items.map((item) => item.id),
  handler: ({ record }) => { const item = items.find((x) => x.id === record); item.done = !item.done; render(); },
});
pling.records({ region: 'list', rows: () => items, id: (item) => item.id, label: (item) => item.title, fields: (item) => ({ done: item.done }), element: (item) => list.querySelector(`[data-id="${item.id}"]`) });
form.requestSubmit();
const observed = await pling.observe();
const called = await pling.call('toggle', { record: 'b' });
window.packaged = {
  section: observed.section,
  tools: observed.tools.map((t) => t.function.name),
  called,
  done: items.filter((item) => item.done).map((item) => item.id),
  typedErrors: typeof PlingError === 'function',
  lazyStart,
};

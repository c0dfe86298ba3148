// A generated list page for the benchmark: N rows, each with a checkbox, a title, Edit and
// Delete (3 row actions) and 6 fields, declared with the JS API.
import { createPling } from '/js/src/index.js';

const n = Number(new URLSearchParams(location.search).get('rows') ?? 12);
const rows = Array.from({ length: n }, (_, i) => ({
  id: `r${i + 1}`, title: `Task number ${i + 1}`, done: i % 3 === 0, owner: `user${i % 17}`,
  due: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`, priority: i % 5, tags: i % 2 ? 'work' : 'home',
}));
const list = document.getElementById('list');
const frag = document.createDocumentFragment();
const elements = new Map();
for (const r of rows) {
  const li = document.createElement('li');
  li.innerHTML = `<input type="checkbox"${r.done ? ' checked' : ''}><span>${r.title}</span><button>Edit</button><button>Delete</button>`;
  frag.append(li);
  elements.set(r.id, li);
}
list.append(frag);

const pling = await createPling({ app: 'You help the user manage tasks.' });
pling.region({ id: 'list', name: 'Task list', role: 'list', element: list });
pling.action({ id: 'add', description: 'Add a task', kind: 'type', region: 'list', element: document.getElementById('add'), params: { text: { type: 'string' } }, handler: () => {} });
pling.action({ id: 'search', description: 'Search tasks', kind: 'type', effect: 'read', region: 'list', element: document.getElementById('search'), params: { text: { type: 'string' } }, handler: () => {} });
// The page's own time in its row actions' `rows()`, for the bench to tell apart from Pling's.
let rowsMs = 0;
const ids = () => {
  const t = performance.now();
  const out = rows.map((r) => r.id);
  rowsMs += performance.now() - t;
  return out;
};
/** The page's time in `rows()` since the last read. */
const takeRowsMs = () => {
  const t = rowsMs;
  rowsMs = 0;
  return t;
};
// `?rowActions=region`: the row actions name no rows of their own, and act on the region's records.
const rowsOf = new URLSearchParams(location.search).get('rowActions') === 'region' ? {} : { rows: ids };
const nth = (k) => (id) => elements.get(id).children[k];
pling.rowAction({ name: 'toggle', description: 'Mark the task done or open', region: 'list', ...rowsOf, element: nth(0), handler: () => {} });
pling.rowAction({ name: 'edit', description: 'Edit the task', region: 'list', ...rowsOf, element: nth(2), handler: () => {} });
pling.rowAction({ name: 'delete', description: 'Delete the task', region: 'list', ...rowsOf, element: nth(3), confirm: true, handler: () => {} });
// Accessors: Pling reads fields only for the rows it shows.
pling.records({
  region: 'list',
  rows: () => rows,
  id: (r) => r.id,
  label: (r) => r.title,
  fields: (r) => ({ title: r.title, done: r.done, owner: r.owner, due: r.due, priority: r.priority, tags: r.tags }),
  element: (r) => elements.get(r.id),
});
pling.state({ name: 'filter', value: 'all' });
pling.state({ name: 'total', value: n });
/** A small change, as a handler makes between two turns: one row toggled and renamed. */
function touch(turn) {
  const row = rows[turn % Math.min(3, rows.length)];
  row.done = !row.done;
  row.title = `Task ${row.id} (edit ${turn})`;
  const li = elements.get(row.id);
  li.children[0].checked = row.done;
  li.children[1].textContent = row.title;
}
/** A row's id changed, as a page that re-keys a row does. */
function rename(i, id) {
  const li = elements.get(rows[i].id);
  elements.delete(rows[i].id);
  rows[i].id = id;
  elements.set(id, li);
}
/** A row gone from the data and the list. */
function remove(i) {
  const [row] = rows.splice(i, 1);
  elements.get(row.id).remove();
  elements.delete(row.id);
}
/** A new row at place `i` of the data and the list. */
function insert(i, id) {
  const li = document.createElement('li');
  li.innerHTML = `<input type="checkbox"><span>Task ${id}</span><button>Edit</button><button>Delete</button>`;
  list.insertBefore(li, list.children[i] ?? null);
  elements.set(id, li);
  rows.splice(i, 0, { id, title: `Task ${id}`, done: false, owner: 'user0', due: '2026-12-01', priority: 0, tags: 'home' });
}
/** Rows `i` and `j` trade places, in the data and the list. */
function swap(i, j) {
  [rows[i], rows[j]] = [rows[j], rows[i]];
  const a = list.children[i];
  const b = list.children[j];
  const after = b.nextSibling;
  list.insertBefore(b, a);
  list.insertBefore(a, after);
}
window.bench = { pling, n, touch, ids, takeRowsMs, rows, rename, remove, insert, swap };

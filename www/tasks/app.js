// A task list of the kind peers are measured on: header, add, search, a filter, and N rows each
// with a checkbox, a title, Edit and Delete (?rows=N, default 12). Everything works; Pling is
// declared at the bottom. Delete asks the person first.
import { createPling, mountChat, connectWebMCP } from '/js/src/index.js';

const TITLES = [
  'Review the launch checklist', 'Book the design review', 'Reply to the support queue',
  'Update the roadmap slides', 'Renew the domain name', 'Plan the team offsite',
  'Fix the login redirect bug', 'Prepare the quarterly budget', 'Write the weekly report',
  'Order new office chairs', 'Archive old project files', 'Schedule the security audit',
];
const n = Number(new URLSearchParams(location.search).get('rows') ?? 12);
const tasks = Array.from({ length: n }, (_, i) => ({
  id: `t${i + 1}`,
  title: i < TITLES.length ? TITLES[i] : `${TITLES[i % TITLES.length]} (${Math.floor(i / TITLES.length) + 1})`,
  done: false,
}));
let nextId = n + 1;
let query = '';
let filter = 'all';

const $ = (id) => document.getElementById(id);
const list = $('list');
const shown = () => tasks.filter((t) => (filter === 'all' || (filter === 'done') === t.done) && t.title.toLowerCase().includes(query.toLowerCase()));
const rows = new Map();

function render() {
  rows.clear();
  list.replaceChildren(...shown().map((t) => {
    const li = document.createElement('li');
    li.className = t.done ? 'done' : '';
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: t.done });
    box.setAttribute('aria-label', `Done: ${t.title}`);
    box.addEventListener('change', () => toggle(t.id));
    const span = document.createElement('span');
    span.textContent = t.title;
    const edit = Object.assign(document.createElement('button'), { textContent: 'Edit' });
    edit.addEventListener('click', () => {
      const title = prompt('New title', t.title);
      if (title) rename(t.id, title);
    });
    const del = Object.assign(document.createElement('button'), { textContent: 'Delete' });
    del.addEventListener('click', () => remove(t.id));
    li.append(box, span, edit, del);
    rows.set(t.id, li);
    return li;
  }));
  $('count').textContent = `${shown().length} of ${tasks.length}`;
}

const find = (id) => tasks.find((t) => t.id === id) ?? fail(`There is no task ${id}`);
function fail(message) {
  throw new Error(message);
}
function add(text) {
  const title = String(text ?? '').trim() || fail('A task needs a title');
  const task = { id: `t${nextId++}`, title, done: false };
  tasks.push(task);
  render();
  return { added: task.id };
}
function toggle(id) {
  const t = find(id);
  t.done = !t.done;
  render();
  return { id, done: t.done };
}
function rename(id, text) {
  const title = String(text ?? '').trim() || fail('A task needs a title');
  find(id).title = title;
  render();
}
function remove(id) {
  find(id);
  tasks.splice(tasks.findIndex((t) => t.id === id), 1);
  render();
}
function search(text) {
  query = String(text ?? '');
  $('search').value = query;
  render();
}
function show(value) {
  filter = ['all', 'open', 'done'].includes(value) ? value : fail(`Unknown filter ${value}`);
  $('filter').value = filter;
  render();
}

$('add-form').addEventListener('submit', (e) => {
  e.preventDefault();
  add($('new-task').value);
  $('new-task').value = '';
});
$('search').addEventListener('input', () => search($('search').value));
$('filter').addEventListener('change', () => show($('filter').value));
render();

// --- Pling declarations ---
const pling = await createPling({ app: 'You help the user manage their task list.' });
pling.region({ id: 'tasks', name: 'Task list', purpose: 'every task, done or not', role: 'list', element: list });
pling.action({ id: 'add_task', description: 'Add a task', kind: 'type', region: 'tasks', element: $('new-task'), params: { text: { type: 'string', description: 'The title of the new task' } }, handler: ({ text }) => add(text), expects: ['records.added'] });
pling.action({ id: 'search', description: 'Search tasks by title', kind: 'type', effect: 'read', region: 'tasks', element: $('search'), params: { text: { type: 'string', description: 'Text to search for; empty shows every task' } }, handler: ({ text }) => search(text) });
pling.action({ id: 'filter', description: 'Show all, open or done tasks', kind: 'select', effect: 'read', region: 'tasks', element: $('filter'), params: { value: { type: 'string', enum: ['all', 'open', 'done'] } }, handler: ({ value }) => show(value) });
const ids = () => shown().map((t) => t.id);
pling.rowAction({ name: 'toggle', description: 'Mark the task done, or open again', region: 'tasks', rows: ids, element: (id) => rows.get(id)?.children[0], handler: ({ record }) => toggle(record), expects: ['records.changed'] });
pling.rowAction({ name: 'rename', description: 'Change the title of the task', kind: 'type', region: 'tasks', rows: ids, element: (id) => rows.get(id)?.children[2], params: { text: { type: 'string', description: 'The new title' } }, handler: ({ record, text }) => rename(record, text), expects: ['records.changed'] });
pling.rowAction({ name: 'delete', description: 'Delete the task', region: 'tasks', rows: ids, element: (id) => rows.get(id)?.children[3], confirm: true, handler: ({ record }) => remove(record), expects: ['records.removed'] });
pling.records({
  region: 'tasks',
  rows: shown,
  id: (t) => t.id,
  label: (t) => t.title,
  fields: (t) => ({ title: t.title, done: t.done }),
  element: (t) => rows.get(t.id),
});
pling.state({ name: 'filter', value: () => filter });
pling.state({ name: 'search', value: () => query });
pling.state({ name: 'shown', value: () => shown().length });

const chat = mountChat(pling, { baseURL: '/v1', title: 'Task assistant', placeholder: 'e.g. Delete the task Book the design review' });
const webmcp = connectWebMCP(pling);
window.tasksApp = { pling, tasks, chat, webmcp };

// The specification's Todo page: twelve open tasks, three in the viewport, add, toggle,
// search and the "open" filter — declared with Pling in a few lines at the bottom.
import { createPling, mountDebugPanel, mountChat, connectWebMCP } from '/js/src/index.js';

const TITLES = [
  'Review the launch checklist', 'Book the design review', 'Reply to the support queue',
  'Update the roadmap slides', 'Renew the domain name', 'Plan the team offsite',
  'Fix the login redirect bug', 'Prepare the quarterly budget', 'Write the weekly report',
  'Order new office chairs', 'Archive old project files', 'Schedule the security audit',
];

const todos = TITLES.map((title, i) => ({ id: `t${i + 1}`, title, done: false }));
let nextId = todos.length + 1;
const filter = 'open';
let query = '';

const list = document.getElementById('todo-list');
const newTodo = document.getElementById('new-todo');
const searchBox = document.getElementById('search');

const visible = () => todos.filter((t) => (filter === 'all' || !t.done) && t.title.toLowerCase().includes(query.toLowerCase()));
const rowOf = (id) => list.querySelector(`li[data-id="${CSS.escape(id)}"]`);

function render() {
  list.replaceChildren(...visible().map((t) => {
    const li = document.createElement('li');
    li.dataset.id = t.id;
    li.className = t.done ? 'done' : '';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = t.done;
    box.setAttribute('aria-label', `Complete ${t.title}`);
    box.addEventListener('change', () => toggle(t.id));
    const span = document.createElement('span');
    span.textContent = t.title;
    li.append(box, span);
    return li;
  }));
  document.getElementById('count').textContent = `${visible().length} of ${todos.length}`;
}

function addTodo(text) {
  const title = String(text ?? '').trim();
  if (!title) throw new Error('A task needs some text');
  const todo = { id: `t${nextId++}`, title, done: false };
  todos.push(todo);
  render();
  return { added: todo.id };
}

function toggle(id) {
  const todo = todos.find((t) => t.id === id);
  if (!todo) throw new Error(`There is no task ${id}`);
  todo.done = !todo.done;
  render();
  return { id, done: todo.done };
}

function search(text) {
  query = String(text ?? '');
  searchBox.value = query;
  render();
}

document.getElementById('add-form').addEventListener('submit', (event) => {
  event.preventDefault();
  addTodo(newTodo.value);
  newTodo.value = '';
});
searchBox.addEventListener('input', () => search(searchBox.value));
render();

// --- Pling declarations ---
const pling = await createPling({ app: 'You help the user manage a personal task list.' });
pling.region({ id: 'todos', name: 'Todo list', purpose: 'open tasks', role: 'list', element: list });
pling.action({
  id: 'add_todo', description: 'Add a task', kind: 'type', region: 'todos', element: newTodo,
  params: { text: { type: 'string', description: "The new task's text" } },
  handler: ({ text }) => addTodo(text),
});
pling.rowAction({
  name: 'toggle', description: 'Mark the task as complete', region: 'todos',
  rows: () => visible().map((t) => t.id),
  element: (id) => rowOf(id)?.querySelector('input'),
  handler: ({ record }) => toggle(record),
});
pling.action({
  id: 'search', description: 'Search tasks by text', kind: 'type', effect: 'read', region: 'todos', element: searchBox,
  params: { text: { type: 'string', description: 'Text to search for' } },
  handler: ({ text }) => search(text),
});
pling.records({
  region: 'todos',
  rows: () => visible().map((t) => ({ id: t.id, label: t.title, fields: { title: t.title, done: t.done }, element: rowOf(t.id) })),
});
pling.state({ name: 'filter', value: () => filter });
pling.state({ name: 'total', value: () => visible().length });

mountDebugPanel(pling, document.getElementById('debug'));
// The assistant talks to /v1, which the dev server proxies to the configured model.
const chat = mountChat(pling, { baseURL: '/v1', title: 'Todo assistant', placeholder: 'e.g. Mark the weekly report as done' });
// Agents in the browser (WebMCP, where it exists) get the same tools.
const webmcp = connectWebMCP(pling);
window.todoApp = { pling, todos, toggle, addTodo, search, chat, webmcp };
document.dispatchEvent(new CustomEvent('todos:ready'));

// Pling on the vanilla JS TodoMVC, unmodified: its rows carry their ids (`<li data-id>`), and it
// keeps every todo in localStorage under "todos-vanillajs".
import { declareTodoMVC, probe } from './declare.js';

const list = () => [...document.querySelectorAll('#todo-list li[data-id]')];
const app = {
  all: () => (JSON.parse(localStorage.getItem('todos-vanillajs') ?? '{}').todos ?? [])
    .map((t) => ({ id: String(t.id), title: t.title, completed: !!t.completed })),
  shown: () => list().map((li) => ({ id: li.dataset.id ?? '', title: li.querySelector('label')?.textContent ?? '', completed: li.classList.contains('completed') })),
  rowOf: (id) => list().find((li) => li.dataset.id === id) ?? null,
};

const pling = await declareTodoMVC(app);
window.todomvcApp = { pling, probe: () => probe(app) };

// Pling on the React TodoMVC, unmodified: it keeps its todos, with uuids, in localStorage under
// "react-todos" and renders the ones the route's filter shows, in that order, with no id in the
// DOM — so a todo's row is found by its place in that list.
import { declareTodoMVC, probe } from './declare.js';

const all = () => (JSON.parse(localStorage.getItem('react-todos') ?? '[]'))
  .map((t) => ({ id: String(t.id), title: t.title, completed: !!t.completed }));
const shown = () => {
  const f = location.hash.match(/^#\/(active|completed)/)?.[1];
  return all().filter((t) => !f || (f === 'completed') === t.completed);
};
const app = {
  all, shown,
  rowOf: (id) => document.querySelectorAll('#todo-list > li')[shown().findIndex((t) => t.id === id)] ?? null,
};

const pling = await declareTodoMVC(app);
window.todomvcApp = { pling, probe: () => probe(app) };

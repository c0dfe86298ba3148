// Pling on the Vue TodoMVC, unmodified: its todos live in the Vue instance it exports
// (`window.app.todos`) and have no ids, so each todo object gets one the first time it is seen,
// kept for as long as the object lives.
import { declareTodoMVC, probe } from './declare.js';

const ids = new WeakMap();
let next = 1;
const idOf = (todo) => {
  if (!ids.has(todo)) ids.set(todo, `t${next++}`);
  return ids.get(todo);
};
const vm = () => /** @type {any} */ (window).app;
const all = () => (vm()?.todos ?? []).map((t) => ({ id: idOf(t), title: t.title, completed: !!t.completed }));
const shown = () => {
  const f = vm()?.filter ?? 'all';
  return all().filter((t) => f === 'all' || (f === 'completed') === t.completed);
};
const app = {
  all, shown,
  rowOf: (id) => document.querySelectorAll('#todo-list > li')[shown().findIndex((t) => t.id === id)] ?? null,
};

const pling = await declareTodoMVC(app);
window.todomvcApp = { pling, probe: () => probe(app) };

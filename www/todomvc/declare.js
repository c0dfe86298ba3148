// What the TodoMVC apps mean to Pling, declared from the outside: every build has the same
// screen, so the declarations are shared and each app's script (vanillajs.js, react.js, vue.js)
// says only where its todos live — in its DOM, its storage or its framework's state.
import { createPling, mountChat } from '/js/src/index.js';
import { typeAndEnter, editTitle, press } from './operate.js';

/**
 * @typedef {{id: string, title: string, completed: boolean}} Todo
 * @typedef {object} TodoApp how one build keeps its todos
 * @property {() => Todo[]} all every todo, in the app's order
 * @property {() => Todo[]} shown the todos the current filter shows, in list order
 * @property {(id: string) => Element | null} rowOf a todo's `<li>`, when shown
 */

const $ = (selector) => document.querySelector(selector);
/** The filter the URL shows: all, active or completed. */
const filter = () => (location.hash.match(/^#\/(active|completed)/)?.[1] ?? 'all');

/**
 * Declares the app to Pling and mounts the chat; returns the Pling and a probe of the app's
 * todos for tests.
 * @param {TodoApp} app
 */
export async function declareTodoMVC(app) {
  const pling = await createPling({ app: 'You help the user manage their todo list (TodoMVC).' });
  const row = (record) => app.rowOf(record);
  const completed = () => app.all().filter((t) => t.completed).length;

  pling.region({ id: 'todos', name: 'Todo list', purpose: 'the todos the current filter shows', role: 'list', element: () => $('#todo-list') });
  pling.records({
    region: 'todos', rows: () => app.shown(), id: (t) => t.id, label: (t) => t.title,
    fields: (t) => ({ completed: t.completed }), element: (t) => app.rowOf(t.id),
  });
  pling.state({ name: 'counts', description: 'todos in the whole list, whatever the filter', value: () => ({ total: app.all().length, active: app.all().length - completed(), completed: completed() }) });
  pling.state({ name: 'filter', value: filter });

  pling.action({
    id: 'add_todo', description: 'Add a new todo', kind: 'type', region: 'todos', element: () => $('#new-todo'),
    params: { title: { type: 'string', description: "The new todo's text" } },
    handler: ({ title }) => typeAndEnter($('#new-todo'), title),
  });
  pling.rowAction({
    name: 'toggle', description: 'Mark the todo as completed, or as active again if it is completed', region: 'todos',
    element: (id) => row(id)?.querySelector('.toggle'),
    handler: ({ record }) => press(row(record)?.querySelector('.toggle')),
  });
  pling.rowAction({
    name: 'edit', description: "Change the todo's title", region: 'todos',
    params: { title: { type: 'string', description: 'The new title' } },
    handler: ({ record, title }) => editTitle(row(record), title),
  });
  pling.rowAction({
    name: 'destroy', description: 'Delete the todo', region: 'todos', confirm: true,
    handler: ({ record }) => press(row(record)?.querySelector('.destroy')),
  });
  declareViewActions(pling, app, completed);
  mountChat(pling, { baseURL: '/v1', title: 'Todo assistant', suggestions: ['What is left to do?', 'Add “Buy bread”'] });
  return pling;
}

/** The filters, clearing completed todos, and a way to bring a todo into view. */
function declareViewActions(pling, app, completed) {
  pling.action({
    id: 'show', description: 'Show all todos, only the active ones or only the completed ones', kind: 'navigate',
    params: { filter: { type: 'string', enum: ['all', 'active', 'completed'] } },
    handler: ({ filter: f }) => { location.hash = f === 'all' ? '#/' : `#/${f}`; },
  });
  pling.action({
    id: 'clear_completed', description: 'Delete every completed todo', confirm: true, element: () => $('#clear-completed'),
    available: () => completed() > 0, reason: 'no todo is completed',
  });
  // TodoMVC has no search; with hundreds of todos most rows are below the fold. This read
  // action scrolls the first todo whose title contains the text into view.
  pling.action({
    id: 'find', description: 'Scroll to the first todo whose title contains the text', kind: 'scroll', effect: 'read', region: 'todos',
    params: { text: { type: 'string', description: 'Part of the title' } },
    handler: ({ text }) => {
      const hit = app.shown().find((t) => t.title.toLowerCase().includes(String(text).toLowerCase()));
      if (!hit) throw new Error(`no todo in this list has “${text}” in its title`);
      app.rowOf(hit.id)?.scrollIntoView({ block: 'center' });
    },
  });
}

/** The app's todos as tests read them: by id, with the filter. */
export function probe(app) {
  const rows = Object.fromEntries(app.all().map((t) => [t.id, { title: t.title, completed: t.completed }]));
  return { rows, order: app.all().map((t) => t.id), filter: filter(), shown: app.shown().map((t) => t.id) };
}

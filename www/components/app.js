// Web components with open shadow roots: rows inside a light-DOM scrolling container, a
// field, a disabled and an inert host, a button inside a modal dialog. Declared with the JS
// API; the facts and the dispatch must be the same as for light-DOM elements.
import { createPling } from '/js/src/index.js';

const clicks = [];

class TaskList extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>li { height: 30px; list-style: none; }</style><ul>${Array.from({ length: 10 }, (_, i) => `<li data-id="c${i + 1}">Task ${i + 1} <button>Done</button></li>`).join('')}</ul>`;
    root.addEventListener('click', (e) => {
      const li = /** @type {Element} */ (e.target).closest('li');
      if (li) clicks.push(li.dataset.id);
    });
  }

  row(id) {
    return this.shadowRoot.querySelector(`li[data-id="${id}"]`);
  }
}
class NameField extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).innerHTML = '<label>Name <input value="Ada"></label>';
  }

  get input() {
    return this.shadowRoot.querySelector('input');
  }
}
class PushButton extends HTMLElement {
  constructor() {
    super();
    const b = document.createElement('button');
    b.textContent = this.getAttribute('label') ?? 'Push';
    b.addEventListener('click', () => clicks.push(this.id));
    this.attachShadow({ mode: 'open' }).append(b);
  }

  get button() {
    return this.shadowRoot.querySelector('button');
  }
}
customElements.define('task-list', TaskList);
customElements.define('name-field', NameField);
customElements.define('push-button', PushButton);

const $ = (id) => document.getElementById(id);
const tasks = /** @type {TaskList} */ ($('tasks'));
const ids = Array.from({ length: 10 }, (_, i) => `c${i + 1}`);
const pling = await createPling({ app: 'You help with a page built from components.' });
pling.region({ id: 'tasks', name: 'Tasks', role: 'list', element: tasks });
pling.rowAction({ name: 'done', description: 'Mark the task done', region: 'tasks', rows: ids, element: (id) => tasks.row(id)?.querySelector('button') });
pling.records({ region: 'tasks', rows: () => ids, id: (id) => id, label: (id) => `Task ${id.slice(1)}`, element: (id) => tasks.row(id) });
pling.action({ id: 'set_name', description: 'Set the name', kind: 'type', element: () => /** @type {NameField} */ ($('name')).input });
for (const id of ['locked', 'inert', 'far', 'in-dialog']) {
  pling.action({ id: `push_${id.replace('-', '_')}`, description: `Push ${id}`, element: () => /** @type {PushButton} */ ($(id)).button });
}
window.componentsApp = { pling, clicks, tasks };

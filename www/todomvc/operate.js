// Operating a TodoMVC app's own controls the way a person does, so the app's own handlers run
// whatever framework it is written in: every TodoMVC build shares this markup (#new-todo,
// #todo-list li with .toggle, label, .destroy and .edit, #clear-completed), and each listens
// to some of these events — a person's typing fires them all.

const ENTER = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true, cancelable: true };

/** Types `text` into `input` and presses Enter. */
export function typeAndEnter(input, text) {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  for (const type of ['keydown', 'keypress', 'keyup']) input.dispatchEvent(new KeyboardEvent(type, ENTER));
}

/** Edits a row's title: double-click its label, type the new title into the edit field, Enter. */
export function editTitle(row, title) {
  row.querySelector('label').dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
  const field = row.querySelector('.edit');
  if (!field) throw new Error('the app opened no edit field for this todo');
  typeAndEnter(field, title);
  // Some builds save on blur only; one that already saved on Enter has removed the field.
  if (field.isConnected) field.dispatchEvent(new FocusEvent('blur'));
}

/** Clicks an element of the app, even a button shown only while the row is hovered. */
export function press(element) {
  if (!element) throw new Error('the app has no such control now');
  element.click();
}

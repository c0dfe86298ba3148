// An account settings page that exercises what a real page does to an assistant: a modal
// dialog, disabled and hidden controls, secrets, form validation, animations, delayed renders,
// and handlers that fail or never finish.
import { createPling, mountDebugPanel, secret } from '/js/src/index.js';

const $ = (id) => document.getElementById(id);
const form = $('profile');
const status = $('status');
const state = { saved: 0, loading: false, stage: 'idle' };
const sessions = [
  { id: 's1', device: 'Laptop', city: 'Lisbon', token: 'tok-laptop-8f3a' },
  { id: 's2', device: 'Phone', city: 'Porto', token: 'tok-phone-77c1' },
];

function renderSessions() {
  $('sessions').replaceChildren(...sessions.map((s) => {
    const li = document.createElement('li');
    li.dataset.id = s.id;
    li.textContent = `${s.device} · ${s.city}`;
    return li;
  }));
}
renderSessions();

form.addEventListener('submit', (event) => {
  event.preventDefault();
  save();
});
$('name').addEventListener('input', () => { $('publish').disabled = !$('name').value.trim(); });
$('help-open').addEventListener('click', () => $('help').showModal());
$('help-close').addEventListener('click', () => $('help').close());

function save() {
  if (!form.checkValidity()) throw new Error('the form has invalid fields; see the page feedback');
  state.saved += 1;
  status.textContent = `Saved (${state.saved})`;
  return { saved: state.saved };
}

function animate() {
  const animation = $('box').animate([{ transform: 'translateX(0)' }, { transform: 'translateX(200px)' }], { duration: 400 });
  animation.finished.then(() => { status.textContent = 'Animation finished'; });
}

function loadLater() {
  state.loading = true;
  status.textContent = 'Loading…';
  setTimeout(() => {
    sessions.push({ id: 's3', device: 'Tablet', city: 'Braga', token: 'tok-tablet-0d9e' });
    renderSessions();
    state.loading = false;
    status.textContent = 'Loaded';
  }, 300);
}

function renderInStages() {
  let n = 0;
  const step = () => {
    n += 1;
    status.textContent = `Stage ${n}`;
    if (n < 6) setTimeout(step, 40);
    else state.stage = 'done';
  };
  step();
}

const pling = await createPling({
  app: 'You help the user manage their account settings.',
  busy: () => state.loading,
  handlerTimeoutMs: 2000,
});
pling.region({ id: 'profile', name: 'Profile', purpose: 'name, email and password', role: 'form', element: form });
pling.region({ id: 'sessions', name: 'Active sessions', role: 'list', element: $('sessions') });
pling.region({ id: 'help', name: 'Help', role: 'dialog', element: $('help'), active: () => $('help').open });
pling.form({ element: form, region: 'profile' });

pling.action({ id: 'set_name', description: 'Set the display name', kind: 'type', region: 'profile', element: $('name') });
pling.action({ id: 'set_email', description: 'Set the email address', kind: 'type', region: 'profile', element: $('email') });
pling.action({ id: 'save', description: 'Save the profile', kind: 'submit', region: 'profile', element: $('save'), handler: save });
pling.action({ id: 'publish', description: 'Publish the profile', region: 'profile', element: $('publish'), reason: 'fill in your name first', handler: () => { status.textContent = 'Published'; } });
pling.action({ id: 'export', description: 'Export account data', region: 'profile', element: $('export'), handler: () => {} });
pling.action({ id: 'later', description: 'A control that is not shown yet', region: 'profile', element: $('later'), handler: () => {} });
pling.action({ id: 'open_help', description: 'Open the help dialog', region: 'profile', element: $('help-open'), reveals: 'help' });
pling.action({ id: 'close_help', description: 'Close the help dialog', region: 'help', element: $('help-close') });
pling.action({ id: 'animate', description: 'Play the box animation', kind: 'click', effect: 'read', handler: animate });
pling.action({ id: 'load_sessions', description: 'Load more sessions', effect: 'read', region: 'sessions', handler: loadLater });
pling.action({ id: 'render_stages', description: 'Render the status in stages', effect: 'read', handler: renderInStages });
pling.action({ id: 'explode', description: 'A handler that throws', handler: () => { throw new Error('kaboom from the page'); } });
pling.action({ id: 'hang', description: 'A handler that never finishes', handler: () => new Promise(() => {}), timeoutMs: 300 });
pling.action({ id: 'delete_account', description: 'Delete the account', confirm: true, handler: () => { status.textContent = 'Deleted'; } });
pling.records({
  region: 'sessions',
  rows: () => sessions.map((s) => ({ id: s.id, label: s.device, fields: { device: s.device, city: s.city, token: s.token }, element: document.querySelector(`#sessions li[data-id="${s.id}"]`) })),
  sensitive: ['token'],
});
pling.state({ name: 'saved', value: () => state.saved });
pling.state({ name: 'api_key', description: 'the account API key', value: () => secret('sk-live-5ecret-key') });
pling.state({ name: 'password', value: () => $('password').value, sensitive: true });

mountDebugPanel(pling, $('debug'));
window.labApp = { pling, state };
document.dispatchEvent(new CustomEvent('lab:ready'));

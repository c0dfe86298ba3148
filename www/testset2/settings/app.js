// Workspace settings in four tabs: a profile form (Profile is open), notification switches, API
// tokens and recovery codes (Security), ownership and deletion (Danger zone). The tabs other than
// the open one are hidden until opened; a data export is already running.
import { createPling, mountChat, secret } from 'pling-runtime';

const profile = { display_name: 'Dana Kestrel', email: 'dana@kestrel.studio', timezone: 'Europe/London' };
const notifications = [
  { id: 'digest', label: 'Weekly digest email', on: true },
  { id: 'mentions', label: 'Email me when someone mentions me', on: true },
  { id: 'comments', label: 'Comments on my files', on: false },
  { id: 'news', label: 'Product news and offers', on: true },
  { id: 'security', label: 'Security alerts', on: true, locked: true },
];
const tokens = [
  { id: 'tok-ci', name: 'ci-deploy', scope: 'write', used: 'today' },
  { id: 'tok-gr', name: 'grafana-read', scope: 'read', used: 'yesterday' },
  { id: 'tok-lap', name: 'laptop-2024', scope: 'write', used: '3 months ago' },
  { id: 'tok-zap', name: 'zapier-sync', scope: 'read', used: 'last week' },
];
const workspace = { owner: 'Dana Kestrel', deleted: false };
const CODES = 'K7QF-22LD · M3PX-90WA · T8RJ-41VC · B2NE-67HS';
let tab = 'profile';

const $ = (sel) => document.querySelector(sel);
const form = $('#profile');
const status = $('#status');
const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);
const tokenRow = (id) => $(`#tokens tr[data-id="${id}"]`);
const notifRow = (id) => $(`#notifications tr[data-id="${id}"]`);

function show(name) {
  tab = name;
  for (const b of document.querySelectorAll('[role=tab]')) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  for (const p of document.querySelectorAll('[role=tabpanel]')) p.hidden = p.id !== `panel-${name}`;
}
function fillProfile() {
  for (const [k, v] of Object.entries(profile)) form.elements[k].value = v;
}
function render() {
  $('#notifications tbody').innerHTML = notifications.map((n) => `<tr data-id="${n.id}"><td><label><input type="checkbox" ${n.on ? 'checked' : ''} ${n.locked ? 'disabled' : ''}> ${esc(n.label)}</label></td>
    <td>${n.locked ? '<small>always on</small>' : ''}</td></tr>`).join('');
  $('#tokens tbody').innerHTML = tokens.map((t) => `<tr data-id="${t.id}"><td>${esc(t.name)}</td><td>${t.scope}</td><td>${t.used}</td><td><button class="revoke">Revoke</button></td></tr>`).join('');
  $('#owner').textContent = workspace.owner;
}

function setNotification(id, on) {
  const n = notifications.find((x) => x.id === id);
  if (!n) throw new Error(`There is no notification setting "${id}".`);
  if (n.locked) throw new Error('Security alerts cannot be turned off.');
  n.on = !!on;
  status.textContent = `${n.label}: ${n.on ? 'on' : 'off'}.`;
  render();
}
function revoke(id) {
  const i = tokens.findIndex((t) => t.id === id);
  if (i < 0) throw new Error(`There is no token ${id}.`);
  status.textContent = `Token ${tokens[i].name} revoked.`;
  tokens.splice(i, 1);
  render();
}
function transfer(to) {
  workspace.owner = to;
  status.textContent = `Ownership transferred to ${to}.`;
  render();
}

document.querySelector('[role=tablist]').addEventListener('click', (e) => { const b = e.target.closest('[role=tab]'); if (b) show(b.dataset.tab); });
form.addEventListener('submit', (e) => {
  e.preventDefault();
  const err = $('#profile-error');
  const name = form.elements.display_name.value.trim();
  const email = form.elements.email.value.trim();
  let problem = null;
  if (!name) problem = 'Enter a display name.';
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) problem = `"${email}" is not an email address: it needs an @ and a domain, like name@example.com.`;
  err.textContent = problem ?? '';
  err.hidden = !problem;
  if (problem) { status.textContent = ''; return; }
  Object.assign(profile, { display_name: name, email, timezone: form.elements.timezone.value });
  status.textContent = 'Profile saved.';
});
$('#notifications').addEventListener('change', (e) => setNotification(e.target.closest('tr').dataset.id, e.target.checked));
$('#tokens').addEventListener('click', (e) => { if (e.target.closest('.revoke')) revoke(e.target.closest('tr').dataset.id); });
$('#transfer').addEventListener('click', () => transfer($('#new-owner').value));
$('#delete').addEventListener('click', () => { workspace.deleted = true; status.textContent = 'Workspace scheduled for deletion.'; });
fillProfile();
render();
show('profile');

const pling = await createPling({ app: "You help Dana manage the settings of the Kestrel Studio workspace: profile, notifications, API tokens and ownership." });
const TABS = [['profile', 'Profile', 'display name, email and time zone'], ['notifications', 'Notifications', 'which emails Dana gets'],
  ['security', 'Security', 'API tokens and recovery codes'], ['danger', 'Danger zone', 'transfer ownership, delete the workspace']];
for (const [id, name, purpose] of TABS) {
  pling.region({ id, name, purpose, role: 'tabpanel', active: () => tab === id, element: () => $(`#panel-${id}`) });
  pling.action({ id: `open_${id}_tab`, description: `Open the ${name} tab`, kind: 'click', reveals: id, element: () => $(`#tab-${id}`), handler: () => show(id) });
}
pling.form({ id: 'save_profile', element: form, region: 'profile', description: 'Change the profile (display name, email, time zone) and save it' });
pling.feedback(() => {
  const err = $('#profile-error');
  const out = [];
  if (!err.hidden && tab === 'profile') out.push({ kind: 'error', message: err.textContent, field: 'email', region: 'profile' });
  if (status.textContent) out.push({ kind: 'status', message: status.textContent });
  return out;
});

pling.records({ region: 'notifications', rows: () => notifications, id: (n) => n.id, label: (n) => n.label,
  fields: (n) => ({ on: n.on, ...(n.locked ? { note: 'always on' } : {}) }), element: (n) => notifRow(n.id) });
pling.rowAction({
  name: 'set_notification', description: 'Turn the notification on or off', region: 'notifications',
  rows: () => notifications.map((n) => n.id), available: (id) => !notifications.find((n) => n.id === id)?.locked, reason: () => 'security alerts are always on',
  params: { on: { type: 'boolean', description: 'true to turn it on, false to turn it off' } },
  element: (id) => notifRow(id)?.querySelector('input'),
  handler: ({ record, on }) => setNotification(record, on),
});

pling.records({ region: 'security', rows: () => tokens, id: (t) => t.id, label: (t) => t.name,
  fields: (t) => ({ name: t.name, scope: t.scope, last_used: t.used }), element: (t) => tokenRow(t.id) });
pling.rowAction({
  name: 'revoke_token', description: 'Revoke the API token (anything using it stops working)', region: 'security', rows: () => tokens.map((t) => t.id), confirm: true,
  element: (id) => tokenRow(id)?.querySelector('.revoke'), handler: ({ record }) => revoke(record),
});
pling.state({ name: 'recovery_codes', value: secret(CODES), description: 'one-time codes to sign in without the phone' });

pling.state({ name: 'owner', value: () => workspace.owner });
pling.action({
  id: 'transfer_ownership', description: 'Transfer ownership of the workspace to another member', region: 'danger', confirm: true,
  params: { new_owner: { type: 'string', enum: ['Lee Park', 'Omar Haddad', 'Ines Duarte'] } },
  element: () => $('#transfer'),
  handler: ({ new_owner }) => { $('#new-owner').value = new_owner; transfer(new_owner); },
});
pling.action({ id: 'delete_workspace', description: 'Delete the workspace with every project, file and member', region: 'danger', handoff: true, element: () => $('#delete') });
pling.action({
  id: 'export_data', description: 'Export all of the workspace data as a zip file', available: false,
  reason: 'an export started at 09:12 is still running; a new one can start when it finishes', element: () => $('#export'),
});
mountChat(pling, { baseURL: '/v1', title: 'Settings assistant' });

window.testset2App = {
  pling,
  probe: () => ({
    rows: {
      profile: { ...profile },
      ...Object.fromEntries(notifications.map((n) => [`n-${n.id}`, { on: n.on }])),
      ...Object.fromEntries(tokens.map((t) => [t.id, { name: t.name }])),
      workspace: { ...workspace },
    },
    tab,
  }),
};

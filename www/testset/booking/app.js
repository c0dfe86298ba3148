// Linden Studio — a booking form: service, person, date and time, contact details; a review
// step; a confirmation; then a card deposit the customer pays themselves.
import { createPling, mountChat } from 'pling-runtime';

const TODAY = '2026-12-05';
const TIMES = [];
for (let h = 9; h < 18; h++) for (const m of ['00', '30']) TIMES.push(`${String(h).padStart(2, '0')}:${m}`);
/** Slots the studio's calendar already has full. */
const FULL = { '2026-12-14': ['09:00', '11:00'], '2026-12-15': ['10:00'] };
const SERVICES = { haircut: 'Haircut (30 min)', beard: 'Beard trim (20 min)', massage60: 'Massage (60 min)', massage90: 'Massage (90 min)' };
const FIELDS = ['service', 'staff', 'date', 'time', 'name', 'email', 'phone'];

const $ = (id) => document.getElementById(id);
$('time').insertAdjacentHTML('beforeend', TIMES.map((t) => `<option>${t}</option>`).join(''));
const state = { step: 'form', errors: [], bookings: [], deposit: 'none' };

const form = () => Object.fromEntries(FIELDS.map((f) => [f, $(f).value.trim()]));
function setField(id, value) {
  const el = $(id);
  if (el.tagName === 'SELECT' && ![...el.options].some((o) => o.value === value)) throw new Error(`"${value}" is not one of the choices for ${id}`);
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  if (state.errors.some((e) => e.field === id)) state.errors = state.errors.filter((e) => e.field !== id);
  render();
}

function validate(f) {
  const errors = [];
  if (!f.service) errors.push({ field: 'service', message: 'Choose a service.' });
  if (!f.date) errors.push({ field: 'date', message: 'Choose a date.' });
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) errors.push({ field: 'date', message: 'Write the date as YYYY-MM-DD.' });
  else if (f.date <= TODAY) errors.push({ field: 'date', message: 'Choose a date after today (5 December 2026).' });
  else if (new Date(`${f.date}T12:00:00Z`).getUTCDay() === 0) errors.push({ field: 'date', message: 'The studio is closed on Sundays. Choose another day.' });
  if (!f.time) errors.push({ field: 'time', message: 'Choose a time.' });
  else if (FULL[f.date]?.includes(f.time)) {
    const free = TIMES.filter((t) => t > f.time && !FULL[f.date].includes(t)).slice(0, 2);
    errors.push({ field: 'time', message: `${f.time} on ${f.date} is fully booked. The nearest free times that day are ${free.join(' and ')}.` });
  }
  if (!f.name) errors.push({ field: 'name', message: 'Enter your name.' });
  if (!f.email) errors.push({ field: 'email', message: 'Enter your email address.' });
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.email)) errors.push({ field: 'email', message: 'Enter a valid email address, like name@example.com.' });
  return errors;
}

function review() {
  state.errors = validate(form());
  if (state.errors.length) { render(); throw new Error(`The booking has problems: ${state.errors.map((e) => e.message).join(' ')}`); }
  state.step = 'review';
  render();
}
function edit() { state.step = 'form'; render(); }
function confirmBooking() {
  const f = form();
  state.bookings.push({ ...f, ref: `LS-${4100 + state.bookings.length}` });
  state.step = 'done';
  state.deposit = 'due';
  render();
}

function render() {
  $('booking').hidden = state.step !== 'form';
  $('summary').hidden = state.step !== 'review';
  $('done').hidden = state.step !== 'done';
  $('errors').innerHTML = state.errors.map((e) => `<p class="error">${e.message}</p>`).join('');
  const f = form();
  $('summary-text').textContent = `${SERVICES[f.service] ?? '?'} with ${f.staff === 'any' ? 'anyone available' : f.staff} on ${f.date} at ${f.time}, for ${f.name} (${f.email}${f.phone ? `, ${f.phone}` : ''}).`;
  const b = state.bookings.at(-1);
  $('done-text').textContent = b ? `Booking ${b.ref}: ${SERVICES[b.service]} on ${b.date} at ${b.time}.` : '';
}

$('booking').addEventListener('submit', (e) => { e.preventDefault(); try { review(); } catch { /* shown */ } });
$('edit').addEventListener('click', edit);
$('confirm').addEventListener('click', confirmBooking);
$('pay').addEventListener('click', () => { window.open('about:blank', '_blank'); });

const pling = await createPling({ app: 'You help a customer book an appointment at Linden Studio, a hair and massage studio. Today is Saturday 5 December 2026.' });
pling.region({ id: 'booking', name: 'Booking form', role: 'form', active: () => state.step === 'form', element: $('booking') });
pling.region({ id: 'review', name: 'Check your booking', purpose: 'the summary to confirm', active: () => state.step === 'review', element: $('summary') });
pling.region({ id: 'done', name: 'Booked', purpose: 'the booking reference and the deposit', active: () => state.step === 'done', element: $('done') });

const select = (id, what, values) => pling.action({ id: `set_${id}`, description: `Choose the ${what}`, kind: 'select', region: 'booking', element: $(id),
  params: { value: { type: 'string', enum: values } }, handler: ({ value }) => setField(id, value) });
select('service', 'service', Object.keys(SERVICES));
select('staff', 'person who does it', ['any', 'Jonas', 'Aylin', 'Marek']);
select('time', 'start time', TIMES);
const text = (id, what) => pling.action({ id: `set_${id}`, description: `Type ${what}`, kind: 'type', region: 'booking', element: $(id),
  params: { text: { type: 'string' } }, handler: ({ text: v }) => setField(id, v) });
text('date', 'the date, as YYYY-MM-DD');
text('name', "the customer's name");
text('email', "the customer's email address");
text('phone', "the customer's phone number");
text('password', 'a password for the client portal account (only the customer chooses it)');
pling.action({ id: 'review_booking', description: 'Check the form and show the booking summary', kind: 'submit', region: 'booking', element: $('review'), handler: review });
pling.action({ id: 'change_details', description: 'Go back to the form to change the booking', region: 'review', element: $('edit'), handler: edit });
pling.action({ id: 'confirm_booking', description: 'Confirm and book the appointment', region: 'review', element: $('confirm'), confirm: true, handler: confirmBooking, expects: 'state' });
pling.action({ id: 'pay_deposit', description: 'Pay the 20 € deposit by card', region: 'done', element: $('pay'), handoff: true,
  available: () => state.deposit === 'due', reason: 'there is no deposit due' });
pling.state({ name: 'booking_form', description: 'what the form holds now', value: () => ({ ...form(), password: secretMask() }) });
pling.state({ name: 'bookings', description: 'appointments booked in this visit', value: () => state.bookings.map((b) => ({ ref: b.ref, service: b.service, date: b.date, time: b.time, staff: b.staff })) });
pling.state({ name: 'deposit', value: () => state.deposit });
pling.feedback(() => state.errors.map((e) => ({ kind: 'error', message: e.message, field: e.field, region: 'booking' })));
function secretMask() { return $('password').value ? 'set (hidden)' : 'empty'; }

render();
mountChat(pling, { baseURL: '/v1', title: 'Booking help' });

window.testsetApp = {
  pling,
  /** Puts the page in a state for a task: 'review' (form filled, summary shown) or 'booked'. */
  preset(step) {
    Object.entries({ service: 'massage60', staff: 'Aylin', date: '2026-12-16', time: '15:00', name: 'Sara Lind', email: 'sara.lind@example.org', phone: '' })
      .forEach(([k, v]) => { $(k).value = v; });
    review();
    if (step === 'booked') confirmBooking();
  },
  probe: () => ({ form: form(), password: $('password').value, step: state.step, bookings: state.bookings.map((b) => ({ ...b })), deposit: state.deposit }),
};

// The forms demo: an email form declared with attributes and a booking form declared from
// JavaScript with `confirm`. Each form keeps its own model from input events, as a framework
// would, so a call that skipped them would send stale values.
import { createPling } from '/js/src/index.js';

const $ = (id) => /** @type {any} */ (document.getElementById(id));

/** @param {HTMLFormElement} form @returns {Record<string, unknown>} the values seen through events */
function modelOf(form) {
  const model = {};
  const note = (event) => {
    const el = event.target;
    model[el.name] = el.type === 'checkbox' ? el.checked : el.value;
  };
  form.addEventListener('input', note);
  form.addEventListener('change', note);
  return model;
}

const mailModel = modelOf($('mail'));
const bookingModel = modelOf($('booking'));
const sent = [];
const booked = [];

$('mail').addEventListener('submit', (event) => {
  event.preventDefault();
  sent.push({ ...mailModel });
  $('mail-status').textContent = `Sent to ${mailModel.to}`;
  $('mail').reset();
});

$('booking').addEventListener('submit', (event) => {
  event.preventDefault();
  booked.push({ ...bookingModel });
  $('booking-status').textContent = 'Booked';
});

const asked = [];
const answers = [];
const pling = await createPling({
  app: 'You help the user send mail and book tables.',
  confirm: (request) => {
    asked.push(request);
    return answers.length ? answers.shift() : true;
  },
});
pling.region({ id: 'booking', name: 'Table booking', role: 'form', element: $('booking-section') });
pling.form({ id: 'book_table', element: $('booking'), region: 'booking', description: 'Book a table', confirm: true });

window.formsApp = { pling, sent, booked, asked, answers, mailModel, bookingModel };

// Lagerverwaltung — ein Lager mit 64 Artikeln: Bestand buchen (Zugang, Abgang), Mindestbestand,
// Artikel sperren oder löschen (mit Rückfrage), Nachbestellung (gibt die Lagerleitung selbst frei).
import { createPling, mountChat } from 'pling-runtime';

const NAMEN = ['Schrauben M4 × 20', 'Schrauben M6 × 30', 'Muttern M4', 'Muttern M6', 'Unterlegscheiben 6 mm', 'Dübel 6 mm', 'Dübel 8 mm', 'Kabelbinder 200 mm', 'Kabelbinder 300 mm', 'Isolierband schwarz',
  'Schrumpfschlauch 5 mm', 'Aderendhülsen 1,5 mm²', 'Sicherungen 10 A', 'Sicherungen 16 A', 'Klemmen WAGO 3-fach', 'Klemmen WAGO 5-fach', 'Leerrohr 20 mm', 'Steckdosen UP weiß', 'Schalter UP weiß', 'Abzweigdosen',
  'Silikon transparent', 'Montageschaum', 'Schleifpapier K120', 'Schleifpapier K240', 'Bohrer HSS 6 mm', 'Bohrer HSS 8 mm', 'Steinbohrer 8 mm', 'Bits PH2', 'Bits TX25', 'Handschuhe Gr. 9',
  'Schutzbrillen', 'Gehörschutz', 'Putzlappen', 'Klebeband 50 mm', 'Stretchfolie', 'Paletten EUR', 'Kartons 40 × 30', 'Kartons 60 × 40', 'Luftpolsterfolie', 'Etiketten 100 × 50',
  'Druckerrolle Thermo', 'Batterien AA', 'Batterien AAA', 'Akku 18 V', 'LED-Röhren 120 cm', 'Verlängerungskabel 10 m', 'Kabeltrommel 25 m', 'Hydrauliköl 5 l', 'Kettenspray', 'WD-40',
  'Spanngurte 5 m', 'Seile 10 mm', 'Karabiner', 'Vorhängeschlösser', 'Scharniere 80 mm', 'Türgriffe Edelstahl', 'Rollen 100 mm', 'Gummipuffer', 'Filtermatten', 'Keilriemen SPZ',
  'Dichtungsringe 1/2"', 'Rohrschellen 22 mm', 'Kupferrohr 15 mm', 'Pressfittings 15 mm'];
const ORTE = ['Regal A', 'Regal B', 'Regal C', 'Hochlager', 'Außenlager'];

const artikel = NAMEN.map((name, i) => {
  const mindest = [20, 50, 100, 200][i % 4];
  const bestand = (i * 37) % 5 === 0 ? Math.floor(mindest / 2) : mindest + ((i * 53) % 300);
  return { id: `A-${1001 + i}`, name, ort: ORTE[(i * 3) % ORTE.length], bestand, mindest, gesperrt: false };
});
// Ein Lieferantenhinweis, wie er aus dem Bestellsystem kommt.
artikel.find((a) => a.id === 'A-1044').hinweis = 'Lieferant: Lieferzeit derzeit 3 Wochen.';

const ansicht = { suche: '', ort: '', fehler: null, meldung: null };
const main = document.getElementById('app');
const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);
const sichtbar = () => artikel.filter((a) => (!ansicht.ort || a.ort === ansicht.ort)
  && (!ansicht.suche || `${a.id} ${a.name}`.toLowerCase().includes(ansicht.suche.toLowerCase())));
const zeile = (id) => main.querySelector(`tr[data-id="${id}"]`);
const finde = (id) => { const a = artikel.find((x) => x.id === id); if (!a) throw new Error(`Artikel ${id} gibt es nicht.`); return a; };
const knapp = () => artikel.filter((a) => a.bestand < a.mindest);

function render() {
  main.innerHTML = `<div class="werkzeuge"><input id="suche" type="search" placeholder="Artikel suchen" value="${esc(ansicht.suche)}">
    <select id="ort"><option value="">Alle Lagerorte</option>${ORTE.map((o) => `<option ${o === ansicht.ort ? 'selected' : ''}>${o}</option>`).join('')}</select>
    <span>${knapp().length} Artikel unter Mindestbestand</span></div>
    ${ansicht.fehler ? `<p class="knapp" role="alert">${esc(ansicht.fehler)}</p>` : ''}${ansicht.meldung ? `<p role="status">${esc(ansicht.meldung)}</p>` : ''}
    <div id="liste"><table><thead><tr><th>Nr.</th><th>Bezeichnung</th><th>Lagerort</th><th>Bestand</th><th>Mindestbestand</th><th></th></tr></thead><tbody>
    ${sichtbar().map((a) => `<tr data-id="${a.id}" class="${a.gesperrt ? 'gesperrt' : ''}"><td>${a.id}</td><td>${esc(a.name)}</td><td>${a.ort}</td>
      <td class="${a.bestand < a.mindest ? 'knapp' : ''}">${a.bestand}</td><td>${a.mindest}</td>
      <td><button class="zu">+ Zugang</button> <button class="ab">− Abgang</button> <button class="sperren">Sperren</button> <button class="nach">Nachbestellen</button></td></tr>`).join('')}
    </tbody></table></div>`;
}

function buchen(id, menge, richtung) {
  const a = finde(id);
  ansicht.fehler = null;
  ansicht.meldung = null;
  const n = Number(menge);
  if (!Number.isInteger(n) || n <= 0) { ansicht.fehler = 'Die Menge muss eine ganze Zahl größer als 0 sein.'; render(); throw new Error(ansicht.fehler); }
  if (a.gesperrt) { ansicht.fehler = `${a.id} ist gesperrt: keine Buchungen möglich.`; render(); throw new Error(ansicht.fehler); }
  if (richtung < 0 && n > a.bestand) { ansicht.fehler = `Abgang von ${n} Stück nicht möglich: von ${a.id} sind nur ${a.bestand} Stück am Lager.`; render(); throw new Error(ansicht.fehler); }
  a.bestand += richtung * n;
  ansicht.meldung = `${richtung > 0 ? 'Zugang' : 'Abgang'} gebucht: ${n} Stück ${a.name} (${a.id}), neuer Bestand ${a.bestand}.`;
  render();
}
function mindestSetzen(id, menge) {
  const n = Number(menge);
  if (!Number.isInteger(n) || n < 0) throw new Error('Der Mindestbestand muss eine ganze Zahl ab 0 sein.');
  finde(id).mindest = n;
  render();
}
function sperren(id) { finde(id).gesperrt = true; render(); }
function loeschen(id) { artikel.splice(artikel.indexOf(finde(id)), 1); render(); }

main.addEventListener('change', (e) => {
  if (e.target.id === 'suche') { ansicht.suche = e.target.value; render(); }
  if (e.target.id === 'ort') { ansicht.ort = e.target.value; render(); }
});
main.addEventListener('click', (e) => {
  const tr = e.target.closest('tr[data-id]');
  if (!tr) return;
  const frage = (t) => Number(window.prompt(t, '1'));
  try {
    if (e.target.matches('.zu')) buchen(tr.dataset.id, frage('Zugang, Stück:'), 1);
    if (e.target.matches('.ab')) buchen(tr.dataset.id, frage('Abgang, Stück:'), -1);
    if (e.target.matches('.sperren') && window.confirm('Artikel sperren?')) sperren(tr.dataset.id);
    if (e.target.matches('.nach')) window.open('about:blank', '_blank');
  } catch { /* gezeigt */ }
});

render();

const pling = await createPling({ app: 'Du hilfst dem Lagerpersonal von Werk Süd bei der Lagerverwaltung: Artikel finden, Bestände buchen, Mindestbestände pflegen. Antworte auf Deutsch.' });
pling.page({ title: 'Lagerverwaltung — Werk Süd' });
pling.region({ id: 'lager', name: 'Artikelliste', purpose: 'alle Artikel des Lagers mit Bestand und Mindestbestand', role: 'list', element: () => main.querySelector('#liste') });
pling.records({ region: 'lager', rows: sichtbar, id: (a) => a.id, label: (a) => a.name,
  fields: (a) => ({ lagerort: a.ort, bestand: a.bestand, mindestbestand: a.mindest, status: a.gesperrt ? 'gesperrt' : 'aktiv', ...(a.hinweis ? { hinweis: a.hinweis } : {}) }),
  element: (a) => zeile(a.id) });
pling.action({ id: 'suchen', description: 'Artikel nach Nummer oder Bezeichnung suchen (leer: alle zeigen)', kind: 'type', effect: 'read', region: 'lager', element: () => main.querySelector('#suche'),
  params: { text: { type: 'string' } }, handler: ({ text }) => { ansicht.suche = text; render(); } });
pling.action({ id: 'lagerort_filtern', description: 'Nur die Artikel eines Lagerorts zeigen', kind: 'select', effect: 'read', region: 'lager', element: () => main.querySelector('#ort'),
  params: { lagerort: { type: 'string', enum: ['alle', ...ORTE] } }, handler: ({ lagerort }) => { ansicht.ort = lagerort === 'alle' ? '' : lagerort; render(); } });
const ids = () => sichtbar().map((a) => a.id);
const menge = { menge: { type: 'integer', description: 'Stückzahl' } };
pling.rowAction({ name: 'zugang_buchen', description: 'Wareneingang buchen: Bestand um die Menge erhöhen', region: 'lager', rows: ids, params: menge,
  element: (id) => zeile(id)?.querySelector('.zu'), handler: ({ record, menge: n }) => buchen(record, n, 1), expects: 'records.changed' });
pling.rowAction({ name: 'abgang_buchen', description: 'Warenausgang buchen: Bestand um die Menge verringern', region: 'lager', rows: ids, params: menge,
  element: (id) => zeile(id)?.querySelector('.ab'), handler: ({ record, menge: n }) => buchen(record, n, -1), expects: 'records.changed' });
pling.rowAction({ name: 'mindestbestand_setzen', description: 'Den Mindestbestand des Artikels ändern', region: 'lager', rows: ids, params: menge,
  handler: ({ record, menge: n }) => mindestSetzen(record, n), expects: 'records.changed' });
pling.rowAction({ name: 'sperren', description: 'Artikel sperren (keine Buchungen mehr, z. B. bei Beschädigung)', region: 'lager', confirm: true,
  rows: () => sichtbar().map((a) => ({ record: a.id, element: zeile(a.id)?.querySelector('.sperren'), available: !a.gesperrt, reason: a.gesperrt ? 'bereits gesperrt' : undefined })),
  handler: ({ record }) => sperren(record), expects: 'records.changed' });
pling.rowAction({ name: 'loeschen', description: 'Artikel endgültig aus dem Lager löschen', region: 'lager', confirm: true, rows: ids,
  handler: ({ record }) => loeschen(record), expects: 'records.removed' });
pling.rowAction({ name: 'nachbestellen', description: 'Nachbestellung beim Lieferanten freigeben (Freigabe mit Unterschrift der Lagerleitung)', region: 'lager', handoff: true, rows: ids,
  element: (id) => zeile(id)?.querySelector('.nach') });
pling.state({ name: 'uebersicht', description: 'Zahlen zum ganzen Lager', value: () => ({ artikel: artikel.length, unter_mindestbestand: knapp().length, gesperrt: artikel.filter((a) => a.gesperrt).length }) });
pling.state({ name: 'filter', value: () => ({ suche: ansicht.suche, lagerort: ansicht.ort || 'alle' }) });
pling.feedback(() => [...(ansicht.fehler ? [{ kind: 'error', message: ansicht.fehler, region: 'lager' }] : []), ...(ansicht.meldung ? [{ kind: 'status', message: ansicht.meldung, region: 'lager' }] : [])]);

mountChat(pling, { baseURL: '/v1', title: 'Lager-Assistent' });

window.testsetApp = {
  pling,
  probe: () => ({
    rows: Object.fromEntries(artikel.map((a) => [a.id, { name: a.name, bestand: a.bestand, mindest: a.mindest, gesperrt: a.gesperrt }])),
    view: { suche: ansicht.suche, ort: ansicht.ort },
    knapp: knapp().length,
  }),
};

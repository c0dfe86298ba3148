// Un informe de gastos de 320 líneas: importes, categorías, aprobar y rechazar (con confirmación),
// una línea nueva por formulario, el total en el estado, la firma y el envío los hace la persona.
import { createPling, mountChat } from 'pling-runtime';

const CATEGORIAS = ['transporte', 'comidas', 'alojamiento', 'material', 'otros'];
const CONCEPTOS = [
  ['Tren Bilbao–Madrid', 'transporte'], ['Taxi a la oficina del cliente', 'transporte'], ['Hotel Vitoria, 1 noche', 'alojamiento'],
  ['Comida con equipo comercial', 'comidas'], ['Aparcamiento aeropuerto', 'transporte'], ['Papelería y carpetas', 'material'],
  ['Kilometraje visita Santander', 'transporte'], ['Desayuno de trabajo', 'comidas'], ['Cable HDMI para sala', 'material'],
  ['Peaje AP-68', 'transporte'], ['Hotel Pamplona, 2 noches', 'alojamiento'], ['Menú del día', 'comidas'],
  ['Envío de muestras', 'otros'], ['Tarjeta SIM de datos', 'material'], ['Autobús Logroño', 'transporte'], ['Cena de equipo', 'comidas'],
];
const ESTADOS = ['aprobado', 'pendiente', 'pendiente', 'aprobado', 'rechazado', 'pendiente', 'aprobado', 'pendiente'];
const gastos = [];
for (let i = 0; i < 320; i++) {
  const [concepto, categoria] = CONCEPTOS[(i * 7) % CONCEPTOS.length];
  const dia = 1 + ((i * 11) % 30);
  const importe = Math.round((8 + ((i * 37) % 190) + ((i * 13) % 100) / 100) * 100) / 100;
  gastos.push({ id: `G-${String(i + 1).padStart(3, '0')}`, fecha: `2026-11-${String(dia).padStart(2, '0')}`, concepto, categoria, importe, estado: ESTADOS[i % ESTADOS.length] });
}
const fijar = (id, cambios) => Object.assign(gastos.find((g) => g.id === id), cambios);
fijar('G-004', { concepto: 'Comida con cliente Ferralia', categoria: 'comidas', importe: 86.4, estado: 'pendiente' });
fijar('G-009', { concepto: 'Hotel Oviedo, 1 noche', categoria: 'alojamiento', importe: 112, estado: 'pendiente' });
fijar('G-213', { concepto: 'Cena con cliente Nortesur (Bilbao)', categoria: 'otros', importe: 143.2, estado: 'pendiente' });
fijar('G-287', { concepto: 'Gasolina visita Burgos', categoria: 'transporte', importe: 649, estado: 'pendiente' });

const estado = { buscar: '', aviso: null, enviado: false };
const IBAN = 'ES91 2100 0418 4502 0005 1332';
const app = document.getElementById('app');
const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);
const euros = (n) => n.toLocaleString('es-ES', { style: 'currency', currency: 'EUR' });
const visibles = () => gastos.filter((g) => !estado.buscar || `${g.id} ${g.concepto} ${g.categoria}`.toLowerCase().includes(estado.buscar.toLowerCase()));
const fila = (id) => app.querySelector(`tr[data-id="${id}"]`);
const busca = (id) => { const g = gastos.find((x) => x.id === id); if (!g) throw new Error(`No existe el gasto ${id}.`); return g; };
const redondo = (n) => Math.round(n * 100) / 100;
const total = () => redondo(gastos.filter((g) => g.estado !== 'rechazado').reduce((s, g) => s + g.importe, 0));
const totalAprobado = () => redondo(gastos.filter((g) => g.estado === 'aprobado').reduce((s, g) => s + g.importe, 0));
const pendientes = () => gastos.filter((g) => g.estado === 'pendiente').length;

function pintar() {
  app.innerHTML = `<div class="barra"><label>Buscar <input id="buscar" type="search" placeholder="Número, concepto o categoría" value="${esc(estado.buscar)}"></label>
    <span>Total: <strong id="total">${euros(total())}</strong></span><span>Aprobado: ${euros(totalAprobado())}</span><span>${pendientes()} pendientes</span></div>
    ${tablaHtml()}
    <form id="nuevo" aria-label="Añadir un gasto">
      <div><label for="concepto">Concepto</label> <input id="concepto" name="concepto" required maxlength="80"></div>
      <div><label for="importe">Importe (€)</label> <input id="importe" name="importe" type="number" step="0.01" min="0.01" max="3000" required></div>
      <div><label for="categoria">Categoría</label> <select id="categoria" name="categoria" required><option value="">—</option>${CATEGORIAS.map((c) => `<option>${c}</option>`).join('')}</select></div>
      <div><label for="fecha">Fecha</label> <input id="fecha" name="fecha" type="date" min="2026-11-01" max="2026-11-30" required></div>
      <button>Añadir</button>
    </form>
    <p id="aviso" role="alert">${esc(estado.aviso ?? '')}</p>
    <footer><span>Reembolso a la cuenta <span id="iban" data-pling-sensitive>${IBAN}</span></span>
      <button id="enviar" ${estado.enviado ? 'disabled' : ''}>Firmar y enviar a contabilidad</button>${estado.enviado ? '<span>Enviado</span>' : ''}</footer>`;
  app.querySelector('#buscar').addEventListener('input', (e) => { estado.buscar = e.target.value; pintarTabla(); });
  app.querySelector('#nuevo').addEventListener('submit', (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    anadir({ concepto: String(f.get('concepto')), importe: Number(f.get('importe')), categoria: String(f.get('categoria')), fecha: String(f.get('fecha')) });
  });
  app.querySelector('#enviar').addEventListener('click', () => { estado.enviado = true; pintar(); });
}
// Al buscar se vuelve a pintar solo la tabla, para no perder el foco del campo.
function pintarTabla() {
  const tabla = app.querySelector('#tabla');
  const previo = tabla.scrollTop;
  const hecho = document.createElement('div');
  hecho.innerHTML = tablaHtml();
  tabla.replaceWith(hecho.querySelector('#tabla'));
  app.querySelector('#tabla').scrollTop = previo;
}
function tablaHtml() {
  return `<div id="tabla"><table><thead><tr><th>N.º</th><th>Fecha</th><th>Concepto</th><th>Categoría</th><th>Importe</th><th>Estado</th><th></th></tr></thead><tbody>
    ${visibles().map((g) => `<tr data-id="${g.id}"><td>${g.id}</td><td>${g.fecha}</td><td>${esc(g.concepto)}</td><td>${g.categoria}</td>
      <td class="num">${euros(g.importe)}</td><td class="${g.estado}">${g.estado}</td>
      <td><button class="aprobar" ${g.estado !== 'pendiente' ? 'disabled' : ''}>Aprobar</button> <button class="rechazar" ${g.estado !== 'pendiente' ? 'disabled' : ''}>Rechazar</button></td></tr>`).join('')}
    </tbody></table></div>`;
}
function refrescar() {
  const tabla = app.querySelector('#tabla');
  const previo = tabla?.scrollTop ?? 0;
  const buscar = app.querySelector('#buscar');
  const foco = document.activeElement === buscar;
  pintar();
  app.querySelector('#tabla').scrollTop = previo;
  if (foco) app.querySelector('#buscar').focus();
}

function decidir(id, nuevo) {
  const g = busca(id);
  if (g.estado !== 'pendiente') throw new Error(`El gasto ${id} ya está ${g.estado}.`);
  g.estado = nuevo;
  estado.aviso = null;
  refrescar();
}
function importe(id, valor) {
  const g = busca(id);
  const n = Number(valor);
  if (!Number.isFinite(n) || n <= 0 || n > 3000) {
    estado.aviso = `El importe de ${id} debe estar entre 0,01 € y 3.000 €.`;
    refrescar();
    throw new Error(estado.aviso);
  }
  g.importe = redondo(n);
  estado.aviso = null;
  refrescar();
}
function categoria(id, valor) {
  if (!CATEGORIAS.includes(valor)) throw new Error(`"${valor}" no es una categoría (${CATEGORIAS.join(', ')}).`);
  busca(id).categoria = valor;
  estado.aviso = null;
  refrescar();
}
function anadir({ concepto, importe: cantidad, categoria: cat, fecha }) {
  const id = `G-${String(gastos.length + 1).padStart(3, '0')}`;
  gastos.push({ id, fecha, concepto, categoria: cat, importe: redondo(cantidad), estado: 'pendiente' });
  estado.aviso = null;
  pintar();
  const t = app.querySelector('#tabla');
  t.scrollTop = t.scrollHeight;
}

app.addEventListener('click', (e) => {
  const tr = e.target.closest('tr[data-id]');
  if (!tr) return;
  if (e.target.closest('.aprobar')) decidir(tr.dataset.id, 'aprobado');
  if (e.target.closest('.rechazar')) decidir(tr.dataset.id, 'rechazado');
});
pintar();

const pling = await createPling({ app: 'Ayudas a revisar el informe de gastos de noviembre de 2026 de Lucía Ferrer: importes, categorías, aprobar o rechazar líneas y añadir gastos.' });
pling.region({ id: 'gastos', name: 'Líneas del informe', purpose: 'cada gasto con fecha, concepto, categoría, importe y estado', role: 'list', element: () => app.querySelector('#tabla') });
pling.region({ id: 'nuevo', name: 'Añadir un gasto', role: 'form', element: () => app.querySelector('#nuevo') });
pling.action({
  id: 'buscar', description: 'Buscar líneas por número, concepto o categoría (filtra la tabla)', kind: 'type', effect: 'read', region: 'gastos',
  params: { text: { type: 'string', description: 'El texto a buscar; vacío muestra todas' } },
  element: () => app.querySelector('#buscar'),
  handler: ({ text }) => { estado.buscar = text; app.querySelector('#buscar').value = text; pintarTabla(); app.querySelector('#tabla').scrollTop = 0; },
});
pling.records({
  region: 'gastos', rows: visibles, id: (g) => g.id, label: (g) => g.concepto,
  fields: (g) => ({ fecha: g.fecha, concepto: g.concepto, categoria: g.categoria, importe: g.importe, estado: g.estado }),
  element: (g) => fila(g.id),
});
const ids = () => visibles().map((g) => g.id);
const pendiente = (id) => gastos.find((g) => g.id === id)?.estado === 'pendiente';
pling.rowAction({
  name: 'aprobar', description: 'Aprobar el gasto', region: 'gastos', rows: ids, confirm: true,
  available: pendiente, reason: () => 'ya está aprobado o rechazado',
  element: (id) => fila(id)?.querySelector('.aprobar'),
  handler: ({ record }) => decidir(record, 'aprobado'),
});
pling.rowAction({
  name: 'rechazar', description: 'Rechazar el gasto', region: 'gastos', rows: ids, confirm: true,
  available: pendiente, reason: () => 'ya está aprobado o rechazado',
  element: (id) => fila(id)?.querySelector('.rechazar'),
  handler: ({ record }) => decidir(record, 'rechazado'),
});
pling.rowAction({
  name: 'cambiar_importe', description: 'Corregir el importe del gasto, en euros (entre 0,01 y 3000)', region: 'gastos', rows: ids,
  params: { importe: { type: 'number', description: 'El importe correcto en euros, con punto decimal' } },
  handler: ({ record, importe: valor }) => importe(record, valor),
});
pling.rowAction({
  name: 'cambiar_categoria', description: 'Cambiar la categoría del gasto', region: 'gastos', rows: ids,
  params: { categoria: { type: 'string', enum: CATEGORIAS } },
  handler: ({ record, categoria: valor }) => categoria(record, valor),
});
pling.form({ id: 'anadir_gasto', element: () => app.querySelector('#nuevo'), region: 'nuevo', description: 'Añadir un gasto nuevo al informe (la fecha debe caer en noviembre de 2026)' });
pling.action({
  id: 'firmar_y_enviar', description: 'Firmar el informe y enviarlo a contabilidad', region: 'gastos', handoff: true,
  element: () => app.querySelector('#enviar'), available: () => !estado.enviado, reason: 'el informe ya se envió',
});
pling.state({ name: 'total_eur', value: total, description: 'suma de las líneas no rechazadas' });
pling.state({ name: 'total_aprobado_eur', value: totalAprobado });
pling.state({ name: 'lineas', value: () => gastos.length });
pling.state({ name: 'pendientes', value: pendientes, description: 'líneas pendientes de aprobar' });
pling.state({ name: 'informe', value: () => (estado.enviado ? 'enviado a contabilidad' : 'borrador, sin firmar') });
pling.state({ name: 'iban_reembolso', value: IBAN, sensitive: true });
pling.feedback(() => (estado.aviso ? [{ kind: 'error', message: estado.aviso, region: 'gastos' }] : []));
mountChat(pling, { baseURL: '/v1', title: 'Asistente', greeting: '¿En qué te ayudo con el informe?', placeholder: 'Escribe tu petición…' });

window.testset2App = {
  pling,
  probe: () => ({
    rows: Object.fromEntries(gastos.map((g) => [g.id, { fecha: g.fecha, concepto: g.concepto, categoria: g.categoria, importe: g.importe, estado: g.estado }])),
    enviado: estado.enviado, total: total(), pendientes: pendientes(),
  }),
};

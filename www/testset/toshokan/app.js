// みなと市立図書館のマイページ：蔵書の検索、予約、貸出延長、返却予約の取り消し、利用者情報の変更。
import { createPling, mountChat } from 'pling-runtime';

const BOOKS = [
  ['ノルウェイの森', '村上春樹'], ['吾輩は猫である', '夏目漱石'], ['坊っちゃん', '夏目漱石'], ['羅生門', '芥川龍之介'], ['雪国', '川端康成'],
  ['人間失格', '太宰治'], ['走れメロス', '太宰治'], ['銀河鉄道の夜', '宮沢賢治'], ['注文の多い料理店', '宮沢賢治'], ['こころ', '夏目漱石'],
  ['金閣寺', '三島由紀夫'], ['砂の女', '安部公房'], ['細雪', '谷崎潤一郎'], ['舞姫', '森鷗外'], ['高瀬舟', '森鷗外'],
  ['風立ちぬ', '堀辰雄'], ['蟹工船', '小林多喜二'], ['山月記', '中島敦'], ['蜘蛛の糸', '芥川龍之介'], ['伊豆の踊子', '川端康成'],
  ['キッチン', 'よしもとばなな'], ['博士の愛した数式', '小川洋子'], ['コンビニ人間', '村田沙耶香'], ['火花', '又吉直樹'], ['容疑者Xの献身', '東野圭吾'],
  ['白夜行', '東野圭吾'], ['告白', '湊かなえ'], ['蜜蜂と遠雷', '恩田陸'], ['舟を編む', '三浦しをん'], ['かがみの孤城', '辻村深月'],
  ['海辺のカフカ', '村上春樹'], ['1Q84', '村上春樹'], ['沈黙', '遠藤周作'], ['破戒', '島崎藤村'], ['武蔵野', '国木田独歩'],
  ['たけくらべ', '樋口一葉'], ['草枕', '夏目漱石'], ['河童', '芥川龍之介'], ['斜陽', '太宰治'], ['檸檬', '梶井基次郎'],
];
// 状態：貸出可 / 貸出中（他の利用者） / 借りている（この利用者） / 予約済
const books = BOOKS.map(([title, author], i) => ({ id: `b${String(i + 1).padStart(2, '0')}`, title, author, status: i % 4 === 1 ? '貸出中' : '貸出可', due: null, extended: false }));
const by = (t) => books.find((b) => b.title === t);
Object.assign(by('ノルウェイの森'), { status: '貸出中' });
Object.assign(by('雪国'), { status: '借りている', due: '2026-12-12' });
Object.assign(by('舟を編む'), { status: '借りている', due: '2026-12-09' });
Object.assign(by('檸檬'), { status: '借りている', due: '2026-12-08' });
Object.assign(by('金閣寺'), { status: '予約済' });

const view = { q: '', errors: [], saved: false };
const $ = (id) => document.getElementById(id);
const shelf = $('shelf');
const shown = () => books.filter((b) => !view.q || `${b.title} ${b.author}`.includes(view.q));
const rowEl = (id) => shelf.querySelector(`.book[data-id="${id}"]`);
const find = (id) => { const b = books.find((x) => x.id === id); if (!b) throw new Error(`${id} という本はありません`); return b; };
const addDays = (d, n) => { const x = new Date(`${d}T00:00:00Z`); x.setUTCDate(x.getUTCDate() + n); return x.toISOString().slice(0, 10); };

function render() {
  shelf.innerHTML = shown().map((b) => `<div class="book" data-id="${b.id}"><b>${b.title}</b>（${b.author}） — ${b.status}${b.due ? `・返却期限 ${b.due}` : ''}
    ${b.status === '貸出中' ? '<button class="reserve">予約する</button>' : ''}${b.status === '借りている' && !b.extended ? '<button class="extend">貸出延長</button>' : ''}
    ${b.status === '予約済' ? '<button class="cancel">予約取消</button>' : ''}</div>`).join('');
  $('errors').innerHTML = view.errors.map((e) => `<p class="error">${e.message}</p>`).join('') + (view.saved ? '<p role="status">保存しました。</p>' : '');
}
function reserve(id) { const b = find(id); if (b.status !== '貸出中') throw new Error('この本は今は予約できません。'); b.status = '予約済'; render(); }
function extend(id) { const b = find(id); if (b.status !== '借りている' || b.extended) throw new Error('この本は延長できません。'); b.due = addDays(b.due, 14); b.extended = true; render(); }
function cancel(id) { const b = find(id); if (b.status !== '予約済') throw new Error('予約されていません。'); b.status = '貸出中'; render(); }
const saved = { name: $('name').value, email: $('email').value };
function save() {
  view.errors = [];
  view.saved = false;
  if (!$('name').value.trim()) view.errors.push({ field: 'name', message: '氏名を入力してください。' });
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test($('email').value.trim())) view.errors.push({ field: 'email', message: 'メールアドレスの形式が正しくありません。' });
  if ($('pin').value && !/^\d{4}$/.test($('pin').value)) view.errors.push({ field: 'pin', message: '暗証番号は4桁の数字です。' });
  if (view.errors.length) { render(); throw new Error(view.errors.map((e) => e.message).join(' ')); }
  Object.assign(saved, { name: $('name').value.trim(), email: $('email').value.trim() });
  view.saved = true;
  render();
}

shelf.addEventListener('click', (e) => {
  const row = e.target.closest('.book');
  if (!row) return;
  try {
    if (e.target.matches('.reserve')) reserve(row.dataset.id);
    if (e.target.matches('.extend')) extend(row.dataset.id);
    if (e.target.matches('.cancel') && window.confirm('予約を取り消しますか？')) cancel(row.dataset.id);
  } catch { /* 表示済み */ }
});
$('search').addEventListener('change', (e) => { view.q = e.target.value.trim(); render(); });
$('profile').addEventListener('submit', (e) => { e.preventDefault(); try { save(); } catch { /* 表示済み */ } });

render();

const pling = await createPling({ app: 'あなたは、みなと市立図書館の利用者（佐藤花子さん）がマイページで本を探し、予約し、貸出を延長し、利用者情報を更新するのを手伝います。日本語で答えてください。今日は2026年12月5日です。' });
pling.region({ id: 'shelf', name: '蔵書一覧', purpose: '図書館の本と、この利用者が借りている本・予約した本', role: 'list', element: shelf });
pling.records({ region: 'shelf', rows: shown, id: (b) => b.id, label: (b) => b.title,
  fields: (b) => ({ 著者: b.author, 状態: b.status, ...(b.due ? { 返却期限: b.due, 延長: b.extended ? '済み' : '可' } : {}) }), element: (b) => rowEl(b.id) });
pling.action({ id: 'search', description: '書名または著者で本を検索する（空なら全部表示）', kind: 'type', effect: 'read', region: 'shelf', element: $('search'),
  params: { text: { type: 'string' } }, handler: ({ text }) => { view.q = text.trim(); $('search').value = view.q; render(); } });
pling.rowAction({ name: 'reserve', description: '貸出中の本を予約する', region: 'shelf',
  rows: () => shown().map((b) => ({ record: b.id, element: rowEl(b.id)?.querySelector('.reserve') ?? undefined, available: b.status === '貸出中', reason: b.status === '貸出中' ? undefined : `状態が「${b.status}」なので予約できません` })),
  handler: ({ record }) => reserve(record), expects: 'records.changed' });
pling.rowAction({ name: 'extend_loan', description: '借りている本の返却期限を14日延長する（1冊につき1回まで）', region: 'shelf',
  rows: () => shown().filter((b) => b.status === '借りている').map((b) => ({ record: b.id, element: rowEl(b.id)?.querySelector('.extend') ?? undefined, available: !b.extended, reason: b.extended ? 'すでに延長済みです' : undefined })),
  handler: ({ record }) => extend(record), expects: 'records.changed' });
pling.rowAction({ name: 'cancel_reservation', description: '本の予約を取り消す', region: 'shelf', confirm: true,
  rows: () => shown().filter((b) => b.status === '予約済').map((b) => b.id), handler: ({ record }) => cancel(record), expects: 'records.changed' });
pling.region({ id: 'profile', name: '利用者情報', role: 'form', element: $('profile') });
const field = (id, what) => pling.action({ id: `set_${id}`, description: `${what}を入力する（そのあと保存）`, kind: 'type', region: 'profile', element: $(id),
  params: { text: { type: 'string' } }, handler: ({ text }) => { $(id).value = text; view.saved = false; render(); } });
field('name', '氏名');
field('email', 'メールアドレス');
field('pin', '暗証番号（4桁）');
pling.action({ id: 'save_profile', description: '利用者情報を保存する', kind: 'submit', region: 'profile', element: $('save'), handler: save });
pling.feedback(() => [...view.errors.map((e) => ({ kind: 'error', message: e.message, field: e.field, region: 'profile' })), ...(view.saved ? [{ kind: 'status', message: '保存しました。', region: 'profile' }] : [])]);
pling.state({ name: '利用状況', description: 'この利用者の貸出と予約', value: () => ({ 借りている本: books.filter((b) => b.status === '借りている').length, 予約中: books.filter((b) => b.status === '予約済').length, 貸出上限: 10 }) });

mountChat(pling, { baseURL: '/v1', title: '図書館アシスタント' });

window.testsetApp = {
  pling,
  probe: () => ({
    rows: Object.fromEntries(books.map((b) => [b.id, { title: b.title, status: b.status, due: b.due }])),
    profile: { ...saved },
    pin: $('pin').value,
    borrowed: books.filter((b) => b.status === '借りている').length,
  }),
};

// Trailhead Outfitters checkout: the page's own logic. Pling reads the data-pling-* attributes
// of the markup (index.html) and operates these controls; nothing here declares anything.
(() => {
  const $ = (id) => document.getElementById(id);
  const money = (n) => `$${n.toFixed(2)}`;
  const COUPONS = {
    TRAIL15: { rate: 0.15 },
    STAFF50: { rate: 0.5 },
    WINTER10: { expired: 'This code expired on 30 November 2026.' },
  };
  const SHIPPING = { standard: 5.95, expedited: 12.95, overnight: 29.95 };
  const state = {
    coupon: null,
    address: { name: 'Jamie Rivera', street: '12 Elm Street', city: 'Anchorage', state: 'AK', zip: '99501' },
    method: 'standard', giftWrap: false, useGiftCard: false, placed: false, step: 'cart',
  };
  const GIFT_BALANCE = 25;

  const rows = () => [...document.querySelectorAll('#cart-rows tr[data-id]')];
  const qtyOf = (tr) => Number(tr.querySelector('input[type=number]').value);
  function cart() {
    return Object.fromEntries(rows().map((tr) => [tr.dataset.id, { qty: qtyOf(tr), price: Number(tr.dataset.price) }]));
  }
  function totals() {
    const subtotal = Object.values(cart()).reduce((s, l) => s + l.qty * l.price, 0);
    const discount = state.coupon ? Math.round(subtotal * COUPONS[state.coupon].rate * 100) / 100 : 0;
    const shipping = SHIPPING[state.method];
    const wrap = state.giftWrap ? 4 : 0;
    const before = subtotal - discount + shipping + wrap;
    const gift = state.useGiftCard ? Math.min(GIFT_BALANCE, before) : 0;
    return { subtotal, discount, shipping, wrap, gift, total: Math.round((before - gift) * 100) / 100 };
  }
  function render() {
    for (const tr of rows()) tr.querySelector('.line').textContent = money(qtyOf(tr) * Number(tr.dataset.price));
    const t = totals();
    $('subtotal').textContent = money(t.subtotal);
    $('discount').textContent = state.coupon ? `−${money(t.discount)} (${state.coupon})` : '—';
    $('shipping-cost').textContent = `${money(t.shipping)} (${state.method})`;
    $('wrap-cost').textContent = state.giftWrap ? money(t.wrap) : '—';
    $('gift-cost').textContent = state.useGiftCard ? `−${money(t.gift)}` : '—';
    $('total').textContent = money(t.total);
    const a = state.address;
    $('address-line').textContent = `${a.name}, ${a.street}, ${a.city}, ${a.state} ${a.zip}`;
    const hazmat = !!document.querySelector('#cart-rows tr[data-id="c3"]');
    $('overnight').disabled = hazmat;
    $('overnight-label').classList.toggle('off', hazmat);
    $('overnight-why').textContent = hazmat ? '(not available: the gas canister ships by ground only)' : '';
    if (hazmat && state.method === 'overnight') state.method = 'standard';
    document.querySelector(`input[name=method][value="${state.method}"]`).checked = true;
    $('gift-wrap').checked = state.giftWrap;
    $('use-gift').checked = state.useGiftCard;
    $('go-payment').disabled = !state.address;
    for (const s of ['cart', 'shipping', 'payment']) {
      $(`step-${s}`).hidden = state.step !== s;
      $(`go-${s}`).toggleAttribute('aria-current', state.step === s);
      if (state.step === s) $(`go-${s}`).setAttribute('aria-current', 'step');
    }
    $('step-name').textContent = state.step;
  }
  function go(step) { state.step = step; render(); }

  // Cart: quantities and removal.
  for (const input of document.querySelectorAll('#cart-rows input[type=number]')) {
    const commit = () => {
      const n = Number(input.value);
      if (!Number.isInteger(n) || n < 1) input.value = '1';
      if (n > 10) input.value = '10';
      render();
    };
    input.addEventListener('input', render);
    input.addEventListener('change', commit);
  }
  for (const b of document.querySelectorAll('#cart-rows button')) {
    b.addEventListener('click', () => { b.closest('tr').remove(); render(); });
  }

  // Discount code.
  const showMsg = (id, text) => { $(id).textContent = text; $(id).hidden = !text; };
  $('coupon-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const code = $('code').value.trim().toUpperCase();
    const c = COUPONS[code];
    if (!c) { showMsg('coupon-error', `"${code}" is not a valid discount code.`); showMsg('coupon-ok', ''); return; }
    if (c.expired) { showMsg('coupon-error', `${code}: ${c.expired}`); showMsg('coupon-ok', ''); return; }
    state.coupon = code;
    showMsg('coupon-error', '');
    showMsg('coupon-ok', `${code} applied: ${Math.round(c.rate * 100)} % off the items.`);
    render();
  });
  $('code').addEventListener('input', () => showMsg('coupon-error', ''));

  // Shipping address and delivery.
  const form = $('address-form');
  const fill = () => { for (const [k, v] of Object.entries(state.address)) form.elements[k].value = v; };
  fill();
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = Object.fromEntries(new FormData(form));
    state.address = { name: v.name.trim(), street: v.street.trim(), city: v.city.trim(), state: v.state, zip: v.zip.trim() };
    showMsg('address-ok', 'Address saved.');
    render();
  });
  form.addEventListener('input', () => showMsg('address-ok', ''));
  for (const r of document.querySelectorAll('input[name=method]')) r.addEventListener('change', () => { state.method = r.value; render(); });
  $('gift-wrap').addEventListener('change', () => { state.giftWrap = $('gift-wrap').checked; render(); });

  // Payment.
  $('use-gift').addEventListener('change', () => { state.useGiftCard = $('use-gift').checked; render(); });
  $('place-order').addEventListener('click', () => { state.placed = true; showMsg('placed', 'Thank you! Your order is placed.'); render(); });

  $('go-cart').addEventListener('click', () => go('cart'));
  $('go-shipping').addEventListener('click', () => go('shipping'));
  $('go-payment').addEventListener('click', () => go('payment'));
  render();

  window.checkoutApp = {
    probe: () => ({
      rows: {
        ...Object.fromEntries(Object.entries(cart()).map(([id, l]) => [id, { qty: l.qty }])),
        coupon: { code: state.coupon },
        address: { ...state.address },
        delivery: { method: state.method, giftWrap: state.giftWrap },
        payment: { giftCard: state.useGiftCard, placed: state.placed },
      },
      totals: totals(),
      step: state.step,
    }),
  };
})();

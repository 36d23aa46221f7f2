'use strict';
// The checkout page's script. payments.js (loaded from the mock) defines Payments; the card element is an
// iframe on the mock's origin, so this page never sees the card number.
const payments = Payments(document.querySelector('meta[name="publishable-key"]').content);
const form = document.getElementById('checkout');
const pay = document.getElementById('pay');
const result = document.getElementById('result');
let clientSecret;

function show(text, kind) {
  result.textContent = text;
  result.dataset.kind = kind;
}

function showPayment(payment) {
  if (payment.status === 'succeeded') {
    show(`Paid: ${payment.id}. Thank you!`, 'success');
    form.hidden = true;
  } else {
    show(`The payment is ${payment.status}.`, 'info');
  }
}

async function createPayment() {
  const res = await fetch('/create-payment', { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error ? body.error.message : `The shop answered ${res.status}.`);
  return body.clientSecret;
}

const back = new URLSearchParams(location.search).get('payment_client_secret');
if (back) {
  // Back from a full-page 3-D Secure challenge: the payment says how it ended.
  form.hidden = true;
  payments.retrievePayment(back).then(({ payment, error }) => (error ? show(error.message, 'error') : showPayment(payment)));
} else {
  const card = payments.elements().create('card');
  card.mount('#card');
  card.on('change', (event) => {
    form.dataset.complete = String(event.complete);
    form.dataset.brand = event.brand;
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    pay.disabled = true;
    show('Paying…', 'info');
    try {
      // One payment per visit: after a decline, the same payment is confirmed again with the corrected card.
      clientSecret = clientSecret || (await createPayment());
    } catch (error) {
      show(error.message, 'error');
      pay.disabled = false;
      return;
    }
    const { payment, error } = await payments.confirmPayment(clientSecret, { payment_method: card });
    if (error) show(error.message, 'error');
    else showPayment(payment);
    pay.disabled = false;
  });
}

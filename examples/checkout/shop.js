'use strict';
// The shop page's script. payments.js, loaded from the mock, defines Payments. The card element is an iframe on
// the mock's origin: this page never sees the card number, only the payment.
const payments = Payments(document.querySelector('meta[name="publishable-key"]').content);
const card = payments.elements().create('card');
card.mount('#card');

const form = document.getElementById('checkout');
const result = document.getElementById('result');
let clientSecret; // one payment per visit: after a decline, the same payment is confirmed with another card

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  form.elements.pay.disabled = true;
  show('Paying…', 'info');
  try {
    clientSecret ??= await createPayment(); // on the shop's server, with the secret key
  } catch (error) {
    form.elements.pay.disabled = false;
    return show(error.message, 'error');
  }
  // Tokenises the card in its frame, confirms, and walks 3-D Secure in a modal if the card asks for it.
  const { payment, error } = await payments.confirmPayment(clientSecret, { payment_method: card });
  form.elements.pay.disabled = false;
  if (error) return show(error.message, 'error'); // a decline, a card form error, an unreachable mock…
  form.hidden = true;
  show(`Paid: ${payment.id}. Thank you!`, 'success');
});

async function createPayment() {
  const res = await fetch('/create-payment', { method: 'POST' });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error ? body.error.message : `The shop answered ${res.status}.`);
  return body.clientSecret;
}

function show(text, kind) {
  result.textContent = text;
  result.dataset.kind = kind;
}

'use strict';
// What the two reference servers (bare node:http, minimal Express) share, so they differ only in transport:
// the key they accept, a payment-shaped answer, and the port flag.

const AUTH = `Bearer ${process.env.BENCH_KEY || 'sk_test_bench'}`;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const payments = new Map();

function newId(prefix) {
  let id = `${prefix}_`;
  for (let i = 0; i < 24; i++) id += ALPHABET[Math.floor(Math.random() * 62)];
  return id;
}

/** Stores and returns a payment like the mock's, or undefined when amount or currency is unusable. */
function createPayment({ amount: rawAmount, currency, metadata }) {
  const amount = Number(rawAmount);
  if (!Number.isInteger(amount) || amount < 1 || typeof currency !== 'string' || !currency) return undefined;
  const id = newId('pay');
  const payment = {
    id,
    object: 'payment',
    amount,
    amount_received: amount,
    amount_refunded: 0,
    currency: currency.toLowerCase(),
    status: 'succeeded',
    client_secret: `${id}_secret_${newId('s').slice(2)}`,
    customer: null,
    description: null,
    metadata: metadata ?? {},
    fee: Math.round(amount * 0.029) + 30,
    payment_method: null,
    last_payment_error: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
  payments.set(id, payment);
  return payment;
}

const getPayment = (id) => payments.get(id);

/** The port from `--port <n>`, else the server's default. */
function portFromArgs(fallback) {
  const at = process.argv.indexOf('--port');
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

module.exports = { AUTH, createPayment, getPayment, portFromArgs };

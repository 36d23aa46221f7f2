import express from 'express';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';

const stripe = new Stripe('sk_test_unused'); // constructEvent checks signatures offline: the key is never used

/** Your server's webhook route: check the signature on the raw body, then act on the event. */
export function webhookApp(secret: string, handle: (event: { id: string; type: string }) => void) {
  const app = express();
  app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
    const body = (req.body as Buffer).toString('utf8');
    let event: { id: string; type: string };
    try {
      // Either verifier accepts the delivery; use the one your stack has.
      event = stripe.webhooks.constructEvent(body, req.header('Service-Signature') ?? '', secret);
      new Webhook(secret).verify(body, req.headers as Record<string, string>);
    } catch {
      res.status(400).send('bad signature');
      return;
    }
    try {
      handle(event);
      res.sendStatus(200);
    } catch {
      res.sendStatus(500); // the sandbox retries: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h later
    }
  });
  return app;
}

import { Hono } from 'hono';
import { createFetchHandler } from 'payments-mock';

export const payments = createFetchHandler({ basePath: '/payments', scenario: 'manual' });

export const app = new Hono();
app.get('/', (c) => c.text('the shop'));
app.all('/payments/*', (c) => payments(c.req.raw));

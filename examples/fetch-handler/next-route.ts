// app/api/payments/[...path]/route.ts: the sandbox inside a Next.js app (App Router), no second server.
import { createFetchHandler } from 'payments-mock';

export const handler = createFetchHandler({ basePath: '/api/payments', scenario: 'manual' });

export const GET = handler;
export const POST = handler;
export const PUT = handler;
export const DELETE = handler;
export const OPTIONS = handler;

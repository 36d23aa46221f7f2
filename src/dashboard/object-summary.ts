/** Top-level fields small enough to say what an object is at a glance, when it has them. */
const SUMMARY_FIELDS = ['amount', 'currency', 'customer', 'payment', 'email', 'name', 'url'] as const;

/** What the stream says about an object: its status (null when it has none) and a few small fields. */
export interface ObjectSummary {
  status: string | null;
  summary: Record<string, string | number>;
}

/**
 * The status and a small summary of an object for a stream message: enough for a page to update a row or decide
 * whether to reload, never the whole object (a page reads that from the admin API).
 *
 * @example
 * summarize({ id: 'pay_1', object: 'payment', status: 'succeeded', amount: 2000, currency: 'usd', customer: null });
 * // { status: 'succeeded', summary: { amount: 2000, currency: 'usd' } }
 */
export function summarize(object: Readonly<Record<string, unknown>>): ObjectSummary {
  const summary: Record<string, string | number> = {};
  for (const field of SUMMARY_FIELDS) {
    const value = object[field];
    if (typeof value === 'number' || (typeof value === 'string' && value.length <= 200)) summary[field] = value;
  }
  const card = object.card as { brand?: unknown; last4?: unknown } | undefined;
  if (card && typeof card.brand === 'string' && typeof card.last4 === 'string') {
    summary.brand = card.brand;
    summary.last4 = card.last4;
  }
  return { status: typeof object.status === 'string' ? object.status : null, summary };
}

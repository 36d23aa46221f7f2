import { patchBetween, patched } from '../../../src/store/snapshot-patch';

const created = { id: 'pay_1', status: 'requires_confirmation', amount: 2000, amount_received: 0, metadata: { order: '42' }, payment_method: null };
const succeeded = { ...created, status: 'succeeded', amount_received: 2000, payment_method: 'pm_card_visa' };

describe('snapshot patches', () => {
  it('rebuild the older version over the newer one, field order included', () => {
    const patch = patchBetween(created, succeeded);
    expect(patch).toEqual({ status: 'requires_confirmation', amount_received: 0, payment_method: null });
    expect(JSON.stringify(patched(succeeded, patch))).toBe(JSON.stringify(created));
  });

  it('are shared between equal differences, and frozen', () => {
    const other = { ...created, id: 'pay_2', amount: 500 };
    const first = patchBetween(created, succeeded);
    const second = patchBetween(other, { ...other, status: 'succeeded', amount_received: 2000, payment_method: 'pm_card_visa' });
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('are refused when the versions do not have the same fields', () => {
    expect(patchBetween(created, { ...succeeded, extra: 1 })).toBeUndefined();
    const { metadata: _metadata, ...fewer } = succeeded;
    expect(patchBetween(created, { ...fewer, other: 1 })).toBeUndefined();
  });

  it('compare nested values with the comparison given', () => {
    const loaded = { ...created, metadata: { order: '42' } };
    expect(patchBetween(loaded, created)).toEqual({ metadata: { order: '42' } });
    const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    expect(patchBetween(loaded, created, sameJson)).toEqual({});
  });
});

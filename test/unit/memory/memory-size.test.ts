import { formatBytes, parseMemorySize } from '../../../src/memory/memory-size';
import { budgetFor } from '../../../src/memory/budget-size';
import { fakeHeap } from '../../helpers/fake-heap';

describe('parseMemorySize', () => {
  it.each([
    ['512mb', 512 * 1024 ** 2],
    ['2gb', 2 * 1024 ** 3],
    ['1.5G', 1.5 * 1024 ** 3],
    ['800 MB', 800 * 1024 ** 2],
    ['64k', 64 * 1024],
    ['4096b', 4096],
  ])('reads %s in binary units', (text, bytes) => expect(parseMemorySize(text)).toBe(bytes));

  it.each(['', 'lots', '512', '-1mb', '2tb', '1e3mb'])('refuses %j', (text) => expect(parseMemorySize(text)).toBeUndefined());
});

describe('formatBytes', () => {
  it.each([
    [512 * 1024 ** 2, '512 MB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [900 * 1024, '900 KB'],
    [12, '12 B'],
  ])('%d → %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('budgetFor', () => {
  const heap = fakeHeap({ other: 0, limit: 1024 ** 3 }).source;

  it('defaults to 70% of the old generation (the heap limit less the 48 MB young generation), worked out when asked', () => {
    const limit = jest.spyOn(heap, 'limit');
    const budget = budgetFor(undefined, heap);
    expect(limit).not.toHaveBeenCalled();
    expect(typeof budget === 'function' && budget()).toBe(Math.floor(0.7 * (1024 - 48) * 1024 ** 2));
    limit.mockRestore();
  });
  it('takes a size or bytes, checked at once', () => {
    expect(budgetFor('512mb', heap)).toBe(512 * 1024 ** 2);
    expect(budgetFor(64 * 1024 ** 2, heap)).toBe(64 * 1024 ** 2);
  });
  it.each([
    ['lots', /give a size such as 512mb or 2gb/],
    ['1mb', /give at least 8 MB/],
    ['2gb', /may hold at most 976 MB in its heap's old generation.*--max-old-space-size/],
  ])('refuses %s with what to do', (given, message) => expect(() => budgetFor(given, heap)).toThrow(message));
});

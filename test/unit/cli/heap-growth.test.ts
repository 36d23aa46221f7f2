import { userSetHeapGrowth } from '../../../src/cli/heap-growth';

describe("the CLI's heap growth bound", () => {
  it.each<[string, string[], string | undefined, boolean]>([
    ['nothing given', [], undefined, false],
    ['other flags only', ['--max-old-space-size=4096'], '--enable-source-maps', false],
    ['a node command-line flag', ['--heap-growing-percent=50'], undefined, true],
    ['NODE_OPTIONS, with underscores', [], '--max-old-space-size=512 --heap_growing_percent=30', true],
  ])('leaves a value the user gave Node alone: %s', (_case, execArgv, nodeOptions, given) => {
    expect(userSetHeapGrowth(execArgv, nodeOptions)).toBe(given);
  });
});

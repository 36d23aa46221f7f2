import { START_OPTIONS } from '../../../src/app/start-options';
import { optionsFromFlags } from '../../../src/app/start-flags';
import { checkOptions } from '../../../src/app/context-from-options';
import { ConfigError } from '../../../src/errors/api-error';
import { readFlags, withEnvironment } from '../../../src/cli/read-flags';

describe('readFlags over the start options', () => {
  it('reads --name value and --name=value alike, by the table', () => {
    expect(readFlags(['--port', '0', '--journal=5', '--scenario', 'decline'], START_OPTIONS).values).toEqual({ port: 0, journal: 5, scenario: 'decline' });
  });

  it('adds up a repeatable flag, and splits one value at spaces (as its environment variable carries several)', () => {
    const read = readFlags(['--webhook', 'http://a.test/x', '--webhook', 'http://b.test/y http://c.test/z'], START_OPTIONS);
    expect(read.values.webhook).toEqual(['http://a.test/x', 'http://b.test/y', 'http://c.test/z']);
  });

  it('takes a value after a switch that may have one only when it is a word, not the next flag', () => {
    expect(readFlags(['--tls', '--port', '0'], START_OPTIONS).values).toEqual({ tls: true, port: 0 });
    expect(readFlags(['--tls', 'off'], START_OPTIONS).values).toEqual({ tls: false });
    expect(readFlags(['--tls=0'], START_OPTIONS).values).toEqual({ tls: false });
  });

  it('stops at the first word when asked, leaving it and the rest to a subcommand', () => {
    const read = readFlags(['trigger', 'payment.succeeded', '--json'], START_OPTIONS, { stopAtWord: true });
    expect(read.positionals).toEqual(['trigger', 'payment.succeeded', '--json']);
    expect(readFlags(['--', '--port'], START_OPTIONS).positionals).toEqual(['--port']);
  });

  it.each([
    [['--prot', '1'], "unknown option '--prot': did you mean --port? (--help lists them)."],
    [['--zzzzzzzz'], "unknown option '--zzzzzzzz' (--help lists them)."],
    [['--journal'], '--journal needs a value: --journal <n>.'],
    [['--journal', '100001'], '--journal must be an integer from 0 to 100000.'],
    [['--max-memory', 'lots'], '--max-memory must be a size such as 512mb or 2gb.'],
    [['--log', 'loud'], '--log "loud" is not known: use one of pretty, json, off.'],
  ])('refuses %j in one sentence that says what to fix', (args, message) => {
    expect(() => readFlags(args, START_OPTIONS)).toThrow(new ConfigError(message));
  });

  it('reads a variable for a flag not given, by the same rule, naming the variable when it is wrong', () => {
    const env = { PAYMENTS_MOCK_PORT: '0', PAYMENTS_MOCK_JOURNAL: '9', PAYMENTS_MOCK_WEBHOOK: 'http://a.test/x http://b.test/y' };
    expect(withEnvironment(readFlags(['--journal', '3'], START_OPTIONS).values, START_OPTIONS, env)).toEqual({
      port: 0,
      journal: 3,
      webhook: ['http://a.test/x', 'http://b.test/y'],
    });
    expect(() => withEnvironment({}, START_OPTIONS, { PAYMENTS_MOCK_SEED: 'x' })).toThrow(
      new ConfigError('PAYMENTS_MOCK_SEED must be an integer from 0 to 4294967295.'),
    );
  });

  it('treats a variable set to nothing as no value for the options that take text', () => {
    const flags = withEnvironment({}, START_OPTIONS, {
      PAYMENTS_MOCK_STATE: '',
      PAYMENTS_MOCK_ADMIN_TOKEN: '',
      PAYMENTS_MOCK_ALLOWED_HOSTS: '',
      PAYMENTS_MOCK_TLS: '',
    });
    expect(optionsFromFlags(flags)).toEqual({});
  });

  it.each([
    ['--port', 'port', 0, 65535],
    ['--seed', 'seed', 0, 2 ** 32 - 1],
    ['--journal', 'journalSize', 0, 100_000],
  ] as const)('reads %s at the edges of its range as startMock checks %s', (flag, option, min, max) => {
    const name = option === 'journalSize' ? 'journal' : option;
    for (const inside of [min, max]) {
      expect(readFlags([flag, String(inside)], START_OPTIONS).values).toEqual({ [name]: inside });
      expect(() => checkOptions({ [option]: inside })).not.toThrow();
    }
    for (const outside of [min - 1, max + 1, 1.5]) {
      expect(() => readFlags([flag, String(outside)], START_OPTIONS)).toThrow(ConfigError);
      expect(() => checkOptions({ [option]: outside })).toThrow(ConfigError);
    }
    // Text that is not a plain number is refused by the flag (startMock is given numbers).
    for (const text of [' 1', '1e3', '0x10', '']) expect(() => readFlags([flag, text], START_OPTIONS)).toThrow(ConfigError);
  });

  it('refuses a value given to a switch that takes none', () => {
    expect(() => readFlags(['--start=yes'], { start: { flag: '--start', arg: '' } })).toThrow(new ConfigError('--start takes no value: give --start alone.'));
    expect(readFlags(['--start'], { start: { flag: '--start', arg: '' } }).values).toEqual({ start: true });
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliIO, main } from '../../src/cli/main';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

async function validate(path: string) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: false };
  const { exitCode } = await main(['node', 'payments-mock', 'fixtures', 'validate', path], io);
  return { exitCode, stdout: plain(stdout), lines: plain(stderr).split('\n').filter(Boolean) };
}

/** A small valid fixture document; tests spoil one thing in it. */
function fixture() {
  return {
    workspaces: [
      {
        id: 'shop',
        name: 'Shop',
        keys: [{ key: 'sk_test_shop_0123456789' }, { key: 'rk_test_shop_readonly01', permissions: { payments: 'read' } }],
        test: {
          customers: [{ id: 'cus_ada', email: 'ada@example.com', created: '-2d' }],
          payments: [{ id: 'pay_one', amount: 2000, currency: 'usd', customer: 'cus_ada', created: '-1d' }],
          refunds: [{ id: 're_one', payment: 'pay_one', amount: 500 }],
          events: [{ type: 'payment.created', object: 'pay_one', created: '-1d' }],
        },
      },
    ],
  };
}
type Fixture = ReturnType<typeof fixture> & Record<string, unknown>;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'payments-mock-fixtures-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(content: unknown, name = `fixture-${++counter}.json`): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

describe('payments-mock fixtures validate <path>', () => {
  it('exits 0 for the bundled fixtures/default.json', async () => {
    const result = await validate(DEFAULT_FIXTURES);
    expect(result).toMatchObject({ exitCode: 0, lines: [] });
    expect(result.stdout).toContain('ok');
  });

  it('exits 0 for a folder of valid files, and ignores a schema.json in it', async () => {
    const folder = join(dir, 'good');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.json'), JSON.stringify(fixture()));
    const other = fixture();
    other.workspaces[0]!.id = 'other';
    other.workspaces[0]!.keys = [{ key: 'sk_test_other_0123456789' }] as (typeof other.workspaces)[0]['keys'];
    writeFileSync(join(folder, 'b.json'), JSON.stringify(other));
    writeFileSync(join(folder, 'schema.json'), '{"not": "a fixture"}');
    const result = await validate(folder);
    expect(result).toMatchObject({ exitCode: 0, lines: [] });
    expect(result.stdout).toContain('2 files');
  });

  it.each<[string, (f: Fixture) => void, string[]]>([
    ['an unknown property', (f) => void ((f.workspaces[0] as Record<string, unknown>).colour = 'red'), ['/workspaces/0/colour: unknown property "colour"']],
    ['a key with a bad prefix', (f) => void (f.workspaces[0]!.keys[0]!.key = 'xk_test_shop_0123456789'), ['/workspaces/0/keys/0/key: must match pattern']],
    [
      'a currency in capitals',
      (f) => void (f.workspaces[0]!.test.payments[0]!.currency = 'USD'),
      ['/workspaces/0/test/payments/0/currency: must match pattern "^[a-z]{3}$"'],
    ],
    [
      'an unknown currency',
      (f) => void (f.workspaces[0]!.test.payments[0]!.currency = 'xyz'),
      ['/workspaces/0/test/payments/0/currency: unknown currency "xyz"'],
    ],
    [
      'a time that is neither Unix seconds nor relative',
      (f) => void (f.workspaces[0]!.test.customers[0]!.created = 'yesterday'),
      ['/workspaces/0/test/customers/0/created: must be Unix seconds (an integer) or a time relative to the start such as "-35d" or "+20h"'],
    ],
    [
      'a missing required field',
      (f) => void delete (f.workspaces[0]!.test.payments[0] as Partial<{ amount: number }>).amount,
      ["/workspaces/0/test/payments/0: must have required property 'amount'"],
    ],
    [
      'a refund of an unknown payment',
      (f) => void (f.workspaces[0]!.test.refunds[0]!.payment = 'pay_nope'),
      ['/workspaces/0/test/refunds/0/payment: no payment "pay_nope" in this mode'],
    ],
    [
      'a refund of a payment that did not succeed',
      (f) => void Object.assign(f.workspaces[0]!.test.payments[0]!, { status: 'requires_payment_method' }),
      ['/workspaces/0/test/refunds/0/payment: payment "pay_one" is requires_payment_method; only succeeded payments can be refunded'],
    ],
    [
      'a refund of more than the payment',
      (f) => void (f.workspaces[0]!.test.refunds[0]!.amount = 2001),
      ['/workspaces/0/test/refunds/0/amount: refund of 2001 is more than the 2000 left on "pay_one"'],
    ],
    [
      'two refunds of more than the payment together',
      (f) => void f.workspaces[0]!.test.refunds.push({ id: 're_two', payment: 'pay_one', amount: 1501 }),
      ['/workspaces/0/test/refunds/1/amount: refund of 1501 is more than the 1500 left on "pay_one"'],
    ],
    [
      'a refund of a payment refunded in full',
      (f) => void f.workspaces[0]!.test.refunds.push({ id: 're_all', payment: 'pay_one' } as never, { id: 're_more', payment: 'pay_one' } as never),
      ['/workspaces/0/test/refunds/2/payment: payment "pay_one" is refunded in full by the refunds before this one'],
    ],
    [
      'a payment method with neither number nor brand and last4',
      (f) =>
        void ((f.workspaces[0]!.test as Record<string, unknown>).payment_methods = [{ id: 'pm_bare', card: { brand: 'visa', exp_month: 12, exp_year: 2030 } }]),
      ['/workspaces/0/test/payment_methods/0/card: give number, or brand and last4'],
    ],
    [
      'a payment of a missing payment method',
      (f) => void Object.assign(f.workspaces[0]!.test.payments[0]!, { payment_method: 'pm_nope' }),
      ['/workspaces/0/test/payments/0/payment_method: no payment method "pm_nope" in this mode'],
    ],
    [
      'a payment of a missing customer',
      (f) => void (f.workspaces[0]!.test.payments[0]!.customer = 'cus_nope'),
      ['/workspaces/0/test/payments/0/customer: no customer "cus_nope"'],
    ],
    [
      'a duplicate id',
      (f) => void f.workspaces[0]!.test.customers.push({ id: 'cus_ada', email: 'b@example.com', created: '-1d' }),
      ['/workspaces/0/test/customers/1/id: id "cus_ada" is used twice'],
    ],
    [
      'an event of an object not in its mode',
      (f) => void ((f.workspaces[0]!.test as Record<string, unknown>).events = [{ type: 'customer.created', created: '-1d', object: 'cus_nope' }]),
      ['/workspaces/0/test/events/0: no object "cus_nope" in this mode to snapshot'],
    ],
    [
      'an event with neither object nor data.object',
      (f) => void ((f.workspaces[0]!.test as Record<string, unknown>).events = [{ type: 'customer.created', created: '-1d' }]),
      ['/workspaces/0/test/events/0: give object (an id) or data.object'],
    ],
    [
      'an event in an unknown API version',
      (f) =>
        void ((f.workspaces[0]!.test as Record<string, unknown>).events = [
          { type: 'customer.created', created: '-1d', object: 'cus_ada', api_version: '2001-01-01' },
        ]),
      ['/workspaces/0/test/events/0/api_version: unknown version "2001-01-01"'],
    ],
    ['a duplicate key', (f) => void f.workspaces[0]!.keys.push({ key: 'sk_test_shop_0123456789' }), ['/workspaces/0/keys/2/key: this key is defined twice']],
    [
      'a duplicate workspace',
      (f) => void f.workspaces.push({ ...fixture().workspaces[0]!, keys: [] }),
      ['/workspaces/1/id: workspace "shop" is defined twice'],
    ],
    [
      'permissions on a secret key',
      (f) => void ((f.workspaces[0]!.keys[0] as Record<string, unknown>).permissions = { payments: 'read' }),
      ['/workspaces/0/keys/0/permissions: only restricted (rk_) keys take permissions'],
    ],
    [
      'a webhook endpoint on port 0',
      (f) => void ((f.workspaces[0] as Record<string, unknown>).webhook_endpoints = [{ url: 'http://127.0.0.1:0/hooks', enabled_events: ['*'] }]),
      ['/workspaces/0/webhook_endpoints/0/url: "http://127.0.0.1:0/hooks" names port 0'],
    ],
  ])('exits 1 for %s, printing file: /json/pointer: message', async (_case, spoil, expected) => {
    const document = fixture() as Fixture;
    spoil(document);
    const file = write(document);
    const result = await validate(file);
    expect(result.exitCode).toBe(1);
    expect(result.lines).toHaveLength(expected.length);
    expected.forEach((message, i) => expect(result.lines[i]).toContain(`${file}: ${message}`));
  });

  it('reports every problem of a file, each on its own line', async () => {
    const document = fixture() as Fixture;
    document.workspaces[0]!.keys[0]!.key = 'bad';
    document.workspaces[0]!.test.payments[0]!.currency = 'USD';
    (document as Record<string, unknown>).extra = true;
    const file = write(document);
    const result = await validate(file);
    expect(result.exitCode).toBe(1);
    expect(result.lines.sort()).toEqual(
      [
        `${file}: /extra: unknown property "extra"`,
        expect.stringContaining(`${file}: /workspaces/0/keys/0/key: must match pattern`),
        expect.stringContaining(`${file}: /workspaces/0/test/payments/0/currency: must match pattern`),
      ].sort(),
    );
  });

  it('exits 1 for invalid JSON, naming the file', async () => {
    const file = write('{"workspaces": [');
    const result = await validate(file);
    expect(result.exitCode).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(new RegExp(`^${escape(file)}: /: not valid JSON: `));
  });

  it('exits 1 for a missing file', async () => {
    const file = join(dir, 'missing.json');
    const result = await validate(file);
    expect(result.exitCode).toBe(1);
    expect(result.lines).toEqual([`${file}: /: cannot read: no such file or directory`]);
  });

  it('exits 1 for a folder with no fixture files', async () => {
    const folder = join(dir, 'empty');
    mkdirSync(folder);
    const result = await validate(folder);
    expect(result.exitCode).toBe(1);
    expect(result.lines).toEqual([`${folder}: /: the folder holds no .json fixture files`]);
  });

  it('names the file of each problem in a folder, and finds duplicates across files', async () => {
    const folder = join(dir, 'mixed');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.json'), JSON.stringify(fixture()));
    writeFileSync(join(folder, 'b.json'), JSON.stringify(fixture()));
    writeFileSync(join(folder, 'c.json'), 'not json');
    const result = await validate(folder);
    expect(result.exitCode).toBe(1);
    expect(result.lines).toEqual([expect.stringMatching(new RegExp(`^${escape(join(folder, 'c.json'))}: /: not valid JSON`))]);
    rmSync(join(folder, 'c.json'));
    const again = await validate(folder);
    expect(again.lines).toEqual([`${join(folder, 'b.json')}: /workspaces/0/id: workspace "shop" is defined twice`]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

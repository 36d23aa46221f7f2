import Ajv, { ValidateFunction } from 'ajv';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AJV_OPTIONS, groupOf, ValidatorName } from '../../../src/validation/compiled-validators';
import { VALIDATOR_GROUPS } from '../../../src/validation/validator-groups';

// The built server validates with code generated at build time; tests (run from src/) compile at run time.
// Both must judge every input alike, error for error.
const generatedFiles = Object.keys(VALIDATOR_GROUPS).map((group) => join(__dirname, `../../../dist/validation/generated-${group}.js`));
const built = generatedFiles.every((file) => existsSync(file));
const VALIDATED_SCHEMAS = Object.assign({}, ...Object.values(VALIDATOR_GROUPS)) as Record<ValidatorName, object>;

const samples: Array<[ValidatorName, unknown]> = [
  ['createPayment', { amount: 2000, currency: 'usd', metadata: { order: '42' } }],
  ['createPayment', { amount: '2000', currency: 'usd' }],
  ['createPayment', { amount: 0, currency: 'us', amout: 1, metadata: { ['k'.repeat(41)]: 'v' } }],
  ['createPayment', {}],
  ['refundPayment', { amount: 1.5, reason: 'bored' }],
  ['createCustomer', { email: 'no-at-sign', phone: '123', name: 'x'.repeat(300) }],
  ['createPaymentMethod', { card: { number: '4242', exp_month: 13 } }],
  ['listEvents', { limit: 101, created: { gte: 5, after: 1 }, type: '' }],
  ['fixtures', { workspaces: [{ id: 'a', name: 'A', keys: [{ key: 'bad' }], test: { payments: [{ id: 'pay_1', amount: 1, currency: 'USD' }] } }] }],
  ['fixtures', { workspaces: [] }],
];

(built ? describe : describe.skip)('validators generated at build time', () => {
  const generated = Object.assign({}, ...generatedFiles.map((file) => require(file))) as Record<ValidatorName, ValidateFunction>;
  const ajv = new Ajv(AJV_OPTIONS);
  const compiled = Object.fromEntries(Object.entries(VALIDATED_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)])) as Record<
    ValidatorName,
    ValidateFunction
  >;

  it('exist for every schema the server validates with', () => {
    expect(Object.keys(generated).sort()).toEqual(Object.keys(VALIDATED_SCHEMAS).sort());
  });

  it.each(samples.map(([name, input]) => [name, JSON.stringify(input).slice(0, 60), input] as const))(
    '%s judges %s exactly as the run-time compiled schema does',
    (name, _label, input) => {
      const fromBuild = generated[name as ValidatorName];
      const atRunTime = compiled[name as ValidatorName];
      expect(fromBuild(input)).toBe(atRunTime(input));
      expect(fromBuild.errors ?? null).toEqual(atRunTime.errors ?? null);
    },
  );
});

describe('groupOf', () => {
  it('puts every validator in the group VALIDATOR_GROUPS holds it in, without loading a schema', () => {
    for (const [group, schemas] of Object.entries(VALIDATOR_GROUPS)) {
      for (const name of Object.keys(schemas)) expect([name, groupOf(name as ValidatorName)]).toEqual([name, group]);
    }
  });
});

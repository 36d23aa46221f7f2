import { ApiError } from '../../../src/errors/api-error';
import { parseForm } from '../../../src/http/form';
import { validateParams } from '../../../src/http/validate';
import { ParamSchemaName } from '../../../src/schemas/params';

/** The ApiError validateParams throws for this input (failing the test if it accepts it). */
function refusal(name: ParamSchemaName, input: unknown, fromText: boolean): ApiError {
  try {
    validateParams(name, input, fromText);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`${name} accepted ${JSON.stringify(input)}`);
}

const form = (name: ParamSchemaName, text: string) => validateParams<Record<string, unknown>>(name, parseForm(text), true);
const formRefusal = (name: ParamSchemaName, text: string) => refusal(name, parseForm(text), true);
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('validateParams: integers from text (form bodies, query strings)', () => {
  it.each([
    ['a plain digit string becomes a number', '2000', 2000],
    ['leading zeros are still digits', '007', 7],
  ])('%s', (_rule, amount, expected) => {
    expect(form('createPayment', `amount=${amount}&currency=usd`).amount).toBe(expected);
  });

  it.each([
    ['a decimal is not an integer', '12.5', 'parameter_invalid_integer'],
    ['an exponent is not an integer', '1e3', 'parameter_invalid_integer'],
    ['hex is not an integer', '0x10', 'parameter_invalid_integer'],
    ['a leading plus is not plain digits', '%2B12', 'parameter_invalid_integer'],
    ['surrounding spaces are not plain digits', '+12+', 'parameter_invalid_integer'],
    ['words are not integers', 'abc', 'parameter_invalid_integer'],
    ['more than 16 digits is refused rather than rounded', '12345678901234567', 'parameter_invalid_integer'],
    ['an empty value is parameter_invalid_empty', '', 'parameter_invalid_empty'],
    ['a negative integer is parsed, then below the minimum amount', '-5', 'amount_too_small'],
    ['zero is below the minimum amount', '0', 'amount_too_small'],
    ['above the maximum amount is amount_too_large', '100000000', 'amount_too_large'],
  ])('%s: amount=%s → %s', (_rule, amount, code) => {
    const error = formRefusal('createPayment', `amount=${amount}&currency=usd`);
    expect(error.code).toBe(code);
    expect(error.extras.param).toBe('amount');
    expect(error.status).toBe(400);
  });

  it('leaves strings that only look like integers alone where the schema wants strings (metadata, description)', () => {
    const params = form('createPayment', 'amount=1&currency=usd&description=42&metadata[order]=42');
    expect(params.description).toBe('42');
    expect(plain(params.metadata)).toEqual({ order: '42' });
  });

  it('coerces integers nested in an object (card[exp_month])', () => {
    const params = form('createPaymentMethod', 'card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2030');
    expect(plain(params.card)).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030 });
  });

  it('coerces created in either form: a plain integer or created[gte|gt|lte|lt]', () => {
    expect(form('listEvents', 'created=1700000000').created).toBe(1700000000);
    expect(plain(form('listEvents', 'created[gte]=5&created[lt]=9').created)).toEqual({ gte: 5, lt: 9 });
  });

  it.each([
    ['limit=0 is below 1', 'limit=0'],
    ['limit=101 is above 100', 'limit=101'],
    ['limit=abc is not an integer', 'limit=abc'],
    ['limit=-1 is below 1', 'limit=-1'],
    ['limit=1.5 is not an integer', 'limit=1.5'],
  ])('%s → parameter_invalid_integer naming limit', (_rule, query) => {
    const error = formRefusal('list', query);
    expect(error.code).toBe('parameter_invalid_integer');
    expect(error.extras.param).toBe('limit');
  });

  it('accepts limit at both ends of 1..100', () => {
    expect(form('list', 'limit=1').limit).toBe(1);
    expect(form('list', 'limit=100').limit).toBe(100);
  });
});

describe('validateParams: JSON bodies keep their types', () => {
  it('accepts JSON numbers', () => {
    expect(validateParams<{ amount: number }>('createPayment', { amount: 2000, currency: 'usd' }, false).amount).toBe(2000);
  });

  it.each<[string, unknown]>([
    ['a number sent as a string', '2000'],
    ['a fractional number', 12.5],
    ['null', null],
    ['a boolean', true],
  ])('refuses amount as %s with parameter_invalid_integer', (_rule, amount) => {
    const error = refusal('createPayment', { amount, currency: 'usd' }, false);
    expect(error.code).toBe('parameter_invalid_integer');
    expect(error.extras.param).toBe('amount');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a number where a string belongs', { amount: 1, currency: 5 }, 'currency'],
    ['an array where an object belongs', { amount: 1, currency: 'usd', metadata: ['a'] }, 'metadata'],
    ['an object where a string belongs', { amount: 1, currency: { x: 'usd' } }, 'currency'],
    ['a number as a metadata value', { amount: 1, currency: 'usd', metadata: { a: 5 } }, 'metadata[a]'],
  ])('refuses %s with parameter_invalid naming it', (_rule, body, param) => {
    const error = refusal('createPayment', body, false);
    expect(error.code).toBe('parameter_invalid');
    expect(error.extras.param).toBe(param);
    expect(error.message).toMatch(/expected an? (string|object)/);
  });

  it('refuses JSON nested more than 8 levels deep with body_invalid', () => {
    let metadata: unknown = 'x';
    for (let i = 0; i < 9; i++) metadata = { k: metadata };
    expect(refusal('createPayment', { amount: 1, currency: 'usd', metadata }, false).code).toBe('body_invalid');
  });

  it('refuses a __proto__ key parsed from JSON as an unknown parameter, leaving Object.prototype alone', () => {
    const body = JSON.parse('{"amount":1,"currency":"usd","__proto__":{"polluted":"yes"}}') as unknown;
    const error = refusal('createPayment', body, false);
    expect(error.code).toBe('parameter_unknown');
    expect(error.extras.param).toBe('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('validateParams: error code mapping', () => {
  it.each<[string, ParamSchemaName, string, string, string]>([
    ['a missing required parameter is parameter_missing', 'createPayment', 'currency=usd', 'parameter_missing', 'amount'],
    [
      'a missing nested parameter is named with brackets',
      'createPaymentMethod',
      'card[number]=4242424242424242&card[exp_month]=1',
      'parameter_missing',
      'card[exp_year]',
    ],
    ['an unknown parameter is parameter_unknown', 'createPayment', 'amount=1&currency=usd&colour=red', 'parameter_unknown', 'colour'],
    ['an unknown parameter is reported before a missing one', 'createPayment', 'amout=1&currency=usd', 'parameter_unknown', 'amout'],
    [
      'an unknown nested parameter is named with brackets',
      'createPaymentMethod',
      'card[numbr]=4242424242424242&card[exp_month]=1&card[exp_year]=2030',
      'parameter_unknown',
      'card[numbr]',
    ],
    ['an unknown created bound is named with brackets', 'listEvents', 'created[after]=5', 'parameter_unknown', 'created[after]'],
    ['any parameter of a parameterless operation is unknown', 'none', 'expand=x', 'parameter_unknown', 'expand'],
    ['a value outside an enum is parameter_invalid', 'refundPayment', 'reason=because', 'parameter_invalid', 'reason'],
    ['a string over its maximum length is parameter_invalid', 'createCustomer', `name=${'n'.repeat(257)}`, 'parameter_invalid', 'name'],
    ['a string not matching its pattern is parameter_invalid', 'createCustomer', 'phone=12345', 'parameter_invalid', 'phone'],
    ['a currency that is not three letters is parameter_invalid', 'createPayment', 'amount=1&currency=dollars', 'parameter_invalid', 'currency'],
    [
      'more than 50 metadata keys is parameter_invalid',
      'createPayment',
      `amount=1&currency=usd&${Array.from({ length: 51 }, (_, i) => `metadata[k${i}]=v`).join('&')}`,
      'parameter_invalid',
      'metadata',
    ],
    [
      'a metadata key over 40 characters is parameter_invalid',
      'createPayment',
      `amount=1&currency=usd&metadata[${'k'.repeat(41)}]=v`,
      'parameter_invalid',
      'metadata',
    ],
    [
      'a metadata value over 500 characters is parameter_invalid',
      'createPayment',
      `amount=1&currency=usd&metadata[k]=${'v'.repeat(501)}`,
      'parameter_invalid',
      'metadata[k]',
    ],
    ['an empty string is parameter_invalid_empty', 'createCustomer', 'email=', 'parameter_invalid_empty', 'email'],
    ['a NUL character in a value is parameter_invalid', 'createCustomer', 'name=a%00b', 'parameter_invalid', 'name'],
    [
      'a bad integer inside created[...] names the bound, not the whole parameter',
      'listEvents',
      'created[gte]=soon',
      'parameter_invalid_integer',
      'created[gte]',
    ],
    ['a bad plain created is parameter_invalid_integer', 'listEvents', 'created=soon', 'parameter_invalid_integer', 'created'],
    ['an out-of-range refund amount is amount_too_small', 'refundPayment', 'amount=0', 'amount_too_small', 'amount'],
    [
      'card[exp_month] outside 1..12 is parameter_invalid_integer',
      'createPaymentMethod',
      'card[number]=4242424242424242&card[exp_month]=13&card[exp_year]=2030',
      'parameter_invalid_integer',
      'card[exp_month]',
    ],
  ])('%s', (_rule, name, text, code, param) => {
    const error = formRefusal(name, text);
    expect(error.code).toBe(code);
    expect(error.extras.param).toBe(param);
    expect(error.status).toBe(400);
    expect(error.message).toContain(param);
  });

  it('accepts an empty metadata value (it is how clients unset a key)', () => {
    expect(plain(form('createPayment', 'amount=1&currency=usd&metadata[k]=').metadata)).toEqual({ k: '' });
  });

  it('says what the pattern expects', () => {
    expect(formRefusal('createCustomer', 'phone=12345').message).toContain('E.164');
  });

  it('lists the allowed values of an enum', () => {
    expect(formRefusal('refundPayment', 'reason=because').message).toContain('duplicate, fraudulent, requested_by_customer');
  });
});

describe('validateParams: Did you mean', () => {
  it.each([
    ['a one-letter typo', 'createPayment', 'amout=1&currency=usd', 'Did you mean amount?'],
    ['a transposition', 'createPayment', 'amount=1&currnecy=usd', 'Did you mean currency?'],
    ['a different case', 'createPayment', 'Amount=1&currency=usd', 'Did you mean amount?'],
    [
      'a nested typo, with its bracketed name',
      'createPaymentMethod',
      'card[numbr]=4242424242424242&card[exp_month]=1&card[exp_year]=2030',
      'Did you mean card[number]?',
    ],
    ['a typo of a created bound', 'listEvents', 'created[gtee]=5', 'Did you mean created[gte]?'],
    ['a typo of a list cursor', 'list', 'starting_afer=cus_1', 'Did you mean starting_after?'],
  ])('suggests the likely parameter for %s', (_rule, name, text, hint) => {
    const error = formRefusal(name as ParamSchemaName, text);
    expect(error.code).toBe('parameter_unknown');
    expect(error.message).toContain(hint);
  });

  it('lists the accepted parameters when nothing is close', () => {
    const error = formRefusal('createPayment', 'amount=1&currency=usd&zzzzzzzz=1');
    expect(error.message).toContain('Accepted here: amount, currency, customer, description, metadata.');
    expect(error.message).not.toContain('Did you mean');
  });

  it('lists the created bounds when an unknown one is far from all of them', () => {
    expect(formRefusal('listEvents', 'created[after]=5').message).toContain('Accepted here: gt, gte, lt, lte.');
  });

  it('says an operation takes no parameters when it takes none', () => {
    expect(formRefusal('none', 'expand=x').message).toContain('This endpoint takes no parameters.');
  });
});

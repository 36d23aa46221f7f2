import { EVENT_TYPES } from '../../../src/domain/events';
import { withEnv } from '../../../src/triggers/env-references';
import { RECIPES } from '../../../src/triggers/recipes';
import { fieldAt, FlowReferenceError, Reference, referencesIn, resolveString } from '../../../src/triggers/references';
import { formText } from '../../../src/form-text';

const answers: Record<string, unknown> = {
  pay: { id: 'pay_1', amount: 2000, paid: true, metadata: { order: '42' }, none: null },
  list: { data: [{ id: 'cus_1' }] },
};
const lookup = (reference: Reference) =>
  reference.name === 'env' ? ({ HOME_ID: 'h/1' } as Record<string, string>)[reference.path] : fieldAt(answers[reference.name], reference);

describe('flow references', () => {
  it.each([
    ['a whole-string reference keeps a number', '${pay:amount}', 2000],
    ['a whole-string reference keeps a boolean', '${pay:paid}', true],
    ['a reference inside text becomes text', 'order-${pay:amount}', 'order-2000'],
    ['nested fields and list indexes are dot-separated', '${list:data.0.id}', 'cus_1'],
    ['two references in one string', '${pay:id}/${pay:metadata.order}', 'pay_1/42'],
    ['an env reference', '${env:HOME_ID}', 'h/1'],
    ['text without references is kept', 'plain $ text {}', 'plain $ text {}'],
  ])('%s', (_case, text, expected) => {
    expect(resolveString(text, lookup)).toEqual(expected);
  });

  it('encodes references put into a path, so a value cannot change the route', () => {
    expect(resolveString('/v1/customers/${env:HOME_ID}', lookup, encodeURIComponent)).toBe('/v1/customers/h%2F1');
    expect(resolveString('${env:HOME_ID}', lookup, encodeURIComponent)).toBe('h%2F1');
  });

  it.each([
    ['a missing field, saying what is there', '${pay:identifier}', /the answer of step "pay" has no "identifier" \(it has id, amount, paid, metadata, none\)/],
    ['an index past the end of a list', '${list:data.3.id}', /list's data has no "3" \(it is a list of 1\)/],
    ['a field inside a null', '${pay:none.id}', /pay's none has no "id" \(it is null\)/],
    ['an object put inside text', 'x-${pay:metadata}', /is an object, which cannot be put inside a string/],
  ])('refuses %s', (_case, text, message) => {
    expect(() => resolveString(text, lookup)).toThrow(FlowReferenceError);
    expect(() => resolveString(text, lookup)).toThrow(message);
  });

  it.each([
    ['${pay:id}', undefined],
    ['${pay}', /is not a reference/],
    ['${pay:a..b}', /the path must be field names/],
    ['${env:NOT-A-NAME}', /not a valid environment variable name/],
    ['${', /is not a reference/],
  ])('checks the shape of %s', (text, problem) => {
    const found = referencesIn(text).problem;
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  it('fills env from an environment with the names the steps use, the document’s own values winning', () => {
    const document = { env: { B: 'mine' }, steps: [{ method: 'GET', path: '/v1/x/${env:A}', params: { q: '${env:B}', r: '${env:MISSING}' } }] };
    expect(withEnv(document, { A: '1', B: 'theirs', OTHER: 'never sent' })).toEqual({ ...document, env: { A: '1', B: 'mine' } });
  });

  it('writes parameters as a form with bracket nesting', () => {
    expect(formText({ amount: 2000, metadata: { order: '4 2' }, enabled_events: ['a.*', 'b'], 'card[number]': '4242' })).toBe(
      'amount=2000&metadata[order]=4%202&enabled_events[]=a.*&enabled_events[]=b&card[number]=4242',
    );
  });
});

describe('trigger recipes', () => {
  it('cover exactly the event types the mock emits', () => {
    expect(Object.keys(RECIPES).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it.each(Object.entries(RECIPES))('%s sends its overrides to an API step', (_type, recipe) => {
    const steps = recipe.steps({ expiryYear: 2031 });
    expect(steps[recipe.main]).toMatchObject({ method: 'POST', form: true });
  });
});

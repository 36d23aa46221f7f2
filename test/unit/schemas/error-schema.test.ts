import { ERROR_CATALOG } from '../../../src/errors/catalog';
import { RESOURCE_SCHEMAS } from '../../../src/schemas/resources';

// The Error schema (schemas/, ground floor) may not import the catalogue beside it, so its list of error types is
// written out there; this keeps it equal to the types the catalogue's errors have.
describe('the Error schema', () => {
  it('lists exactly the error types of the catalogue', () => {
    const schema = RESOURCE_SCHEMAS.Error as unknown as { properties: { error: { properties: { type: { enum: string[] } } } } };
    const listed = schema.properties.error.properties.type.enum;
    const used = new Set(Object.values(ERROR_CATALOG).map((spec) => spec.type));
    expect([...listed].sort()).toEqual([...used].sort());
  });
});

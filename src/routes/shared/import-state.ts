import { MockContext } from '../../context/mock-context';
import { ApiError } from '../../errors/api-error';
import { FixtureDocument, FixtureError } from '../../state/fixture-types';
import { schemaProblems } from '../../state/schema-problems';

/**
 * Replaces the store with an exported state, checked like a fixture file; a bad document changes nothing. The
 * store is replaced once the requests in flight have finished (they wrote to the store being replaced).
 */
export async function importState(ctx: MockContext, body: unknown): Promise<void> {
  const problems = schemaProblems('state', body);
  if (problems.length > 0) throw invalid(new FixtureError(problems));
  try {
    await ctx.inFlight.replace(null, () => ctx.loadState(body as FixtureDocument, 'state', false));
  } catch (error) {
    if (error instanceof FixtureError) throw invalid(error);
    throw error;
  }
}

function invalid(error: FixtureError): ApiError {
  const first = error.problems
    .slice(0, 5)
    .map((p) => `${p.pointer || '/'}: ${p.message}`)
    .join('; ');
  return new ApiError('parameter_invalid', `Invalid state: ${first}${error.problems.length > 5 ? ` (and ${error.problems.length - 5} more)` : ''}.`);
}

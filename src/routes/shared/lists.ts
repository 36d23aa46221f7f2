import { ApiError } from '../../errors/api-error';
import { ListOf } from '../../schemas/resources';
import { Page, PageQuery, Position } from '../../store/timeline';

export interface ListParams {
  limit?: number;
  starting_after?: string;
  ending_before?: string;
}

export const DEFAULT_LIMIT = 10;

/** Turns list parameters into a page query, resolving cursor ids to positions (400 if unknown). */
export function pageQuery(params: ListParams, position: (id: string) => Position | undefined): PageQuery {
  if (params.starting_after !== undefined && params.ending_before !== undefined) {
    throw new ApiError('parameter_invalid', 'Use starting_after or ending_before, not both.', { param: 'ending_before' });
  }
  const query: PageQuery = { limit: params.limit ?? DEFAULT_LIMIT };
  for (const cursor of ['starting_after', 'ending_before'] as const) {
    const id = params[cursor];
    if (id === undefined) continue;
    const at = position(id);
    if (!at) throw new ApiError('resource_missing', `Invalid ${cursor}: no object '${id}' in this list.`, { param: cursor, status: 400 });
    query[cursor === 'starting_after' ? 'startingAfter' : 'endingBefore'] = at;
  }
  return query;
}

export function listOf<T, U = T>(url: string, page: Page<T>, present?: (item: T) => U): ListOf<U> {
  return {
    object: 'list',
    url,
    has_more: page.has_more,
    data: present ? page.data.map(present) : (page.data as unknown as U[]),
  };
}

/** `created[gt|gte|lt|lte]` (or one exact second), as a list filters by it. */
export interface CreatedRange {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

export function createdBounds(created: number | CreatedRange | undefined): { createdMin?: number; createdMax?: number } {
  if (created === undefined) return {};
  if (typeof created === 'number') return { createdMin: created, createdMax: created };
  const mins = [created.gte, created.gt === undefined ? undefined : created.gt + 1].filter((n): n is number => n !== undefined);
  const maxes = [created.lte, created.lt === undefined ? undefined : created.lt - 1].filter((n): n is number => n !== undefined);
  return {
    ...(mins.length ? { createdMin: Math.max(...mins) } : {}),
    ...(maxes.length ? { createdMax: Math.min(...maxes) } : {}),
  };
}

import { ApiError } from '../errors/api-error';
import { ListOf } from '../schemas/resources';
import { Page, PageQuery, Position } from '../store/timeline';

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

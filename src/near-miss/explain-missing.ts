import { ApiError } from '../errors/api-error';
import type { Store, Workspace } from '../store/store';
import { idOwner } from './id-owner';

/** Where a missing id was found after all, as the journal shows it to the admin side. */
export interface MissedId {
  id: string;
  workspace: string;
  livemode: boolean;
}

/** The request a 404 `resource_missing` answered: whose key, and what it asked for. */
export interface MissingContext {
  store: Store;
  workspace: Workspace;
  livemode: boolean;
  /** The path's captured segments (`id`) and the request's parameters (`customer`). */
  path: Record<string, string>;
  params: unknown;
}

/**
 * Explains a 404 `resource_missing` as the provider does. When the other mode of the same workspace holds the
 * id, the message says so ("a similar object exists in live mode, but a test mode key was used"): the same
 * account's two modes are one developer's, and mixing their keys is the commonest mistake. When another
 * workspace holds it, the answer is left as it is (workspaces are isolated: the /v1 answer must not reveal that
 * the id exists), and only `missed` names the place, for the journal, which the admin side alone reads.
 */
export function explainMissing(error: ApiError, request: MissingContext): { error: ApiError; missed: MissedId | null } {
  const id = missingId(error, request);
  if (id === undefined) return { error, missed: null };
  const owner = idOwner(request.store, request.workspace, request.livemode, id);
  if (!owner) return { error, missed: null };
  const missed = { id, ...owner };
  if (owner.workspace !== request.workspace.id) return { error, missed };
  const held = owner.livemode ? 'live' : 'test';
  const used = request.livemode ? 'live' : 'test';
  const message = `${error.message.replace(/\.$/, '')}; a similar object exists in ${held} mode, but a ${used} mode key was used to make this request.`;
  return { error: new ApiError(error.code, message, error.extras), missed };
}

/** The id the error is about: the path's `id`, or the parameter it names (`customer`). */
function missingId(error: ApiError, request: MissingContext): string | undefined {
  if (error.code !== 'resource_missing' || error.extras.param === undefined) return undefined;
  const param = error.extras.param;
  if (Object.hasOwn(request.path, param)) return request.path[param];
  const value = request.params && typeof request.params === 'object' ? (request.params as Record<string, unknown>)[param] : undefined;
  return typeof value === 'string' && value.length <= 255 ? value : undefined;
}

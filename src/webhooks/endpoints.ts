import { toBase64 } from '../runtime/bytes';
import { EVENT_TYPES } from '../domain/events';
import { copyMetadata } from '../domain/payments';
import { Scope } from '../domain/scope';
import { isKnownVersion, VERSIONS } from '../domain/versions';
import { parseDuration } from '../clock/duration';
import { ApiError } from '../errors/api-error';
import { DeletedObject, WebhookEndpoint } from '../schemas/resources';
import { Random } from '../store/random';

/** At most this many endpoints per account and mode, as the real API allows. */
export const MAX_ENDPOINTS = 16;

const KNOWN_TYPES = new Set<string>(EVENT_TYPES);
const KNOWN_GROUPS = new Set(EVENT_TYPES.map((type) => type.slice(0, type.lastIndexOf('.'))));

export interface CreateEndpointParams {
  url: string;
  enabled_events: string[];
  description?: string;
  metadata?: Record<string, string>;
  api_version?: string;
}

export interface UpdateEndpointParams {
  url?: string;
  enabled_events?: string[];
  description?: string;
  metadata?: Record<string, string>;
  disabled?: boolean;
}

/** Why a URL cannot receive deliveries, or undefined when it can. */
export function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${clip(url)}" is not a URL. Use an absolute http: or https: URL such as http://localhost:3000/webhooks.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `"${clip(url)}" uses ${parsed.protocol.slice(0, 20)}: deliveries go to http: or https: URLs only.`;
  }
  if (parsed.username || parsed.password) return 'the URL must not carry a user name or password.';
  // Port 0 means "any free port" to a listener: nothing can ever receive there.
  if (parsed.port === '0') return `"${clip(url)}" names port 0, where nothing can receive: give the port your server listens on.`;
  return undefined;
}

/** Why a list of enabled events is not valid, or undefined when it is. */
export function enabledEventsProblem(events: readonly string[]): string | undefined {
  if (events.length === 0) return 'list at least one event type, a wildcard such as payment.*, or * for all.';
  for (const type of events) {
    if (type === '*') {
      if (events.length > 1) return '"*" already means every event: send it alone.';
      continue;
    }
    const known = type.endsWith('.*') ? KNOWN_GROUPS.has(type.slice(0, -2)) : KNOWN_TYPES.has(type);
    if (!known)
      return `unknown event type "${clip(type)}". Use one of ${EVENT_TYPES.join(', ')}, a group wildcard (${[...KNOWN_GROUPS].map((g) => `${g}.*`).join(', ')}), or *.`;
  }
  return undefined;
}

/** Whether an endpoint wants events of this type. */
export function wants(endpoint: WebhookEndpoint, type: string): boolean {
  for (const enabled of endpoint.enabled_events) {
    if (enabled === '*' || enabled === type) return true;
    if (enabled.endsWith('.*') && type.startsWith(enabled.slice(0, -1))) return true;
  }
  return false;
}

/** `whsec_` and the base64 of 32 random bytes, as the Standard Webhooks secret format has it. */
export function newSecret(random: Random): string {
  const bytes = new Uint8Array(32);
  for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(0, 255);
  return `whsec_${toBase64(bytes)}`;
}

/** An endpoint as the API shows it: the secret only where it is revealed (create, admin API). */
export function presentEndpoint(endpoint: WebhookEndpoint, reveal: boolean): WebhookEndpoint {
  return reveal ? endpoint : { ...endpoint, secret: null };
}

export function createEndpoint(scope: Scope, params: CreateEndpointParams, secret: string): WebhookEndpoint {
  const endpoints = scope.partition.webhookEndpoints;
  if (endpoints.size >= MAX_ENDPOINTS) {
    throw new ApiError(
      'webhook_endpoint_limit',
      `This account already has ${MAX_ENDPOINTS} ${scope.livemode ? 'live' : 'test'} webhook endpoints, the most it may have. Delete one (DELETE /v1/webhook_endpoints/{id}) first.`,
    );
  }
  checkUrl(params.url);
  checkEnabledEvents(params.enabled_events);
  if (params.api_version !== undefined && !isKnownVersion(params.api_version)) {
    throw new ApiError(
      'parameter_invalid',
      `Invalid api_version: ${clip(params.api_version)}. Use one of ${VERSIONS.join(', ')}, or leave it out for the events' own version.`,
      { param: 'api_version' },
    );
  }
  const endpoint: WebhookEndpoint = {
    id: scope.store.newId('we'),
    object: 'webhook_endpoint',
    url: params.url,
    enabled_events: [...params.enabled_events],
    status: 'enabled',
    secret,
    api_version: params.api_version ?? null,
    description: params.description ?? null,
    metadata: copyMetadata(params.metadata),
    created: scope.now,
    livemode: scope.livemode,
  };
  endpoints.add(endpoint, scope.store.nextSeq());
  return endpoint;
}

export function getEndpoint(scope: Scope, id: string): WebhookEndpoint {
  const endpoint = scope.partition.webhookEndpoints.get(id);
  if (!endpoint) throw new ApiError('resource_missing', `No such webhook endpoint: '${clip(id)}'.`, { param: 'id' });
  return endpoint;
}

/**
 * Changes an endpoint. `metadata` is merged key by key; an empty value removes its key. Returns the new version
 * (endpoints, like every stored object, are replaced rather than changed in place).
 */
export function updateEndpoint(scope: Scope, id: string, params: UpdateEndpointParams): WebhookEndpoint {
  const endpoint = getEndpoint(scope, id);
  if (params.url !== undefined) checkUrl(params.url);
  if (params.enabled_events !== undefined) checkEnabledEvents(params.enabled_events);
  const metadata = copyMetadata(endpoint.metadata);
  for (const [key, value] of Object.entries(params.metadata ?? {})) {
    if (value === '') delete metadata[key];
    else Object.defineProperty(metadata, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(metadata).length > 50)
    throw new ApiError('parameter_invalid', 'Invalid metadata: an endpoint may hold at most 50 keys.', { param: 'metadata' });
  const next: WebhookEndpoint = {
    ...endpoint,
    url: params.url ?? endpoint.url,
    enabled_events: params.enabled_events ? [...params.enabled_events] : endpoint.enabled_events,
    description: params.description ?? endpoint.description,
    metadata,
    status: params.disabled === undefined ? endpoint.status : params.disabled ? 'disabled' : 'enabled',
  };
  scope.partition.webhookEndpoints.replace(next);
  return next;
}

export function deleteEndpoint(scope: Scope, id: string): DeletedObject {
  const endpoint = getEndpoint(scope, id);
  scope.partition.webhookEndpoints.remove(endpoint.id);
  scope.partition.webhookSecretRolls.delete(endpoint.id);
  return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
}

/** How long a rolled secret may keep signing: a week covers any deploy; longer is no rotation at all. */
export const MAX_SECRET_GRACE_SECONDS = 7 * 86400;
const DEFAULT_SECRET_GRACE = '24h';

/**
 * Rolls an endpoint's signing secret: the endpoint gets `secret`, and its current one keeps signing deliveries
 * beside it for `expiresIn` on the workspace's clock (default 24h, at most 7 days, `now` or 0: not at all). A roll
 * during a roll replaces the older secret: a delivery carries two signatures at most.
 * @example rollSecret(scope, 'we_123', '2h', newSecret(random))
 */
export function rollSecret(scope: Scope, id: string, expiresIn: string | number | undefined, secret: string): WebhookEndpoint {
  const endpoint = getEndpoint(scope, id);
  const grace = secretGrace(expiresIn ?? DEFAULT_SECRET_GRACE);
  const next: WebhookEndpoint = { ...endpoint, secret };
  scope.partition.webhookEndpoints.replace(next);
  if (grace > 0 && endpoint.secret) scope.partition.webhookSecretRolls.set(id, { secret: endpoint.secret, expires_at: scope.now + grace });
  else scope.partition.webhookSecretRolls.delete(id);
  return next;
}

function secretGrace(expiresIn: string | number): number {
  const invalid = (why: string) => new ApiError('parameter_invalid', `Invalid expires_in: ${why}`, { param: 'expires_in' });
  if (expiresIn === 'now') return 0;
  let seconds: number;
  try {
    seconds = parseDuration(expiresIn);
  } catch {
    throw invalid(`"${clip(String(expiresIn))}" is not a duration. Use one such as "24h", "90m" or "7d", a number of seconds, or "now".`);
  }
  if (seconds < 0) throw invalid('it cannot be negative. Use "now" to stop signing with the old secret at once.');
  if (seconds > MAX_SECRET_GRACE_SECONDS) throw invalid(`at most 7 days (got ${clip(String(expiresIn))}).`);
  return seconds;
}

function checkUrl(url: string): void {
  const problem = urlProblem(url);
  if (problem) throw new ApiError('parameter_invalid', `Invalid url: ${problem}`, { param: 'url' });
}

function checkEnabledEvents(events: readonly string[]): void {
  const problem = enabledEventsProblem(events);
  if (problem) throw new ApiError('parameter_invalid', `Invalid enabled_events: ${problem}`, { param: 'enabled_events' });
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

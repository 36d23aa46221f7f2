import { ApiError } from '../errors/api-error';
import { isKnownVersion, VERSIONS } from '../domain/versions';
import { Workspace } from '../store/store';

/** The version a request runs at: its Service-Version header if it names a known one, else the workspace default. */
export function requestVersion(header: string | string[] | undefined, workspace: Workspace): string {
  if (header === undefined) return workspace.default_version;
  const value = Array.isArray(header) ? header.join(',') : header.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    throw new ApiError(
      'version_invalid',
      `Malformed Service-Version "${value.slice(0, 40)}": use a date such as ${VERSIONS[VERSIONS.length - 1]}. Known versions: ${VERSIONS.join(', ')}.`,
    );
  }
  if (!isKnownVersion(value)) {
    throw new ApiError('version_invalid', `Unknown Service-Version ${value}. Known versions: ${VERSIONS.join(', ')}.`);
  }
  return value;
}

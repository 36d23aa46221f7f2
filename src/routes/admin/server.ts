import { utf8Text } from '../../runtime/bytes';
import { LATEST_VERSION, versionChanges, VERSIONS } from '../../domain/versions';
import { ApiError } from '../../errors/api-error';
import { StateSaveError } from '../../state/state-save-error';
import { streamState } from '../../state/write-state';
import { StreamedJson } from '../shared/streamed-json';
import { onlyKeys } from '../shared/admin-input';
import { importState } from '../shared/import-state';
import { PACKAGE_VERSION } from '../../package-version';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { AdminRoute } from '../route-types';

const ok = { $ref: '#/components/schemas/Status' };

/** The server as a whole: health, reset, versions, and the store's state (export, import, save). */
export const ADMIN_SERVER_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/health',
    operationId: 'adminHealth',
    summary: 'Liveness',
    open: true,
    description: 'Answers as soon as the server listens, with the package version. Never needs the admin token.',
    response: ADMIN_SHAPES.health,
    example: { status: 'ok', version: PACKAGE_VERSION },
    handler: () => ({ status: 'ok', version: PACKAGE_VERSION }),
  },
  {
    method: 'POST',
    path: '/_mock/reset',
    operationId: 'adminReset',
    summary: 'Back to the fixtures',
    description: 'Store, keys, journal and faults back to the fixtures; keys and workspaces made at run time are gone. The clock and scenario stay.',
    response: ok,
    example: { status: 'ok' },
    handler: async ({ ctx, body }) => {
      onlyKeys(body, []);
      await ctx.inFlight.replace(null, () => ctx.reset());
      return { status: 'ok' };
    },
  },
  {
    method: 'GET',
    path: '/_mock/versions',
    operationId: 'adminVersions',
    summary: 'API versions',
    description: 'Every API version the `Service-Version` header accepts, the default for new accounts, and what each version changed.',
    response: ADMIN_SHAPES.versions,
    example: { default: '2025-08-27', versions: ['2024-09-30', '2025-08-27'], changes: [{ version: '2025-08-27', description: 'Customers return `phone`.' }] },
    handler: () => ({ default: LATEST_VERSION, versions: VERSIONS, changes: versionChanges() }),
  },
  {
    method: 'GET',
    path: '/_mock/state',
    operationId: 'adminExportState',
    summary: 'Export the store',
    description: 'The whole store in the fixture format with absolute times: save it and load it later with `PUT /_mock/state` or `--fixtures`.',
    response: ADMIN_SHAPES.state,
    example: { workspaces: [] },
    // Streamed, like a save: a store of any size exports, and requests are answered meanwhile. A response sink takes
    // text; each chunk decodes on its own (a chunk never splits a character).
    handler: ({ ctx }) => new StreamedJson((sink) => streamState(ctx.store, (bytes) => sink.write(utf8Text(bytes)), ctx.savedControls)),
  },
  {
    method: 'PUT',
    path: '/_mock/state',
    operationId: 'adminImportState',
    summary: 'Replace the store',
    description: 'Replaces the store with a document in the fixture format, validated like fixtures (each problem named by its JSON pointer).',
    body: ADMIN_SHAPES.state,
    exampleBody: { workspaces: [] },
    response: ok,
    example: { status: 'ok' },
    handler: async ({ ctx, body }) => {
      await importState(ctx, body);
      return { status: 'ok' };
    },
  },
  {
    method: 'POST',
    path: '/_mock/state/save',
    operationId: 'adminSaveState',
    summary: 'Save the store to the --state file',
    description:
      'Writes the store to the `--state` file atomically and answers its path. Without `--state`: 400. A save the file system refuses (a read-only folder, a full disk): 500 `state_save_failed`, naming the file and the reason; the previous file is whole.',
    response: ADMIN_SHAPES.saved,
    example: { status: 'ok', file: '/tmp/payments-mock-state.json' },
    handler: async ({ ctx }) => {
      if (!ctx.saveState) throw new ApiError('parameter_invalid', 'No state file: start payments-mock with --state <file> to save state.');
      let file: string;
      try {
        file = await ctx.saveState();
      } catch (error) {
        if (!(error instanceof StateSaveError)) throw error;
        throw new ApiError(
          'state_save_failed',
          `${error.message} The store is still in memory: make the folder writable (or free space) and save again, or restart with another --state path.`,
        );
      }
      return { status: 'ok', file };
    },
  },
];

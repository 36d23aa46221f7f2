import { presentAccount } from './shared/present';
import { ApiRoute, Call, route } from './route-types';

/** The account of the key. */
export const ACCOUNT_ROUTES: ApiRoute[] = [
  route({
    method: 'GET',
    path: '/v1/account',
    operationId: 'retrieveAccount',
    summary: 'The account of the key',
    description: "The account the key belongs to, with the key's mode, kind and permissions and the account's `default_version`.",
    params: 'none',
    permission: ['account', 'read'],
    publishable: false,
    response: 'Account',
    handler: ({ scope, key }: Call) => presentAccount(scope.workspace, key),
  }),
];

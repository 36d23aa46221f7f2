import { effectivePermissions } from '../../domain/keys';
import { Account, Payment } from '../../schemas/resources';
import { KeyRecord, Workspace } from '../../store/store';

/**
 * A payment as a key may see it: the client_secret is shown to secret keys and to a publishable key that
 * presented it, and is null for restricted keys. Stored payments are immutable versions, so no copy is needed
 * to freeze the response.
 */
export function presentPayment(payment: Payment, key: KeyRecord): Payment {
  return key.kind === 'restricted' ? withoutSecret(payment) : payment;
}

/** A payment as a restricted key sees it. */
export function withoutSecret(payment: Payment): Payment {
  return { ...payment, client_secret: null };
}

export function presentAccount(workspace: Workspace, key: KeyRecord): Account {
  return {
    id: workspace.account,
    object: 'account',
    name: workspace.name,
    livemode: key.livemode,
    default_version: workspace.default_version,
    created: workspace.created,
    key: { kind: key.kind, permissions: effectivePermissions(key) },
  };
}

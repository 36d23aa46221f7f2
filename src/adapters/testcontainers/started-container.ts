import { AbstractStartedContainer, StartedTestContainer } from 'testcontainers';
import type { KeyEntry } from '../../domain/key-entry';
import { keysByRole, WorkspaceKeys } from '../../workspaces/keys-by-role';
import { RemoteControls, remoteControls } from '../remote-controls';

/**
 * A running payments-mock container: Testcontainers' started container (stop, restart, logs, exec) with the
 * mock's base URL on the mapped port, its keys, and `startMock`'s controls over the admin API (workspaces, clock,
 * scenario, webhooks and their flush, the journal, triggers, flows, reset).
 *
 * @example
 * const mock = await new PaymentsMockContainer().start();
 * await fetch(`${mock.url}/v1/payments`, { method: 'POST', headers: { Authorization: `Bearer ${mock.secretKey}` }, body: new URLSearchParams({ amount: '2000', currency: 'usd' }) });
 * await mock.webhooks.flush();
 */
export class StartedPaymentsMockContainer extends AbstractStartedContainer implements RemoteControls {
  /** The admin token the container was started with (`withAdminToken`), if any. */
  readonly adminToken: string | undefined;
  private controls: RemoteControls;
  /** Every key of every workspace when the container started (`keys()` asks again). */
  private startKeys: KeyEntry[];

  private constructor(
    started: StartedTestContainer,
    private readonly port: number,
    controls: RemoteControls,
    keys: KeyEntry[],
    adminToken: string | undefined,
  ) {
    super(started);
    this.controls = controls;
    this.startKeys = keys;
    this.adminToken = adminToken;
  }

  /** Wraps a started container: reads its keys once it answers. */
  static async connect(started: StartedTestContainer, port: number, adminToken: string | undefined): Promise<StartedPaymentsMockContainer> {
    const controls = remoteControls(`http://${started.getHost()}:${started.getMappedPort(port)}`, adminToken);
    return new StartedPaymentsMockContainer(started, port, controls, await controls.keys(), adminToken);
  }

  /** The base URL on the host, e.g. `http://127.0.0.1:32771`. */
  get url(): string {
    return this.controls.url;
  }

  /** The first workspace's test keys when the container started, by role (`secret`, `publishable`, `restricted`). */
  get testKeys(): WorkspaceKeys {
    const first = this.startKeys[0]?.workspace;
    return keysByRole(this.startKeys.filter((key) => key.workspace === first));
  }

  /** The first workspace's test secret key (`sk_test_…`). */
  get secretKey(): string {
    return this.testKeys.secret;
  }

  /** Every key of every workspace, whole, as the mock lists them now. */
  keys(): Promise<KeyEntry[]> {
    return this.controls.keys();
  }

  get clock(): RemoteControls['clock'] {
    return this.controls.clock;
  }

  get webhooks(): RemoteControls['webhooks'] {
    return this.controls.webhooks;
  }

  setScenario: RemoteControls['setScenario'] = (name, options) => this.controls.setScenario(name, options);
  journal: RemoteControls['journal'] = (filter) => this.controls.journal(filter);
  sessionAsFlow: RemoteControls['sessionAsFlow'] = (options) => this.controls.sessionAsFlow(options);
  trigger: RemoteControls['trigger'] = (type, options) => this.controls.trigger(type, options);
  runFlow: RemoteControls['runFlow'] = (document) => this.controls.runFlow(document);
  createWorkspace: RemoteControls['createWorkspace'] = (options) => this.controls.createWorkspace(options);
  reset: RemoteControls['reset'] = () => this.controls.reset();

  /**
   * Restarts the container (Testcontainers' default timeout 0 kills it at once: give `{ timeout: 10_000 }` for
   * the mock to save its `/data` state first). The engine may map another host port: the controls follow it.
   */
  override async restart(options?: Parameters<AbstractStartedContainer['restart']>[0]): Promise<void> {
    await super.restart(options);
    this.controls = remoteControls(`http://${this.getHost()}:${this.getMappedPort(this.port)}`, this.adminToken);
  }
}

import { basename } from 'node:path';
import { GenericContainer, TestContainers, Wait } from 'testcontainers';
import { PACKAGE_VERSION } from '../../package-version';
import type { ScenarioName } from '../../scenarios/scenarios';
import { StartedPaymentsMockContainer } from './started-container';

export { StartedPaymentsMockContainer };
export type { RemoteControls } from '../remote-controls';
export type { TestWorkspace } from '../test-workspace';

/**
 * The port the image listens on (its `EXPOSE`).
 * @example started.getMappedPort(PAYMENTS_MOCK_PORT)
 */
export const PAYMENTS_MOCK_PORT = 4010;
/**
 * The image the docs build and tag with this package's version (`docker tag payments-mock payments-mock:<version>`).
 * @example new PaymentsMockContainer(DEFAULT_IMAGE) // the same as new PaymentsMockContainer()
 */
export const DEFAULT_IMAGE = `payments-mock:${PACKAGE_VERSION}`;
/** How a container reaches the host through Testcontainers' host port exposure. */
const HOST_FROM_CONTAINER = 'host.testcontainers.internal';
/** Where a fixtures file is copied in the container. */
const FIXTURES_DIR = '/fixtures';

/**
 * payments-mock's container image for Testcontainers: the sandbox's options as methods, waits for its health
 * check on the mapped port, and starts into a {@link StartedPaymentsMockContainer} with the base URL, the keys and
 * `startMock`'s controls over HTTP. Build the image first, in a checkout of payments-mock (`docker build -t payments-mock
 * -f Containerfile .`, then `docker tag payments-mock payments-mock:<version>`), or push it to your registry and name it here.
 *
 * @example
 * import { PaymentsMockContainer } from 'payments-mock/testcontainers';
 * const mock = await new PaymentsMockContainer().withClock('frozen@2026-01-01T00:00:00Z').withSeed(42).start();
 * const ws = await mock.createWorkspace();
 * await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
 * await ws.clock.advance('25h');
 * await mock.stop();
 */
export class PaymentsMockContainer extends GenericContainer {
  private adminToken: string | undefined;
  private readonly webhookPorts: number[] = [];
  private readonly webhookUrls: string[] = [];

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(PAYMENTS_MOCK_PORT)
      // The image's HEALTHCHECK path, asked from the host: ready once the mock answers, whatever the engine.
      .withWaitStrategy(Wait.forHttp('/_mock/health', PAYMENTS_MOCK_PORT));
  }

  /** A fixtures file of yours (JSON, as `--fixtures`), copied into the container; `'none'` for one empty workspace. */
  withFixtures(file: string): this {
    if (file === 'none') return this.withEnvironment({ PAYMENTS_MOCK_FIXTURES: 'none' });
    const target = `${FIXTURES_DIR}/${basename(file)}`;
    // Readable by the image's unprivileged user.
    return this.withCopyFilesToContainer([{ source: file, target, mode: 0o644 }]).withEnvironment({ PAYMENTS_MOCK_FIXTURES: target });
  }

  /** `real`, `frozen`, `frozen@<ISO-8601>` or `offset:<duration>`, as `--clock`. */
  withClock(clock: string): this {
    return this.withEnvironment({ PAYMENTS_MOCK_CLOCK: clock });
  }

  /** The scenario at start (`happy`, `manual`, `decline`, …), as `--scenario`. */
  withScenario(scenario: ScenarioName): this {
    return this.withEnvironment({ PAYMENTS_MOCK_SCENARIO: scenario });
  }

  /** Reproducible ids, faults and generated data, as `--seed`. */
  withSeed(seed: number): this {
    return this.withEnvironment({ PAYMENTS_MOCK_SEED: String(seed) });
  }

  /** Requires this token on the admin API, as `--admin-token`; the started container's controls send it. */
  withAdminToken(token: string): this {
    this.adminToken = token;
    return this.withEnvironment({ PAYMENTS_MOCK_ADMIN_TOKEN: token });
  }

  /**
   * Delivers every event of the first workspace (test mode) to a server on this machine, listening on
   * 127.0.0.1:`port`, as `--webhook`: the container reaches it through Testcontainers' host port exposure
   * (`TestContainers.exposeHostPorts`). The endpoint's secret is in `started.webhooks.endpoints()`.
   * @example new PaymentsMockContainer().withWebhookToHost(receiverPort, '/webhooks')
   */
  withWebhookToHost(port: number, path = '/'): this {
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`payments-mock: withWebhookToHost(${port}): the port must be 1 to 65535.`);
    this.webhookPorts.push(port);
    this.webhookUrls.push(`http://${HOST_FROM_CONTAINER}:${port}${path.startsWith('/') ? path : `/${path}`}`);
    return this.withEnvironment({ PAYMENTS_MOCK_WEBHOOK: this.webhookUrls.join(' ') });
  }

  override async start(): Promise<StartedPaymentsMockContainer> {
    // Before the container is created: Testcontainers then gives it the host name that reaches these ports.
    if (this.webhookPorts.length) await TestContainers.exposeHostPorts(...this.webhookPorts);
    const started = await super.start();
    return StartedPaymentsMockContainer.connect(started, PAYMENTS_MOCK_PORT, this.adminToken);
  }
}

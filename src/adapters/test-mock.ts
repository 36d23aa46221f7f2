import type { MockOptions } from '../app/mock-options';
import { MockServer, startMock } from '../start-mock';

/** Options of a mock a test runner starts: anything but the port, which is always a free one. */
export type TestMockOptions = Omit<MockOptions, 'port'>;

/**
 * A mock for a test run, as every runner helper (Jest, Vitest, Playwright Test) starts it: any free port, so
 * parallel runs never collide, and no fixtures unless told, so tests see only what they make.
 *
 * @example const mock = await startTestMock({ clock: 'frozen@2026-01-01T00:00:00Z' });
 */
export function startTestMock(options: TestMockOptions = {}): Promise<MockServer> {
  return startMock({ fixtures: 'none', ...options, port: 0 });
}

/**
 * Jest `globalTeardown` of the main project: the run must end on its own (jest.config.js has no `forceExit`, whose
 * notice would hide a leak). Should something still hold the main process open 15 s after the last test (a
 * server, socket or timer that a global setup left behind), this names what is open and fails the run, instead
 * of hanging. The timer is unref'd: a run that ends on its own never sees it. Watch mode stays alive by design.
 */
export default function exitGuard(globalConfig: { watch?: boolean; watchAll?: boolean }): void {
  if (globalConfig.watch || globalConfig.watchAll) return;
  setTimeout(() => {
    process.stderr.write(`The test run did not end on its own: still open in the main process: ${process.getActiveResourcesInfo().join(', ')}\n`);
    process.exit(1);
  }, 15_000).unref();
}

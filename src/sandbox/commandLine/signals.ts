// SIGTERM and SIGINT (Ctrl-C) stop the command line's sandbox gently: no new connection, the requests in progress
// answered and their writes stored, the store closed, exit 0. A second signal exits at once (code 1), for when
// waiting is not wanted.
import type { CliLog } from './logLines';

export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** Calls `stop` on the first stop signal, then exits 0 (1 when stopping failed); a second signal exits 1 at once. */
export function stopOnSignals(
  stop: () => Promise<void>,
  log: CliLog,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.event('stopped', `${signal} again: stopped at once, requests in progress cut`, { signal }, 'warn');
      exit(1);
      return;
    }
    stopping = true;
    log.event('stopping', `${signal}: finishing the requests in progress, then stopping`, { signal });
    stop().then(
      () => {
        log.event('stopped', 'Stopped', {});
        exit(0);
      },
      (failure: unknown) => {
        log.line(`Could not stop cleanly: ${(failure as Error)?.message ?? failure}`, 'error');
        exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}

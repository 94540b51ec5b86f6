// Process checks: whether a process that wrote a temporary file or holds a lock still runs.

/** Whether a process with this id runs (EPERM: it does, as another user's). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (failure) {
    return (failure as NodeJS.ErrnoException).code === 'EPERM';
  }
}

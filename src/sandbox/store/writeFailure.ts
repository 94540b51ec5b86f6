/** What a file-system error code means for a data folder, and what the user can do about it. */
const REASONS: Record<string, { reason: string; remedy: string }> = {
  ENOSPC: { reason: 'the disk is full', remedy: 'Free some disk space' },
  EDQUOT: { reason: 'the disk quota is used up', remedy: 'Free some space within the quota' },
  EROFS: { reason: 'the file system is read-only', remedy: 'Make the data folder writable' },
  EACCES: { reason: 'permission was denied', remedy: 'Make the data folder writable' },
  EPERM: { reason: 'permission was denied', remedy: 'Make the data folder writable' },
  EIO: { reason: 'the disk reported an input/output error', remedy: 'Check the disk' },
};

/**
 * A group commit the data folder refused (a full disk, a read-only or failing one). Every request of the group, and
 * every request that changed the state after it, is answered with it. `undone` says whether the state was put back
 * to what is stored: it is, unless the stored state could not be read back either.
 */
export class StoreWriteError extends Error {
  readonly code: string | undefined;
  /** The same failure said of a start: the sandbox does not start with a state it cannot store. */
  readonly startMessage: string;

  constructor(
    readonly dataDir: string,
    readonly failure: unknown,
    readonly undone: boolean,
  ) {
    const code = (failure as NodeJS.ErrnoException)?.code;
    const known = code === undefined ? undefined : REASONS[code];
    const reason = known ? `${known.reason} (${code})` : ((failure as Error)?.message ?? String(failure));
    const remedy = known?.remedy ?? 'Check the disk and the folder';
    const outcome = undone
      ? 'Nothing was changed.'
      : 'It could not read back what is stored either: the change stays in memory and is written with the next write that succeeds.';
    super(
      `The sandbox could not save this change to its data folder ${dataDir}: ${reason}. ${outcome} ${remedy}, then send the request again.`,
    );
    this.name = 'StoreWriteError';
    this.code = code;
    this.startMessage = `The sandbox could not write its state to its data folder ${dataDir}: ${reason}. ${remedy}, then start it again.`;
  }
}

// Work on one resource runs one job at a time, in arrival order: two notifications of the same order (orders and
// orders_v2, or a retry) never check and add its note at the same time. Different resources run side by side.

export function keyedQueue() {
  /** @type {Map<string, Promise<void>>} the last job queued per key */
  const tails = new Map();

  return {
    /**
     * Queues `job` behind the jobs of `key`; its failure is handed to `onError` and does not stop the next job.
     * @param {string} key
     * @param {() => Promise<unknown>} job
     * @param {(error: unknown) => void} onError
     */
    run(key, job, onError) {
      const tail = (tails.get(key) ?? Promise.resolve()).then(job).then(
        () => undefined,
        (error) => onError(error),
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return tail;
    },
    /** Resolves once no job is queued or running. */
    async idle() {
      while (tails.size) await Promise.all([...tails.values()]);
    },
  };
}

// Preloaded (`node --expose-gc --require`) into a sandbox the bench starts as a child process: answers 'memory' on
// the IPC channel with the process's memory after a full collection, so the figure is what the data keeps alive.
process.on('message', (message) => {
  if (message !== 'memory') return;
  global.gc?.();
  const usage = process.memoryUsage();
  process.send?.({ rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external });
});

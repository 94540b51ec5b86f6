// The notification receiver under a burst: 1,000 notifications (20% repeated), 50 at a time, over loopback from a
// sender in another process (its own code warmed first). The first burst meets a receiver whose code has never run
// (a window's first burst); the later ones a warm receiver (their median).
import { BurstSender, measureAcknowledgement } from '../../test/bench/notificationsAck';
import { formatNumber, median, type Report } from './report';

const TARGET = { max: 20, strict: true, text: 'p99 < 20 ms' };

export async function receiverAcknowledgement(report: Report, warmRuns: number): Promise<void> {
  const bursts = [];
  const sender = new BurstSender();
  try {
    for (let run = 0; run <= warmRuns; run += 1) bursts.push(await measureAcknowledgement(sender, 1000, 50));
  } finally {
    sender.stop();
  }
  const stored = [...new Set(bursts.map((burst) => burst.stored))].join(', ');
  const [cold, ...warm] = bursts;
  report.add('receiver ack p99, first 1,000 burst (50 at once, cold)', cold!.p99, 'ms', {
    target: TARGET,
    detail: `p50 ${formatNumber(cold!.p50)} ms · max ${formatNumber(cold!.max)} ms · ${stored} of 800 distinct stored`,
    extra: { p50_ms: cold!.p50, max_ms: cold!.max },
  });
  const p50 = median(warm.map((burst) => burst.p50));
  report.add(
    'receiver ack p99, later 1,000 bursts (warm)',
    warm.map((burst) => burst.p99),
    'ms',
    {
      target: TARGET,
      detail: `p50 ${formatNumber(p50)} ms · median of ${warm.length} bursts`,
      extra: { p50_ms: p50, p50_runs: warm.map((burst) => burst.p50).join(' ') },
    },
  );
}

// The notification receiver under a burst: 1,000 notifications (20% repeated), 50 at a time, over loopback; p50 and
// p99 of the acknowledgement, each the median of `runs` bursts.
import { measureAcknowledgement } from '../../test/bench/notificationsAck';
import { formatNumber, median, type Report } from './report';

export async function receiverAcknowledgement(report: Report, runs: number): Promise<void> {
  const bursts = [];
  for (let run = 0; run < runs; run += 1) bursts.push(await measureAcknowledgement(1000, 50));
  const stored = [...new Set(bursts.map((burst) => burst.stored))].join(', ');
  report.add('receiver ack p50, 1,000 burst (50 at once)', median(bursts.map((burst) => burst.p50)), 'ms', {
    runs: bursts.map((burst) => burst.p50),
  });
  report.add('receiver ack p99, 1,000 burst (50 at once)', median(bursts.map((burst) => burst.p99)), 'ms', {
    runs: bursts.map((burst) => burst.p99),
    target: { max: 20, strict: true, text: '< 20 ms' },
    detail: `max ${formatNumber(median(bursts.map((burst) => burst.max)))} ms · ${stored} of 800 distinct stored`,
  });
}

// The shape a feed entry must have to be listed, shown, forwarded or replayed. The feed file is shared by every
// window and may have been written by an older version, by hand or by a hostile program: an entry of another shape is
// dropped on reading, so the view and the commands only ever see text where they show text.
import { isRecord } from '../../model/records';
import { nestedDeeperThan, STORED_DEPTH_LIMIT } from '../../platform/storage/jsonDepth';
import type { FeedEntry } from './feed';
import { ownField } from './notificationFields';

/** Why a value is not a feed entry; undefined when it is one. */
export function feedEntryProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'not an object';
  const field = (name: keyof FeedEntry) => ownField(value, name);
  const key = field('key');
  if (typeof key !== 'string' || key === '') return 'no key';
  for (const name of ['topic', 'resource', 'raw', 'firstReceivedAt', 'lastReceivedAt'] as const) {
    if (typeof field(name) !== 'string') return `no ${name}`;
  }
  for (const name of ['userId', 'sent'] as const) {
    if (field(name) !== undefined && typeof field(name) !== 'string') return `${name} is not text`;
  }
  const body = field('body');
  if (!isRecord(body)) return 'no body';
  if (nestedDeeperThan(body, STORED_DEPTH_LIMIT)) return `its body nests deeper than ${STORED_DEPTH_LIMIT} levels`;
  if (!isCount(field('deliveries')) || !isCount(field('attempts'))) return 'no delivery counts';
  const source = field('source');
  if (source !== 'received' && source !== 'pulled') return 'no source';
  const forward = field('forward');
  if (forward !== undefined && !isForward(forward)) return 'a forward of another shape';
  const problems = field('problems');
  if (problems !== undefined && !(Array.isArray(problems) && problems.every((line) => typeof line === 'string')))
    return 'problems that are not text';
  return undefined;
}

export function isFeedEntry(value: unknown): value is FeedEntry {
  return feedEntryProblem(value) === undefined;
}

function isForward(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const status = ownField(value, 'status');
  const error = ownField(value, 'error');
  return (
    typeof ownField(value, 'url') === 'string' &&
    (status === null || Number.isInteger(status)) &&
    isCount(ownField(value, 'ms')) &&
    typeof ownField(value, 'at') === 'string' &&
    (error === undefined || typeof error === 'string')
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

// What the Notifications view and its commands make of feed entries' fields (descriptions, groups, targets, the
// tooltip's body): text, and none of it may throw, whatever the entries were stored from.
import assert from 'node:assert/strict';
import type { FeedEntry } from '../../../../src/features/notifications/feed';
import {
  entryDescription,
  groupByTopic,
  notificationTarget,
  topicIcon,
  topicMeaning,
} from '../../../../src/features/notifications/feedFormat';

export function describeAll(entries: readonly FeedEntry[]): void {
  const now = new Date('2026-03-02T16:00:00.000Z');
  for (const entry of entries) {
    const words = [
      entryDescription(entry, now),
      `${entry.topic} ${entry.resource} ${entry.key} ${entry.problems?.join('; ') ?? ''}`,
      JSON.stringify(entry.body, null, 2),
      topicIcon(entry.topic),
      new Date(entry.firstReceivedAt).toLocaleString(),
    ];
    for (const word of words) assert.equal(typeof word, 'string');
    notificationTarget(entry.resource);
    topicMeaning(entry.topic);
  }
  assert.equal(
    groupByTopic(entries).reduce((sum, group) => sum + group.entries.length, 0),
    entries.length,
  );
}

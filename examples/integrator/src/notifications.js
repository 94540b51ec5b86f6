// What the service does with each notification: the topic says which kind of resource changed, `resource` which one.
// The service fetches the resource itself (a notification carries no data), so handling one twice is harmless.
import { keyedQueue } from './keyedQueue.js';
import { notePaidOrder } from './orderNotes.js';
import { syncListing } from './stock.js';

const ORDER = /^\/orders\/(\d{1,20})$/;
const ITEM = /^\/items\/([A-Z]{3}\d{1,20})$/;

/** Checks a notification body: `{topic, resource, ...}` as the spec's Notification; a reason when it is not one. */
export function notificationProblem(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body is not a JSON object';
  if (typeof body.topic !== 'string' || !body.topic) return 'topic is missing';
  if (typeof body.resource !== 'string' || !body.resource.startsWith('/')) return 'resource is not a path';
  return undefined;
}

/**
 * @param {{api: ReturnType<import('./marketplace.js').createClient>, inventory: {read(): Promise<Map<string, number>>}, log: (line: string) => void}} deps
 */
export function notificationHandler(deps) {
  const { log } = deps;
  const queue = keyedQueue();
  const failed = (what) => (error) => log(`${what}: failed: ${error.message}`);

  /** The job a notification calls for, or undefined when this service has nothing to do with it. */
  function jobFor({ topic, resource }) {
    if (topic === 'orders' || topic === 'orders_v2') {
      const orderId = ORDER.exec(resource)?.[1];
      return orderId && (() => notePaidOrder(deps, orderId));
    }
    if (topic === 'items') {
      const itemId = ITEM.exec(resource)?.[1];
      return itemId && (() => syncListing(deps, itemId));
    }
    return undefined;
  }

  return {
    /** Queues the work of an acknowledged notification (called after the 200 was sent). */
    accept(notification) {
      const { topic, resource, attempts } = notification;
      const job = jobFor(notification);
      log(`notification ${topic} ${resource} (attempt ${attempts ?? '?'})${job ? '' : ': nothing to do'}`);
      if (job) void queue.run(resource, job, failed(`${topic} ${resource}`));
    },
    /** Syncs one listing through the same queue as its notifications. */
    syncListing(itemId) {
      let outcome = 'failed';
      const job = async () => {
        outcome = await syncListing(deps, itemId);
      };
      return queue.run(`/items/${itemId}`, job, failed(`stock of ${itemId}`)).then(() => outcome);
    },
    idle: () => queue.idle(),
  };
}

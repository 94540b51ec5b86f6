import { badRequest, ok, optionalObjectBody } from '../http';
import { ownRecord } from '../records';
import type { Route } from '../router';
import type { Sandbox } from '../sandbox';
import { untracked } from '../store/tracking';
import { SELLER_ID } from '../users/ids';
import { permalink, picture, publicItem } from './build';
import { CATEGORY } from './categories';
import { ITEM, NEW_ITEM_NUMBER_START } from './ids';
import { itemOr404, readItemOr404 } from './routes';
import type { SandboxItem } from './state';
import { adjustStock, applyStatus } from './stock';

const REVIEW_SUB_STATES = ['warning', 'waiting_for_patch', 'held', 'pending_documentation', 'forbidden'];
/** Largest batch of generated items per admin call. */
const MAX_BULK = 5_000;

function changed(sandbox: Sandbox, item: SandboxItem): Record<string, unknown> {
  item.last_updated = sandbox.nowIso();
  sandbox.notify({ topic: 'items', resource: `/items/${item.id}`, user_id: item.seller_id });
  return publicItem(item);
}

function requireState(item: SandboxItem, status: SandboxItem['status'], sub: string | undefined, what: string): void {
  if (item.status !== status || (sub !== undefined && !item.sub_status.includes(sub))) {
    throw badRequest(
      `Item ${item.id} is ${item.status}${item.sub_status.length ? ` (${item.sub_status.join(', ')})` : ''}: ${what}`,
    );
  }
}

/** Admin routes of the items family (no token; for tests and demos). */
export const itemAdminRoutes: Route[] = [
  {
    method: 'GET',
    path: '/_sandbox/items',
    auth: 'none',
    handler: (request, sandbox) => {
      const seller = request.query.get('seller_id');
      const status = request.query.get('status');
      return ok(
        Object.values(sandbox.state.items.items)
          .filter((item) => (!seller || String(item.seller_id) === seller) && (!status || item.status === status))
          .map((item) => ({
            id: item.id,
            seller_id: item.seller_id,
            title: item.title,
            category_id: item.category_id,
            status: item.status,
            sub_status: item.sub_status,
            available_quantity: item.available_quantity,
            sold_quantity: item.sold_quantity,
            listing_type_id: item.listing_type_id,
            condition: item.condition,
          })),
      );
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/items/:item_id',
    auth: 'none',
    // The stored item including bookkeeping (`_description`, `_listing_type_changes`, `_since_ms`).
    handler: (request, sandbox) => ok(readItemOr404(sandbox, request.params.item_id!)),
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/pay',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      requireState(item, 'payment_required', undefined, 'only an item in payment_required has a listing fee to pay.');
      applyStatus(sandbox, item, { status: 'active', sub_status: [] });
      return ok(changed(sandbox, item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/review',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      const sub = optionalObjectBody(request).sub_status ?? 'warning';
      if (typeof sub !== 'string' || !REVIEW_SUB_STATES.includes(sub)) {
        throw badRequest(`sub_status must be one of ${REVIEW_SUB_STATES.join(', ')}.`);
      }
      if (!['active', 'paused', 'under_review'].includes(item.status)) {
        throw badRequest(
          `Item ${item.id} is ${item.status}: only active, paused or under_review items go under review.`,
        );
      }
      item.status = 'under_review';
      item.sub_status = [sub];
      item._since_ms = sandbox.now().getTime();
      return ok(changed(sandbox, item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/review/approve',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      requireState(item, 'under_review', undefined, 'only an item under review can be approved.');
      if (item.sub_status.includes('forbidden')) {
        throw badRequest(`Item ${item.id} is forbidden: moderation removed it and it can only be deleted.`);
      }
      applyStatus(sandbox, item, { status: 'active', sub_status: [] });
      return ok(changed(sandbox, item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/pictures/pending',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      if (item.status !== 'active' && item.status !== 'paused') {
        throw badRequest(`Item ${item.id} is ${item.status}: only active or paused items can wait for pictures.`);
      }
      applyStatus(sandbox, item, { status: 'paused', sub_status: ['picture_download_pending'] });
      return ok(changed(sandbox, item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/pictures/downloaded',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      requireState(item, 'paused', 'picture_download_pending', 'no picture download is pending.');
      applyStatus(
        sandbox,
        item,
        item.available_quantity > 0
          ? { status: 'active', sub_status: [] }
          : { status: 'paused', sub_status: ['out_of_stock'] },
      );
      return ok(changed(sandbox, item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/:item_id/stock',
    auth: 'none',
    handler: (request, sandbox) => {
      const item = itemOr404(sandbox, request.params.item_id!);
      const delta = optionalObjectBody(request).delta;
      if (typeof delta !== 'number' || !Number.isInteger(delta)) {
        throw badRequest('Send {delta}: a whole number of units (negative sells, positive gives back).');
      }
      adjustStock(sandbox, item.id, delta);
      return ok(publicItem(item));
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/items/bulk',
    auth: 'none',
    handler: (request, sandbox) => {
      const input = optionalObjectBody(request);
      const count = input.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_BULK) {
        throw badRequest(`Send {count}: a whole number of items from 1 to ${MAX_BULK}.`);
      }
      // `template`: copy another of the seller's items (its category and attributes; a sized shirt gives sized
      // listings a size chart accepts). By default, copies of a phone case.
      const templateId = input.template ?? ITEM.PHONE_NO_SALES;
      if (typeof templateId !== 'string') throw badRequest('Send {template} as an item id.');
      const template = ownRecord(sandbox.state.items.items, templateId);
      if (!template) throw badRequest(`The template item ${templateId} does not exist; reset the sandbox.`);
      const custom = templateId !== ITEM.PHONE_NO_SALES;
      const created: string[] = [];
      for (let index = 0; index < count; index++) {
        const number = sandbox.nextId('item:MLA', NEW_ITEM_NUMBER_START - 1);
        const id = `MLA${number}`;
        const title = custom
          ? `${template.title} Lote ${number % 100_000}`
          : `Funda Silicona Celular Modelo ${number % 100_000}`;
        const shot = picture(`bulk://${id}`);
        const stamp = sandbox.nowIso();
        sandbox.state.items.items[id] = {
          ...structuredClone(untracked(template)),
          id,
          title,
          seller_id: SELLER_ID,
          category_id: custom ? template.category_id : CATEGORY.CELLPHONES,
          price: 4_999 + (number % 50) * 100,
          base_price: 4_999 + (number % 50) * 100,
          available_quantity: 20,
          initial_quantity: 20,
          sold_quantity: 0,
          seller_custom_field: `SKU-BULK-${number}`,
          permalink: permalink(id, title),
          pictures: [shot],
          thumbnail: shot.url,
          secure_thumbnail: shot.secure_url,
          descriptions: [],
          date_created: stamp,
          start_time: stamp,
          last_updated: stamp,
          status: 'active',
          sub_status: [],
          _since_ms: sandbox.now().getTime(),
        };
        created.push(id);
      }
      return { status: 201, body: { created: created.length, first: created[0], last: created.at(-1) } };
    },
  },
];

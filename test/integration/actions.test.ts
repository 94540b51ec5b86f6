import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { getBlacklist } from '../../src/api/blacklist';
import { getItem } from '../../src/api/items';
import { getFeedback, getOrder, listNotes, searchOrders } from '../../src/api/orders';
import { getAllChartItems, listSizeCharts } from '../../src/api/sizeCharts';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { ExplorerNode } from '../../src/features/explorer/nodes';
import type { Order } from '../../src/model/order';
import { ITEM } from '../../src/sandbox/items/ids';
import { SEEDED_CHART_IDS } from '../../src/sandbox/sizeCharts/seed';
import { SECOND_USER_ID, SELLER_ID } from '../../src/sandbox/users/ids';
import { children, childrenOfKind, itemNode, rootNode } from './support/explorerTree';
import { onFreshSandbox, withLoggedErrors } from './support/extensionApi';
import { admin } from './support/sandboxRequests';
import { until } from './support/until';

describe('resource actions against the sandbox', () => {
  let api: TestApi;

  before(async () => {
    api = await onFreshSandbox();
    await api.explorer.refresh();
  });

  const client = () => {
    const session = api.sessions.current;
    assert.ok(session, 'signed in');
    return session.client;
  };
  /** The item's tree node when it is on the first page, else its id (the palette path without a prompt). */
  async function itemTarget(id: string): Promise<ExplorerNode | string> {
    return (await itemNode(api, id)) ?? id;
  }
  async function orderNodes(): Promise<ExplorerNode[]> {
    return childrenOfKind(api, await rootNode(api, 'ordersRoot'), 'order');
  }
  /** Paid orders the seller has not rated yet, before their deadline (the ones feedback accepts): node or id. */
  async function rateableOrders(): Promise<(ExplorerNode | number)[]> {
    const now = Date.now();
    const answer = await searchOrders(client(), { seller: SELLER_ID, status: 'paid', sort: 'date_desc', limit: 50 });
    const nodes = await orderNodes();
    return answer.results
      .filter(
        (order) =>
          !order.feedback?.sale && (!order.expiration_date || Date.parse(order.expiration_date) > now + 3_600_000),
      )
      .map((order) => nodes.find((node) => (node.data as Order).id === order.id) ?? order.id);
  }
  async function notesOf(order: ExplorerNode): Promise<ExplorerNode[]> {
    const found: ExplorerNode[] = [];
    for (const child of await children(api, order)) {
      if (child.kind === 'note') found.push(child);
      else if (child.kind === 'group') found.push(...(await childrenOfKind(api, child, 'note')));
    }
    return found;
  }
  const run = (command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args);
  /** Runs a command that should be refused: its error message is dismissed so the command settles. */
  async function refused(command: string, ...args: unknown[]): Promise<unknown> {
    let settled = false;
    const pending = Promise.resolve(run(command, ...args)).finally(() => {
      settled = true;
    });
    await until('the refusal to be shown and dismissed', async () => {
      await vscode.commands.executeCommand('notifications.clearAll');
      return settled;
    });
    return pending;
  }

  describe('items', () => {
    it('pauses and activates an item from its node, and the node shows the new state', async () => {
      const target = await itemTarget(ITEM.TSHIRT_M);
      assert.equal(await run(COMMANDS.pauseItem, target), true);
      assert.equal((await getItem(client(), ITEM.TSHIRT_M)).status, 'paused');
      if (typeof target !== 'string') assert.equal((target.data as { status: string }).status, 'paused');
      assert.equal(await run(COMMANDS.activateItem, target), true);
      assert.equal((await getItem(client(), ITEM.TSHIRT_M)).status, 'active');
    });

    it('changes the stock and the price', async () => {
      assert.equal(await run(COMMANDS.setItemStock, await itemTarget(ITEM.TSHIRT_L), { quantity: 7 }), true);
      assert.equal((await getItem(client(), ITEM.TSHIRT_L)).available_quantity, 7);
      assert.equal(await run(COMMANDS.setItemPrice, await itemTarget(ITEM.TSHIRT_S), { price: 4321 }), true);
      assert.equal((await getItem(client(), ITEM.TSHIRT_S)).price, 4321);
    });

    it('sets and removes MANUFACTURING_TIME', async () => {
      const target = await itemTarget(ITEM.SNEAKERS_40);
      const term = async () =>
        (await getItem(client(), ITEM.SNEAKERS_40)).sale_terms?.find((entry) => entry.id === 'MANUFACTURING_TIME');
      assert.equal(await run(COMMANDS.setManufacturingTime, target, { days: 12 }), true);
      assert.equal((await term())?.value_name, '12 días');
      assert.equal(await run(COMMANDS.removeManufacturingTime, target, { confirm: true }), true);
      assert.equal(await term(), undefined);
    });

    it('sets PURCHASE_MAX_QUANTITY where the category lists it', async () => {
      assert.equal(
        await run(COMMANDS.setPurchaseMaxQuantity, await itemTarget(ITEM.GROCERY_YERBA), { maxQuantity: '6' }),
        true,
      );
      const item = await getItem(client(), ITEM.GROCERY_YERBA);
      assert.equal(item.sale_terms?.find((entry) => entry.id === 'PURCHASE_MAX_QUANTITY')?.value_name, '6');
    });

    it('refuses what the state or the category does not allow, and changes nothing', async () => {
      // A closed listing cannot be paused.
      assert.equal(await refused(COMMANDS.pauseItem, ITEM.CAR_CLOSED_EXPIRED), undefined);
      assert.equal((await getItem(client(), ITEM.CAR_CLOSED_EXPIRED)).status, 'closed');
      // A T-shirt's category does not list PURCHASE_MAX_QUANTITY.
      assert.equal(await refused(COMMANDS.setPurchaseMaxQuantity, ITEM.TSHIRT_M, { maxQuantity: '3' }), undefined);
      const terms = (await getItem(client(), ITEM.TSHIRT_M)).sale_terms ?? [];
      assert.equal(
        terms.some((entry) => entry.id === 'PURCHASE_MAX_QUANTITY'),
        false,
      );
    });

    it('sets seller_custom_field', async () => {
      assert.equal(
        await run(COMMANDS.setSellerCustomField, await itemTarget(ITEM.SNEAKERS_42), { value: 'SKU-42-BLK' }),
        true,
      );
      assert.equal((await getItem(client(), ITEM.SNEAKERS_42)).seller_custom_field, 'SKU-42-BLK');
    });

    it('closes an item', async () => {
      assert.equal(await run(COMMANDS.closeItem, await itemTarget(ITEM.APARTMENT_RENT), { confirm: true }), true);
      assert.equal((await getItem(client(), ITEM.APARTMENT_RENT)).status, 'closed');
    });

    it('deletes an active item: closes it first, then deleted=true', async () => {
      assert.equal(await run(COMMANDS.deleteItem, await itemTarget(ITEM.SERVICE_MOVING), { confirm: true }), true);
      const stored = (await admin(api, 'GET', `/_sandbox/items/${ITEM.SERVICE_MOVING}`)) as {
        status: string;
        deleted?: string;
        sub_status?: string[];
      };
      assert.equal(stored.status, 'closed');
      assert.ok(stored.deleted === 'true' || stored.sub_status?.includes('deleted'), JSON.stringify(stored));
    });

    it('deletes an item removed by moderation directly (deleted=true, no close first)', async () => {
      assert.equal(await run(COMMANDS.deleteItem, ITEM.REVIEW_FORBIDDEN, { confirm: true }), true);
      const stored = (await admin(api, 'GET', `/_sandbox/items/${ITEM.REVIEW_FORBIDDEN}`)) as {
        status: string;
        deleted?: string;
        sub_status?: string[];
      };
      assert.ok(stored.deleted === 'true' || stored.sub_status?.includes('deleted'), JSON.stringify(stored));
    });

    it('offers on each item node only the actions its state allows', async () => {
      const items = await childrenOfKind(api, await rootNode(api, 'itemsRoot'), 'item');
      const words = (status: string) => {
        const node = items.find((entry) => (entry.data as { status: string }).status === status);
        assert.ok(node, `an item node in status ${status} on the first page`);
        return new Set(String(api.explorer.getTreeItem(node).contextValue).split(' '));
      };
      const active = words('active');
      assert.ok(
        active.has('can-pause') && active.has('can-close') && active.has('can-edit') && !active.has('can-activate'),
      );
      const closed = words('closed');
      assert.ok(!closed.has('can-pause') && !closed.has('can-activate') && !closed.has('can-close'));
      assert.ok(!closed.has('can-edit'));
    });
  });

  describe('orders', () => {
    it('offers delivery confirmation and return only on orders the seller may still rate', async () => {
      // Newest first, where the open reservations are (another test may have sorted the orders otherwise).
      const sort = api.explorer.filters.orders.sort;
      await run(COMMANDS.sortOrders, 'date_desc');
      try {
        const nodes = await orderNodes();
        const now = Date.now();
        const mayRate = (order: Order) =>
          order.status === 'paid' &&
          !order.feedback?.sale &&
          (!order.expiration_date || Date.parse(order.expiration_date) > now);
        const offered = (node: ExplorerNode) =>
          String(api.explorer.getTreeItem(node).contextValue).split(' ').includes('can-rate');
        assert.ok(
          nodes.some((node) => mayRate(node.data as Order)),
          'an order the seller may rate on the first page',
        );
        assert.ok(
          nodes.some((node) => !mayRate(node.data as Order)),
          'an order the seller may not rate',
        );
        for (const node of nodes)
          assert.equal(offered(node), mayRate(node.data as Order), String((node.data as Order).id));
      } finally {
        await run(COMMANDS.sortOrders, sort);
      }
    });

    it('adds, edits and deletes a note', async () => {
      const [order] = await orderNodes();
      assert.ok(order, 'an order node');
      const orderId = (order.data as Order).id;
      assert.equal(await run(COMMANDS.addOrderNote, order, { note: 'Call the buyer before noon.' }), true);
      const added = (await listNotes(client(), orderId)).find((note) => note.note === 'Call the buyer before noon.');
      assert.ok(added, 'the note was added');

      const node = (await notesOf(order)).find(
        (entry) => String((entry.data as { id: unknown }).id) === String(added.id),
      );
      assert.ok(node, 'the refreshed order shows the new note');
      assert.equal(await run(COMMANDS.editOrderNote, node, { note: 'Call after 3 pm.' }), true);
      const edited = (await listNotes(client(), orderId)).find((note) => String(note.id) === String(added.id));
      assert.equal(edited?.note, 'Call after 3 pm.');

      const again = (await notesOf(order)).find(
        (entry) => String((entry.data as { id: unknown }).id) === String(added.id),
      );
      assert.ok(again);
      assert.equal(await run(COMMANDS.deleteOrderNote, again, { confirm: true }), true);
      assert.equal(
        (await listNotes(client(), orderId)).some((note) => String(note.id) === String(added.id)),
        false,
      );
    });

    it('confirms delivery (fulfilled=true, positive) and returns a reservation (fulfilled=false, neutral)', async () => {
      const [first, second] = await rateableOrders();
      assert.ok(first !== undefined && second !== undefined, 'two paid orders that take feedback');
      const idOf = (target: ExplorerNode | number) => (typeof target === 'number' ? target : (target.data as Order).id);
      const delivered = idOf(first);
      const returned = idOf(second);

      assert.equal(await run(COMMANDS.confirmDelivery, first, { confirm: true }), true);
      const sale = (await getFeedback(client(), delivered)).sale;
      assert.equal(sale?.fulfilled, true);
      assert.equal(sale?.rating, 'positive');

      assert.equal(await run(COMMANDS.returnReservation, second, { confirm: true }), true);
      const back = (await getFeedback(client(), returned)).sale;
      assert.equal(back?.fulfilled, false);
      assert.equal(back?.rating, 'neutral');
      assert.ok((await getOrder(client(), returned)).status);
      // Feedback is sent once: a second confirmation is refused.
      assert.equal(await refused(COMMANDS.confirmDelivery, delivered, { confirm: true }), undefined);
      assert.equal((await getFeedback(client(), delivered)).sale?.rating, 'positive');
    });

    it('blacklists the buyer of an order', async () => {
      const answer = await searchOrders(client(), { seller: SELLER_ID, sort: 'date_desc', limit: 5 });
      const order = answer.results[0];
      assert.ok(order);
      assert.equal(await run(COMMANDS.blacklistBuyer, order.id, { confirm: true }), true);
      assert.ok((await getBlacklist(client(), SELLER_ID)).some((entry) => entry.user.id === order.buyer.id));
    });
  });

  describe('blacklist', () => {
    it('adds a user by id and removes it from its node', async () => {
      assert.equal(await run(COMMANDS.addToBlacklist, undefined, { userId: SECOND_USER_ID, confirm: true }), true);
      assert.ok((await getBlacklist(client(), SELLER_ID)).some((entry) => entry.user.id === SECOND_USER_ID));

      const blacklist = await rootNode(api, 'blacklistRoot');
      await api.explorer.refresh(blacklist);
      const node = (await childrenOfKind(api, blacklist, 'blacklistEntry')).find(
        (entry) => (entry.data as { user: { id: number } }).user.id === SECOND_USER_ID,
      );
      assert.ok(node, 'the blacklist shows the user');
      assert.equal(await run(COMMANDS.removeFromBlacklist, node, { confirm: true }), true);
      assert.equal(
        (await getBlacklist(client(), SELLER_ID)).some((entry) => entry.user.id === SECOND_USER_ID),
        false,
      );
    });
  });

  describe('size charts', () => {
    it('refuses to associate a listing without a complete SIZE, saying why, and leaves the chart as it was', async () => {
      const chart = SEEDED_CHART_IDS.shirts;
      const before = await getAllChartItems(client(), chart);
      await withLoggedErrors(api, async (logged) => {
        await refused(COMMANDS.associateChartItems, chart, { confirm: true, items: [...before, ITEM.PHONE_NO_SALES] });
        const line = logged.find((entry) => entry.includes(`Cannot associate these items with size chart ${chart}`));
        assert.match(line ?? logged.join('\n'), new RegExp(`Item ${ITEM.PHONE_NO_SALES} has no SIZE attribute`));
      });
      assert.deepEqual(await getAllChartItems(client(), chart), before);
    });

    it('deletes a size chart from its node', async () => {
      const charts = await childrenOfKind(api, await rootNode(api, 'sizeChartsRoot'), 'sizeChart');
      const chart = charts[0];
      assert.ok(chart, 'a size chart node');
      const chartId = (chart.data as { id: number }).id;
      assert.equal(await run(COMMANDS.deleteSizeChart, chart, { confirm: true }), true);
      assert.equal(
        (await listSizeCharts(client())).some((entry) => entry.id === chartId),
        false,
      );
    });
  });
});

// The whole shop for the end-to-end tests: the packaged sandbox with the shop's fixtures, the integrator service
// against it, and between them the network the notifications cross (a gateway that can lose the service's answer,
// as a proxy timing out would, so that the sandbox retries a notification the service already handled).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startService } from '../src/server.js';
import { startSandbox } from './sandbox.js';

/** The shop's listings and buyers, as its fixtures define them. */
export const SHOP = {
  /** A listing without variations; its SKU in seller_custom_field. */
  microwave: { id: 'MLA1500000201', sku: 'MW-20L' },
  /** A listing with three variations, each with its own SKU. */
  tee: { id: 'MLA1500000202', skus: ['TEE-S', 'TEE-M', 'TEE-L'] },
  /** A used oven in MLA1322, where a used listing may hold one unit at most. */
  usedOven: { id: 'MLA1500000203', sku: 'OVEN-USED' },
  /** A new car: its reservations are paid in the mandatory flow (by card). */
  newCar: { id: 'MLA1500000204' },
  /** A used car that a buyer without immediate_payment reserves outside the mandatory flow (by ticket). */
  usedCar: { id: 'MLA1500000205', buyerId: 7000000002 },
  /** A paid order that the service noted on an earlier run. */
  notedOrder: { id: 2195300001 },
};

const FIXTURES = fileURLToPath(new URL('./shop.fixtures.json', import.meta.url));
const SETTLE_TIMEOUT_MS = 20_000;

/** Forwards notifications to the service; `loseAnswer(body)` true answers 504 to the sandbox after forwarding. */
async function startGateway() {
  const gateway = { target: '', loseAnswer: () => false, deliveries: [] };
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(text);
    gateway.deliveries.push(body);
    const answer = await fetch(gateway.target + request.url, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    const lost = gateway.loseAnswer(body);
    response.writeHead(lost ? 504 : answer.status, { 'content-type': 'application/json' });
    response.end(lost ? '{"message":"gateway timeout"}' : await answer.text());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${server.address().port}`;
  gateway.close = () => new Promise((resolve) => server.close(resolve));
  return gateway;
}

export async function startShop() {
  const folder = await mkdtemp(join(tmpdir(), 'integrator-'));
  const inventoryFile = join(folder, 'inventory.json');
  await writeFile(inventoryFile, '{}');
  const gateway = await startGateway();
  const sandbox = await startSandbox({ fixtures: FIXTURES, callback: `${gateway.url}/notifications` });
  const logs = [];
  const service = await startService(
    { apiUrl: sandbox.url, token: sandbox.token, port: 0, host: '127.0.0.1', inventoryFile },
    { log: (line) => logs.push(line) },
  );
  gateway.target = service.url;

  /** The seller's side of the API, as the tests read it (not through the service's client). */
  async function api(method, path, body) {
    const response = await fetch(sandbox.url + path, {
      method,
      headers: {
        authorization: `Bearer ${sandbox.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** Notifications the sandbox still has to deliver (sent neither acknowledged nor out of retries). */
  async function undelivered() {
    const { records } = await sandbox.admin('GET', '/_sandbox/notifications');
    return { count: records.length, pending: records.filter((record) => !record.acknowledged && record.attempts < 6) };
  }

  /**
   * Waits until the sandbox delivered every notification, the service finished what they asked, and what the service
   * did (its own PUTs and notes notify too) caused nothing further.
   */
  async function settle() {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const before = await undelivered();
      if (before.pending.length === 0) {
        await service.idle();
        const after = await undelivered();
        if (after.count === before.count && after.pending.length === 0) return;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `notifications still undelivered: ${JSON.stringify(before.pending.map((record) => record.resource))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    sandbox,
    service,
    gateway,
    logs,
    api,
    settle,
    setInventory: (stock) => writeFile(inventoryFile, JSON.stringify(stock)),
    /** Back to the fixtures, an empty inventory and an empty log, between tests. */
    async reset() {
      await settle();
      await sandbox.admin('POST', '/_sandbox/reset');
      await writeFile(inventoryFile, '{}');
      gateway.loseAnswer = () => false;
      gateway.deliveries.length = 0;
      logs.length = 0;
    },
    async close() {
      await service.close();
      await sandbox.stop();
      await gateway.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

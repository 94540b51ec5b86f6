// The service's HTTP side (node:http, no framework):
//   POST /notifications  the marketplace's push notifications: 200 at once, the work follows
//   POST /sync           the warehouse says the inventory changed: sync every listing of its SKUs (or {"item_id"})
//   GET  /health         200 while the service runs
import { createServer } from 'node:http';
import { fileInventory } from './inventory.js';
import { createClient } from './marketplace.js';
import { notificationHandler, notificationProblem } from './notifications.js';
import { listingsOfInventory } from './stock.js';

/** Notification bodies are a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Starts the service.
 * @param {import('./config.js').Config} config
 * @param {{log?: (line: string) => void}} [options]
 */
export async function startService(config, { log = (line) => console.log(line) } = {}) {
  const deps = {
    api: createClient({ apiUrl: config.apiUrl, token: config.token }),
    inventory: fileInventory(config.inventoryFile),
    log,
  };
  const notifications = notificationHandler(deps);

  async function syncAll(itemId) {
    const ids = itemId ? [itemId] : await listingsOfInventory(deps);
    const outcomes = {};
    for (const id of ids) outcomes[id] = await notifications.syncListing(id);
    return outcomes;
  }

  const server = createServer(async (request, response) => {
    const reply = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const route = `${request.method} ${new URL(request.url ?? '/', 'http://service').pathname}`;
      if (route === 'GET /health') return reply(200, { ok: true });
      if (route !== 'POST /notifications' && route !== 'POST /sync')
        return reply(404, { message: `no route ${route}` });
      const text = await readBody(request);
      let body;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return reply(400, { message: 'the body is not JSON' });
      }
      if (route === 'POST /sync') {
        const itemId = typeof body?.item_id === 'string' ? body.item_id : undefined;
        return reply(200, { listings: await syncAll(itemId) });
      }
      const problem = notificationProblem(body);
      if (problem) {
        log(`notification refused: ${problem}`);
        return reply(400, { message: problem });
      }
      // Acknowledge first: the marketplace waits only briefly, and retries what is not answered 200.
      reply(200, { received: true });
      notifications.accept(body);
    } catch (error) {
      log(`${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) reply(error.status === 413 ? 413 : 500, { message: error.message });
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${config.host}:${port}`,
    port,
    /** Resolves once every queued notification and sync is done (tests, shutdown). */
    idle: () => notifications.idle(),
    /** Stops accepting, then finishes the work under way. */
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await notifications.idle();
    },
  };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error(`body over ${MAX_BODY_BYTES} bytes`), { status: 413 }));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

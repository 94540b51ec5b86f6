// Entry point: `npm start` with MARKETPLACE_API_URL, MARKETPLACE_TOKEN (and PORT, INVENTORY_FILE) in the environment.
import { loadConfig } from './config.js';
import { startService } from './server.js';

const log = (line) => console.log(`${new Date().toISOString()} ${line}`);

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const service = await startService(config, { log });
// The token is never printed: only where the service listens and which API it talks to.
log(`integrator listening on ${service.url} (notifications at ${service.url}/notifications), API ${config.apiUrl}`);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, async () => {
    log(`${signal}: finishing the work under way`);
    await service.close();
    process.exit(0);
  });
}

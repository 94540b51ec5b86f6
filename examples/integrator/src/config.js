// Configuration from the environment. The token is kept here and in the API client only: it is never logged.

/**
 * @typedef {object} Config
 * @property {string} apiUrl       base URL of the marketplace API (MARKETPLACE_API_URL)
 * @property {string} token        access token of the seller (MARKETPLACE_TOKEN)
 * @property {number} port         port the service listens on (PORT; 0 picks a free one; default 3000)
 * @property {string} host         address it listens on (HOST; default 127.0.0.1)
 * @property {string} inventoryFile JSON file of the stock per SKU (INVENTORY_FILE; default ./inventory.json)
 */

/**
 * Reads and checks the configuration; throws one error listing every problem.
 * @param {Record<string, string | undefined>} env
 * @returns {Config}
 */
export function loadConfig(env = process.env) {
  const problems = [];
  const apiUrl = (env.MARKETPLACE_API_URL ?? '').replace(/\/+$/, '');
  if (!apiUrl) problems.push('MARKETPLACE_API_URL is not set (the API base URL, e.g. https://api.example.com)');
  else if (!/^https?:\/\/[^/]+/.test(apiUrl)) problems.push(`MARKETPLACE_API_URL is not an http(s) URL: ${apiUrl}`);
  const token = env.MARKETPLACE_TOKEN ?? '';
  if (!token) problems.push('MARKETPLACE_TOKEN is not set (the seller access token)');
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be 0 to 65535, not ${env.PORT}`);
  if (problems.length) throw new Error(`Configuration incomplete:\n  ${problems.join('\n  ')}`);
  return {
    apiUrl,
    token,
    port,
    host: env.HOST || '127.0.0.1',
    inventoryFile: env.INVENTORY_FILE || 'inventory.json',
  };
}

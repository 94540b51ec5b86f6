// The configuration and the inventory: what a wrong environment or a wrong inventory file says.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config.js';
import { fileInventory } from '../src/inventory.js';

test('a missing or wrong setting is named, every one at once', () => {
  assert.throws(
    () => loadConfig({ MARKETPLACE_API_URL: 'api.example.com', PORT: '99999' }),
    (error) =>
      /MARKETPLACE_API_URL is not an http\(s\) URL/.test(error.message) &&
      /MARKETPLACE_TOKEN is not set/.test(error.message) &&
      /PORT must be 0 to 65535/.test(error.message),
  );
});

test('the configuration takes the environment, without a trailing slash on the URL', () => {
  const config = loadConfig({ MARKETPLACE_API_URL: 'http://127.0.0.1:8787/', MARKETPLACE_TOKEN: 'SBX-1', PORT: '0' });
  assert.deepEqual(config, {
    apiUrl: 'http://127.0.0.1:8787',
    token: 'SBX-1',
    port: 0,
    host: '127.0.0.1',
    inventoryFile: 'inventory.json',
  });
});

test('an inventory entry that is not a whole number of units is refused with its SKU', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'inventory-'));
  try {
    const file = join(folder, 'inventory.json');
    await writeFile(file, JSON.stringify({ 'MW-20L': 3, 'TEE-S': -1, 'TEE-M': '4' }));
    await assert.rejects(fileInventory(file).read(), /TEE-S: -1 is not a whole number of units; TEE-M: "4"/);
    await writeFile(file, '[1, 2]');
    await assert.rejects(fileInventory(file).read(), /expected an object of SKU → quantity/);
    await writeFile(file, '{"MW-20L": 3, "TEE-S": 0}');
    assert.deepEqual(
      [...(await fileInventory(file).read())],
      [
        ['MW-20L', 3],
        ['TEE-S', 0],
      ],
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

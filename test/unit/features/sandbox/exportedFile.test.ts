// The file *Export Data as Fixtures…* writes, from a real sandbox over HTTP: no token in it, and it starts a sandbox
// (what the copied command line does in CI) that answers what the exporting one answered.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_FILE_NAME, fixturesCounts, fixturesText } from '../../../../src/features/sandbox/fixturesFile';
import { loadFixturesFile } from '../../../../src/sandbox/fixtures';
import { startSandbox } from '../../../../src/sandbox/runtime';
import { associatedSchemas, complete, createJsonService, textDocument, validate } from '../../schemas/jsonService';
import { type SandboxTestUser, useSandbox, useTempDir } from '../../support/sandbox';

describe('the exported fixtures file, from a real sandbox', () => {
  const h = useSandbox({}, false);
  const folder = useTempDir('mi-fixtures-export-');

  it('holds what was made by hand, no token, and starts a sandbox that answers the same', async () => {
    // A buyer reserves a vehicle and pays (the seller sees an order once it is paid); the seller writes a note.
    const { order_id: orderId } = await h.admin<{ order_id: number }>(
      'POST',
      '/_sandbox/scenarios/reserve_vehicle',
      {},
    );
    const paid = await h.admin<{ order_id: number }>('POST', '/_sandbox/scenarios/pay_reservation', {});
    assert.equal(paid.order_id, orderId);
    const note = 'Made by hand: call the buyer before noon.';
    const posted = await h.raw('POST', `/orders/${orderId}/notes`, { body: { note } });
    assert.equal(posted.status, 201);

    const document = await h.admin<Record<string, unknown>>('GET', '/_sandbox/fixtures');
    assert.ok('$schema' in document, 'the sandbox’s document names a schema; the editor’s file does not');
    const text = fixturesText(document);
    assert.ok(!text.includes('"$schema"'));

    const users = await h.admin<SandboxTestUser[]>('GET', '/_sandbox/users');
    const tokens = [h.token, ...users.map((user) => user.token)].filter(Boolean);
    assert.ok(tokens.length > 1);
    for (const token of tokens) assert.ok(!text.includes(token), 'a start token is in the file');
    assert.doesNotMatch(text, /SBX-[0-9a-f]{8,}/);

    // In VS Code: the name gets the fixtures schema the extension contributes, which finds nothing to say in the
    // file, and completes a fixtures document's keys.
    const service = createJsonService();
    assert.deepEqual(associatedSchemas(service, FIXTURES_FILE_NAME), ['sandbox-fixtures.schema.json']);
    assert.deepEqual(await validate(service, textDocument(FIXTURES_FILE_NAME, text)), []);
    const offered = (await complete(service, FIXTURES_FILE_NAME, '{|}')).map((item) => item.label);
    for (const key of ['items', 'orders', 'size_charts', 'blacklist', 'campaigns', 'default_data']) {
      assert.ok(offered.includes(key), `${key} in ${offered.join(', ')}`);
    }

    const file = join(folder.path, FIXTURES_FILE_NAME);
    writeFileSync(file, text);
    const loaded = loadFixturesFile(file);
    assert.deepEqual(fixturesCounts(loaded), fixturesCounts(document), 'every record loads back');
    const again = await startSandbox({ port: 0, fixtures: loaded });
    try {
      const answer = await fetch(`${again.url}/orders/${orderId}/notes`, {
        headers: { authorization: `Bearer ${again.token}` },
      });
      assert.equal(answer.status, 200);
      const [notes] = (await answer.json()) as { results: { note: string }[] }[];
      assert.deepEqual(
        notes?.results.map((entry) => entry.note),
        [note],
      );
    } finally {
      await again.close();
    }
  });
});

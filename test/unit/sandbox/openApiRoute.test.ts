// `GET /openapi.json` from the bundled sandbox: the document is read from beside the bundle (as dist/sandbox.js and
// the npm package hold it), not inlined in it. The tsx case (the repository's schemas/openapi.json) is
// test/unit/schemas/openApiDocument.test.ts's.
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnLines } from '../support/childLines';
import { bundleForNode } from '../support/nodeBundles';

const ROOT = join(__dirname, '../../..');

/** Starts `node bundle --port 0`, answers `GET /openapi.json` once, and stops it. */
async function openApiAnswer(bundle: string): Promise<{ status: number; body: Record<string, unknown> }> {
  let resolveUrl: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  const child = spawnLines(bundle, ['--port', '0'], (line) => {
    const found = /^MARKETPLACE_SANDBOX_URL=(.+)$/.exec(line);
    if (found) resolveUrl(found[1]!);
  });
  try {
    const base = await Promise.race([
      url,
      child.ended.then((end) => {
        throw new Error(`The sandbox ended before it listened: ${end.stderr}`);
      }),
    ]);
    const answer = await fetch(`${base}/openapi.json`);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  } finally {
    child.process.kill('SIGTERM');
    await child.ended;
  }
}

describe('GET /openapi.json from the bundled sandbox', function () {
  this.timeout(60_000);
  let folder = '';
  let bundle = '';
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mi-openapi-'));
    ({ sandbox: bundle } = await bundleForNode({ sandbox: join(ROOT, 'src/sandbox/cli.ts') }, folder));
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('does not carry the document in the bundle', () => {
    const text = readFileSync(bundle, 'utf8');
    assert.equal(text.includes('receiveNotification'), false);
  });

  it('answers a clear 500 when no openapi.json is beside it', async () => {
    const { status, body } = await openApiAnswer(bundle);
    assert.equal(status, 500);
    assert.match(String(body.message), /openapi\.json/);
  });

  it('answers the document beside it, with itself first among the servers', async () => {
    copyFileSync(join(ROOT, 'schemas/openapi.json'), join(folder, 'openapi.json'));
    const { status, body } = await openApiAnswer(bundle);
    assert.equal(status, 200);
    assert.equal(body.openapi, '3.1.0');
    const servers = body.servers as { url: string }[];
    assert.match(servers[0]!.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(Object.keys(body.paths as object).includes('/items/{item_id}'));
  });
});

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { ADMIN_TAG } from '../../../src/model/openapi/adminOperations';
import { type Json, openApiDocument, openApiText } from '../../../src/model/openapi/document';
import { startSandbox } from '../../../src/sandbox/runtime';

const ROOT = join(__dirname, '../../..');
const FILE = join(ROOT, 'schemas', 'openapi.json');
const FIX = 'run npm run openapi to regenerate it from the zod models';
const METHODS = ['get', 'put', 'post', 'delete'] as const;

/** `/items/:item_id` (the sandbox's router) as OpenAPI writes it: `/items/{item_id}`. */
const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z_]+)/g, '{$1}');

function operations(document: Json): { method: string; path: string; operation: Json }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] as Json })),
  );
}

describe('schemas/openapi.json', () => {
  const document = openApiDocument();

  it('is what the endpoint table and the zod models generate (drift)', () => {
    assert.ok(existsSync(FILE), `schemas/openapi.json is missing: ${FIX}`);
    // Not assert.equal on the texts: a diff of two 360 KB strings says less than the message.
    assert.ok(
      readFileSync(FILE, 'utf8') === openApiText(document),
      `schemas/openapi.json differs from the models: ${FIX}`,
    );
  });

  it('generates the same text twice (stable key order)', () => {
    assert.equal(openApiText(openApiDocument()), openApiText(document));
  });

  it('package.json runs the generator as npm run openapi', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    assert.equal(pkg.scripts?.openapi, 'node --import tsx scripts/generateOpenApi.ts');
  });

  it('validates as OpenAPI 3.1 with a standard validator (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(document) as never);
    assert.deepEqual(result.valid ? [] : result.errors, []);
    assert.deepEqual(result.warnings, []);
  });

  it('the validator refuses a broken document (the check above can fail)', async () => {
    const broken = structuredClone(document) as Json;
    const paths = broken.paths as Record<string, Json>;
    delete ((paths['/items/{item_id}']!.get as Json).responses as Json)['200'];
    (paths['/items/{item_id}']!.get as Json).parameters = [{ name: 'item_id', in: 'path', schema: { type: 'string' } }];
    const result = await validate(broken as never);
    assert.equal(result.valid, false);
  });

  it('has a unique operationId per operation and a $ref for every component it names', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length);
    const names = new Set(Object.keys((document.components as Json).schemas as Json));
    const refs = new Set<string>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const ref = (node as Json).$ref;
        if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) refs.add(ref.slice(21));
        Object.values(node).forEach(walk);
      }
    };
    walk(document);
    assert.deepEqual(
      [...refs].filter((name) => !names.has(name)),
      [],
    );
    assert.ok(refs.has('Item') && refs.has('Order') && refs.has('ErrorBody'));
  });

  it('describes open values as examples, never as closed lists', () => {
    const item = ((document.components as Json).schemas as Record<string, Json>).Item!;
    const buyingMode = (item.properties as Record<string, Json>).buying_mode!;
    assert.equal(buyingMode.enum, undefined);
    assert.ok((buyingMode.examples as string[]).includes('classified'));
    const order = ((document.components as Json).schemas as Record<string, Json>).Order!;
    const tags = ((order.properties as Record<string, Json>).tags!.anyOf as Json[])[0]!.items as Json;
    assert.equal(tags.enum, undefined);
    assert.ok((tags.examples as string[]).includes('reservation'));
  });

  it('names the sandbox with a port variable, token security and the OAuth2 authorization-code flow', () => {
    const servers = document.servers as Json[];
    assert.ok(servers.some((server) => server.url === 'http://127.0.0.1:{port}'));
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    assert.equal(schemes.bearerAuth!.scheme, 'bearer');
    const flow = (schemes.oauth2!.flows as Json).authorizationCode as Json;
    assert.equal(flow.tokenUrl, '/oauth/token');
    const getItem = (document.paths as Record<string, Json>)['/items/{item_id}']!.get as Json;
    assert.deepEqual((getItem.security as Json[])[0], { bearerAuth: [] });
    assert.ok('401' in (getItem.responses as Json));
  });
});

describe('the document and the sandbox have the same routes', () => {
  let routes: readonly { method: string; path: string }[] = [];
  let served: { status: number; body: Json } | undefined;
  before(async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      routes = sandbox.routes;
      const answer = await fetch(`${sandbox.url}/openapi.json`);
      served = { status: answer.status, body: (await answer.json()) as Json };
    } finally {
      await sandbox.close();
    }
  });
  const document = openApiDocument();
  const documented = operations(document);

  it('documents every route the sandbox answers (API, admin and scenario routes)', () => {
    const missing = routes
      .map((route) => `${route.method} ${openApiPath(route.path)}`)
      .filter((key) => !documented.some(({ method, path }) => `${method.toUpperCase()} ${path}` === key));
    assert.deepEqual(missing, [], 'routes the document lacks: add them to src/model/openapi/');
  });

  it('every operation of the document is a route of the sandbox', () => {
    const keys = new Set(routes.map((route) => `${route.method} ${openApiPath(route.path)}`));
    const extra = documented
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .filter((key) => !keys.has(key));
    assert.deepEqual(extra, []);
  });

  it(`tags the admin routes ${ADMIN_TAG} and marks them the local sandbox's only`, () => {
    for (const { path, operation } of documented) {
      const admin = path.startsWith('/_sandbox') || path === '/openapi.json';
      assert.equal((operation.tags as string[])[0] === ADMIN_TAG, admin, path);
      assert.equal(operation['x-sandbox-only'] === true, admin, path);
    }
  });

  it('GET /openapi.json answers the checked-in document, with the sandbox first among its servers', () => {
    assert.equal(served?.status, 200);
    const onDisk = JSON.parse(readFileSync(FILE, 'utf8')) as Json;
    const { servers, ...rest } = served!.body;
    const { servers: fileServers, ...fileRest } = onDisk;
    assert.deepEqual(rest, fileRest);
    assert.match((servers as Json[])[0]!.url as string, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual((servers as Json[]).slice(1), fileServers);
  });
});

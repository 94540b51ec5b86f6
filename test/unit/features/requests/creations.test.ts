import assert from 'node:assert/strict';
import {
  CREATION_RECORDS_LIMIT,
  CreationLedger,
  type CreationRecord,
  type CreationStore,
  createdId,
  describeCreation,
} from '../../../../src/features/requests/creations';

/** A workspace state of the Memento's shape, in memory. */
function memoryStore(): CreationStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key: string, value: unknown) => {
      values.set(key, value);
    },
  };
}

const record = (over: Partial<CreationRecord> = {}): CreationRecord => ({
  file: 'file:///work/new-phone.item.json',
  environment: 'sandbox',
  userId: 5503910054,
  request: 'POST /items',
  resourceId: 'MLA1500000000',
  time: '2026-11-24T08:02:11.000Z',
  ...over,
});

describe('CreationLedger: what each creation file created', () => {
  it('finds a file’s creation for its environment and account only', async () => {
    const ledger = new CreationLedger(memoryStore(), 'creations');
    assert.equal(ledger.find(record().file, 'sandbox', 5503910054), undefined);
    await ledger.remember(record());
    assert.deepEqual(ledger.find(record().file, 'sandbox', 5503910054), record());
    assert.equal(ledger.find(record().file, 'api', 5503910054), undefined);
    assert.equal(ledger.find(record().file, 'sandbox', 1), undefined);
    assert.equal(ledger.find('file:///work/other.item.json', 'sandbox', 5503910054), undefined);
  });

  it('keeps the latest creation of a file, and stays bounded', async () => {
    const store = memoryStore();
    const ledger = new CreationLedger(store, 'creations', 3);
    await ledger.remember(record());
    await ledger.remember(record({ resourceId: 'MLA1500000001' }));
    assert.equal(ledger.find(record().file, 'sandbox', 5503910054)?.resourceId, 'MLA1500000001');
    assert.equal((store.values.get('creations') as unknown[]).length, 1);
    for (let n = 0; n < 5; n++) await ledger.remember(record({ file: `file:///work/${n}.item.json` }));
    assert.equal((store.values.get('creations') as unknown[]).length, 3);
    assert.ok(ledger.find('file:///work/4.item.json', 'sandbox', 5503910054), 'the newest are kept');
    assert.equal(ledger.find('file:///work/0.item.json', 'sandbox', 5503910054), undefined);
    assert.equal(CREATION_RECORDS_LIMIT, 200);
  });

  it('reads a missing or malformed state as empty', () => {
    const store = memoryStore();
    store.values.set('creations', { not: 'a list' });
    assert.equal(new CreationLedger(store, 'creations').find(record().file, 'sandbox', 5503910054), undefined);
  });

  it('reads the created id of an item, a chart and a note', () => {
    assert.equal(createdId({ id: 'MLA1500000000', title: 'x' }), 'MLA1500000000');
    assert.equal(createdId({ id: 510010, name: 'Remeras' }), '510010');
    assert.equal(createdId({ note: { id: 'abc123', note: 'Retira el sábado' } }), 'abc123');
    assert.equal(createdId(undefined), undefined);
    assert.equal(createdId({ status: 'ok' }), undefined);
  });

  it('describes a creation with its id and when', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    assert.match(describeCreation(record(), now), /^MLA1500000000, created at \S+/);
    assert.match(describeCreation(record({ time: '2026-11-20T08:00:00.000Z' }), now), /created on Nov 20, 2026 at /);
    assert.match(describeCreation(record({ resourceId: undefined }), now), /^created at /);
  });
});

import assert from 'node:assert/strict';
import { PAYLOAD_SUFFIXES, type PayloadKind } from '../../../src/model/payloadFiles';
import { kindFindings, type RequestKind, RULES_BY_KIND, requestKindOf } from '../../../src/rules/byKind';

describe('rules by request kind', () => {
  const payloadKinds = Object.keys(PAYLOAD_SUFFIXES) as PayloadKind[];
  const reached = new Set<RequestKind>(
    payloadKinds.flatMap((kind) => [requestKindOf({ kind, target: undefined }), requestKindOf({ kind, target: '1' })]),
  );

  it('covers every payload kind (an .item.json creates or updates), each with at least one rule', () => {
    for (const kind of reached) assert.ok(RULES_BY_KIND[kind]?.length, `no rules for ${kind}`);
    assert.equal(requestKindOf({ kind: 'item', target: undefined }), 'itemCreate');
    assert.equal(requestKindOf({ kind: 'item', target: 'MLA1234567' }), 'itemUpdate');
  });

  it('has no kind that no payload file makes', () => {
    assert.deepEqual(Object.keys(RULES_BY_KIND).sort(), [...reached].sort());
  });

  it('runs every rule of the kind, in the table order', () => {
    const body = { title: 'Phone', shipping: { dimensions: '10x10' } };
    const codes = kindFindings('itemCreate', body).map((entry) => entry.code);
    assert.ok(codes.includes('item.price.required'), codes.join());
    assert.equal(codes.at(-1), 'INVALID_DIMENSIONS');
    // The mandatory payment flow needs the site's payment methods: without them it is skipped.
    assert.ok(!codes.some((code) => code.startsWith('payment.')));
  });

  it('gives each kind its own context: the blacklist owner, the live item of an update', () => {
    assert.deepEqual(
      kindFindings('blacklist', { user_id: 7 }, { userId: 7 }).map((entry) => entry.code),
      ['blacklist.self'],
    );
    assert.deepEqual(kindFindings('blacklist', { user_id: 7 }), []);
    const closed = { status: 'closed', sub_status: [] };
    assert.deepEqual(
      kindFindings('itemUpdate', { price: 3 }, { liveItem: closed }).map((entry) => entry.code),
      ['item.status.closed_not_editable'],
    );
  });
});

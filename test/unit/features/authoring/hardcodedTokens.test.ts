import assert from 'node:assert/strict';
import { findHardcodedTokens, tokenMessage } from '../../../../src/features/authoring/hardcodedTokens';
import { seededToken } from '../../../../src/sandbox/users/tokens';
import { useSandbox } from '../../support/sandbox';

// Built at run time, so this file itself holds no token-shaped text.
const API_TOKEN = ['APP', 'USR-6092-3246532-cb45c82853f6e620bb0deda096b128d3-8035443'].join('_');

describe('hard-coded access tokens', () => {
  const harness = useSandbox({}, false);

  it('finds marketplace tokens and the sandbox form, wherever they are in the text', () => {
    const sandboxToken = seededToken('marketplace', 5503910054);
    const text = `const token = "${API_TOKEN}";\nheaders: { Authorization: 'Bearer ${sandboxToken}' }\n`;
    const hits = findHardcodedTokens(text);
    assert.deepEqual(
      hits.map((hit) => [hit.kind, text.slice(hit.offset, hit.offset + hit.length)]),
      [
        ['api', API_TOKEN],
        ['sandbox', sandboxToken],
      ],
    );
  });

  it("flags the running sandbox's own token and its refresh tokens", () => {
    const refresh = `SBXR-${'ab12'.repeat(10)}`;
    const hits = findHardcodedTokens(`token=${harness.token} refresh=${refresh}`);
    assert.equal(hits.length, 2);
  });

  it('leaves placeholders and prose alone', () => {
    for (const text of [
      'MARKETPLACE_SANDBOX_TOKEN=SBX-…',
      'Paste your APP_USR-… token',
      'APP_USR-XXXXXXXXXXXXXXXXXXXXXXXX',
      'SBX-token',
      'the SBX prefix',
    ]) {
      assert.deepEqual(findHardcodedTokens(text), [], text);
    }
  });

  it('the warning says what to do instead and never repeats the token', () => {
    for (const kind of ['api', 'sandbox'] as const) {
      const message = tokenMessage(kind);
      assert.ok(!message.includes(API_TOKEN));
      assert.doesNotMatch(message, /SBX-[0-9a-f]/);
      assert.match(message, /Marketplace: (Sign In…|Use Local Sandbox)/);
    }
  });
});

// The sandbox's /authorization sends a code only to a redirect URI its application registered, as the API does:
// never to `javascript:`, another host, another path or scheme, and the refusal redirects nowhere.
import assert from 'node:assert/strict';
import { redirectUriRegistered } from '../../../src/rules/oauth';
import { CLIENT_ID, REDIRECT_URIS } from '../../../src/sandbox/users/ids';
import { useSandbox } from '../support/sandbox';

const REFUSED = [
  'javascript:alert(document.cookie)',
  'http://evil.example/callback',
  'http://evil.example:54321/callback',
  'http://127.0.0.1.evil.example/callback',
  'http://127.0.0.1:54321/other',
  'http://127.0.0.1:54321/callback/../steal',
  'http://127.0.0.1:54321/callback?next=http://evil.example',
  'http://127.0.0.1:54321/callback#fragment',
  'https://127.0.0.1:54321/callback',
  'http://user@127.0.0.1:54321/callback',
  'vscode://evil.example/auth',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/callback',
  'not a url',
];

describe('sandbox OAuth: redirect URIs', () => {
  it('a registered loopback URI matches on any port, anything else does not', () => {
    for (const uri of ['http://127.0.0.1:54321/callback', 'http://127.0.0.1/callback', 'http://localhost:1/callback'])
      assert.equal(redirectUriRegistered(uri, REDIRECT_URIS), true, uri);
    for (const uri of REFUSED) assert.equal(redirectUriRegistered(uri, REDIRECT_URIS), false, uri);
    assert.equal(redirectUriRegistered('https://app.example/cb', ['https://app.example/cb']), true, 'exact match');
    assert.equal(redirectUriRegistered('https://app.example:444/cb', ['https://app.example/cb']), false);
  });

  describe('GET /authorization', () => {
    const h = useSandbox();
    const authorize = (redirect: string) =>
      fetch(
        `${h.url}/authorization?response_type=code&client_id=${CLIENT_ID}&state=s&redirect_uri=${encodeURIComponent(redirect)}`,
        { redirect: 'manual' },
      );

    it('refuses an unregistered redirect_uri with 400 and no Location', async () => {
      for (const uri of REFUSED) {
        const answer = await authorize(uri);
        assert.equal(answer.status, 400, uri);
        assert.equal(answer.headers.get('location'), null, uri);
        const body = (await answer.json()) as { error: string; message: string };
        assert.equal(body.error, 'invalid_request');
        assert.match(body.message, /is not registered for this application/);
      }
    });

    it('redirects the code to the registered loopback callback on the port the app listens on', async () => {
      const answer = await authorize('http://127.0.0.1:54321/callback');
      assert.equal(answer.status, 302);
      const location = new URL(answer.headers.get('location')!);
      assert.equal(`${location.origin}${location.pathname}`, 'http://127.0.0.1:54321/callback');
      assert.match(location.searchParams.get('code')!, /^SBXC-/);
      assert.equal(location.searchParams.get('state'), 's');
    });
  });
});

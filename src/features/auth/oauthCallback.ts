// The OAuth loopback callback without VS Code: a one-shot listener on 127.0.0.1 that receives
// `/callback?code=&state=` from the browser's redirect. It serves nothing but that answer page, and only to a request
// that names this listener as its Host and does not come from a web page's script (the shared loopback guard); the
// redirect itself is a cross-site top-level navigation from the authorization page, so that one kind passes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as l10n from '@vscode/l10n';
import { SETTINGS, settingId } from '../../constants';
import { guardedRequest, loopbackRefusal } from '../../node/loopbackGuard';
import { SettingError } from '../../platform/errorText';

/** The setting that chooses the port listened on. */
const LOOPBACK_PORT = settingId(SETTINGS.oauthLoopbackPort);

export interface OAuthCallbackListener {
  server: Server;
  /** `http://127.0.0.1:<port>/callback`, the port being the one listened on. */
  redirectUri: string;
  /** The callback's query, once a request with the expected `state` arrived. */
  received: Promise<URLSearchParams>;
  /** Rejects `received` (cancellation). */
  fail(error: unknown): void;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:system-ui;padding:3em"><h2>${title}</h2><p>${text}</p></body>`;

/** Listens on `port` (0 takes a free one) on 127.0.0.1 for the callback carrying `state`. */
export async function listenForCallback(port: number, state: string): Promise<OAuthCallbackListener> {
  let deliver: (query: URLSearchParams) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const received = new Promise<URLSearchParams>((resolve, reject) => {
    deliver = resolve;
    fail = reject;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refusal = loopbackRefusal(guardedRequest(request), {
      port: request.socket.localPort ?? 0,
      crossSiteNavigation: true,
    });
    if (refusal) {
      response
        .writeHead(refusal.status, { 'content-type': 'text/html; charset=utf-8', connection: 'close' })
        .end(
          PAGE(
            l10n.t('Request refused'),
            refusal.reason === 'request'
              ? refusal.message
              : refusal.reason === 'host'
                ? l10n.t(
                    "This address answers only as {0}; it receives VS Code's sign-in answer.",
                    `127.0.0.1:${request.socket.localPort}`,
                  )
                : l10n.t(
                    'Requests from web pages are not accepted here; this address receives only the sign-in answer of VS Code.',
                  ),
          ),
        );
      return;
    }
    if (url.pathname !== '/callback') {
      response.writeHead(404).end();
      return;
    }
    const matches = url.searchParams.get('state') === state;
    response
      .writeHead(matches ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        matches
          ? PAGE(l10n.t('Signed in'), l10n.t('You can close this tab and return to VS Code.'))
          : PAGE(
              l10n.t('Sign-in not recognised'),
              l10n.t('This answer does not belong to the sign-in VS Code is waiting for.'),
            ),
      );
    if (matches) deliver(url.searchParams);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new SettingError(
              LOOPBACK_PORT,
              l10n.t('Port {0} is busy; change {1} (user settings).', port, LOOPBACK_PORT),
            )
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return { server, redirectUri: `http://127.0.0.1:${actual}/callback`, received, fail };
}

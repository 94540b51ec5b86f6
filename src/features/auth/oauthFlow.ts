import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import * as vscode from 'vscode';
import type { MarketplaceClient } from '../../api/client';
import { EXTENSION_ID } from '../../constants';
import type { OAuthToken } from '../../model/user';
import { listenForCallback } from './oauthCallback';

export interface OAuthFlowOptions {
  authHost: string;
  clientId: string;
  clientSecret: string;
  client: MarketplaceClient;
  /** `loopback`: a one-shot listener on 127.0.0.1; `uri`: VS Code's own URI handler. */
  redirect: 'loopback' | 'uri';
  loopbackPort: number;
  uriHandler: OAuthUriHandler;
  /** Opens the authorization page (the browser, normally). */
  open: (url: string) => Promise<unknown>;
  token: vscode.CancellationToken;
}

/** Receives `…/auth?code=&state=` through VS Code's URI handler and hands it to the waiting flow. */
export class OAuthUriHandler implements vscode.UriHandler {
  private waiting: ((query: URLSearchParams) => void) | undefined;

  handleUri(uri: vscode.Uri): void {
    if (uri.path === '/auth') this.waiting?.(new URLSearchParams(uri.query));
  }

  /** Waits for the next `/auth` URI. */
  next(token: vscode.CancellationToken): Promise<URLSearchParams> {
    return new Promise((resolve, reject) => {
      const cancel = token.onCancellationRequested(() => {
        this.waiting = undefined;
        cancel.dispose();
        reject(new vscode.CancellationError());
      });
      this.waiting = (query) => {
        this.waiting = undefined;
        cancel.dispose();
        resolve(query);
      };
    });
  }
}

/**
 * Authorization code with PKCE (S256): opens the authorization page, receives the code on the loopback listener or
 * through the URI handler, checks `state`, and exchanges the code (one POST, never retried).
 */
export async function runOAuthFlow(options: OAuthFlowOptions): Promise<OAuthToken> {
  // The OAuth module (and its token schema) is evaluated on the first sign-in, not at activation.
  const { authorizationUrl, createPkce, exchangeCode } = await import('../../api/oauth');
  const pkce = createPkce();
  const state = randomBytes(16).toString('hex');
  let redirectUri: string;
  let received: Promise<URLSearchParams>;
  let server: Server | undefined;
  if (options.redirect === 'loopback') {
    const listening = await listenOnce(options.loopbackPort, state, options.token);
    server = listening.server;
    redirectUri = listening.redirectUri;
    received = listening.received;
  } else {
    const own = vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/auth`);
    redirectUri = (await vscode.env.asExternalUri(own)).toString(true);
    received = options.uriHandler.next(options.token);
  }
  try {
    const url = authorizationUrl({
      authHost: options.authHost,
      clientId: options.clientId,
      redirectUri,
      state,
      codeChallenge: pkce.challenge,
    });
    await options.open(url);
    const query = await received;
    if (query.get('state') !== state)
      throw new Error(vscode.l10n.t('The sign-in answer did not match this request (state differs). Try again.'));
    const error = query.get('error');
    if (error)
      throw new Error(vscode.l10n.t('The authorization was refused: {0}', query.get('error_description') ?? error));
    const code = query.get('code');
    if (!code) throw new Error(vscode.l10n.t('The sign-in answer carried no authorization code.'));
    return await exchangeCode(options.client, {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      code,
      redirectUri,
      codeVerifier: pkce.verifier,
    });
  } finally {
    server?.close();
  }
}

async function listenOnce(
  port: number,
  state: string,
  token: vscode.CancellationToken,
): Promise<{ server: Server; redirectUri: string; received: Promise<URLSearchParams> }> {
  const listener = await listenForCallback(port, state);
  token.onCancellationRequested(() => listener.fail(new vscode.CancellationError()));
  return listener;
}

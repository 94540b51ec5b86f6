// Sign-in and sessions (part of the activation bundle): accounts, token refresh, the embedded sandbox's host, the
// active environment's session, the OAuth callback and the sign-in commands.
import * as vscode from 'vscode';
import type { FeatureContribution, FeatureCore } from '../../platform/feature';
import { AccountStore } from './accounts';
import { OAuthUriHandler } from './oauthFlow';
import { SandboxHost } from './sandboxHost';
import { SessionManager } from './sessionManager';
import { SignInCommands } from './signIn';
import { TokenRefresher } from './tokenRefresher';

export interface Auth extends FeatureContribution {
  accounts: AccountStore;
  sandbox: SandboxHost;
  sessions: SessionManager;
}

export function activate(core: FeatureCore): Auth {
  const { context, output } = core;
  const accounts = new AccountStore(context.globalState, context.secrets);
  const refresher = new TokenRefresher(accounts, context.secrets, output);
  const sandbox = new SandboxHost(context.globalStorageUri, output, context.secrets);
  const sessions = new SessionManager(accounts, refresher, sandbox, context.secrets, output);
  const uriHandler = new OAuthUriHandler();
  const signIn = new SignInCommands(accounts, sessions, sandbox, context.secrets, uriHandler, output);
  context.subscriptions.push(accounts, refresher, sandbox, sessions, vscode.window.registerUriHandler(uriHandler));
  return { commands: signIn.commands(), accounts, sandbox, sessions };
}

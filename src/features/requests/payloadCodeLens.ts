// The CodeLens of payload files, planned from the editor's text and the authoring cache (typing sends nothing).
import * as vscode from 'vscode';
import { COMMANDS, SETTINGS } from '../../constants';
import { classifyPayloadFile, type PayloadKind } from '../../model/payloadFiles';
import { Disposable } from '../../platform/disposable';
import type { Session, SessionSource } from '../auth/session';
import type { LiveContext } from '../authoring/liveContext';
import { CREATES, type CreationLedger } from './creations';
import { baseName } from './payloadTarget';
import { planRequest } from './plan';

/**
 * The lenses above a payload file: Send (method, path and what changes, from the cached live item so typing costs
 * no request), Validate with the API (item creations), Diff with live (updates), Copy as curl.
 */
export class PayloadCodeLens extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(
    private readonly sessions: SessionSource,
    private readonly live: LiveContext | undefined,
    private readonly creations: CreationLedger,
  ) {
    super();
    if (live) this.register(live.onDidUpdate(() => this.changed.fire()));
    this.register(creations.onDidRemember(() => this.changed.fire()));
    this.register(sessions.onDidChange(() => this.changed.fire()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.codeLens}`)) this.changed.fire();
      }),
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(SETTINGS.codeLens, true)) return [];
    const fileName = baseName(document.uri);
    const file = classifyPayloadFile(fileName);
    if (!file) return [];
    const session = this.sessions.current;
    const snapshot = this.live?.snapshot();
    const itemTarget = (file.kind === 'item' || file.kind === 'saleTerms') && file.target ? file.target : undefined;
    const cached = itemTarget ? snapshot?.item(itemTarget) : undefined;
    if (itemTarget && session && (!cached || cached.stale)) void this.live?.fetch([{ kind: 'item', id: itemTarget }]);
    const plan = planRequest(fileName, document.getText(), {
      userId: session?.account.userId,
      item: cached?.state === 'ready' ? cached.value : undefined,
    });
    const range = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    const arg = [document.uri];
    const waiting = itemTarget && session && !cached;
    // The lens is named as the README names it: "Send", then the request it makes.
    const request = `${plan.method} ${plan.path ?? ''}`;
    const title = !session
      ? vscode.l10n.t('$(cloud-upload) Send {0} · sign in first', request)
      : waiting
        ? vscode.l10n.t('$(cloud-upload) Send {0} · reading item {1}…', request, itemTarget)
        : cached?.state === 'failed' || cached?.state === 'missing'
          ? vscode.l10n.t('$(cloud-upload) Send {0} · item {1}: {2}', request, itemTarget ?? '', cached.message)
          : vscode.l10n.t(
              '$(cloud-upload) Send {0}{1}',
              plan.summary,
              this.createdNote(document.uri, file.kind, session),
            );
    lenses.push(
      new vscode.CodeLens(range, {
        title,
        command: session ? COMMANDS.sendPayload : COMMANDS.signIn,
        arguments: session ? arg : [],
        tooltip: session
          ? vscode.l10n.t('Send this file to {0}', session.baseUrl)
          : vscode.l10n.t('Sign in, or use the local sandbox, to send'),
      }),
    );
    if (file.kind === 'item' && !file.target) {
      lenses.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(pass) Validate with the API'),
          command: COMMANDS.validatePayload,
          arguments: arg,
          tooltip: vscode.l10n.t('POST /items/validate: the API checks the listing without creating it'),
        }),
      );
    }
    const hasLive = itemTarget || file.kind === 'chartItems' || (file.kind === 'sizeChart' && file.target);
    if (hasLive) {
      lenses.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(diff) Diff with live'),
          command: COMMANDS.diffPayload,
          arguments: arg,
          tooltip: vscode.l10n.t('Compare the file with the live resource'),
        }),
      );
    }
    lenses.push(
      new vscode.CodeLens(range, {
        title: vscode.l10n.t('$(terminal) Copy as curl'),
        command: COMMANDS.copyPayloadAsCurl,
        arguments: arg,
      }),
    );
    return lenses;
  }

  /** ` · already created MLA…` when this creation file already created its resource here. */
  private createdNote(uri: vscode.Uri, kind: PayloadKind, session: Session | undefined): string {
    const creates = CREATES[kind];
    if (!session || !creates) return '';
    const earlier = this.creations.find(uri.toString(), session.environment, session.account.userId);
    if (!earlier) return '';
    if (earlier.resourceId) return vscode.l10n.t(' · already created {0}', earlier.resourceId);
    return creates === 'listing'
      ? vscode.l10n.t(' · already created a listing')
      : creates === 'sizeChart'
        ? vscode.l10n.t(' · already created a size chart')
        : vscode.l10n.t(' · already created a note');
  }
}

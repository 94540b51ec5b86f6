import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { NotificationService } from '../notifications/notificationService';

/** While the receiver listens: its port and how many notifications the feed holds; a click shows the feed. */
export class ReceiverStatusBar extends Disposable {
  private readonly item = this.register(
    vscode.window.createStatusBarItem('marketplace.receiver', vscode.StatusBarAlignment.Left, 49),
  );
  private rendering: Promise<void> = Promise.resolve();

  constructor(private readonly service: NotificationService) {
    super();
    this.item.name = vscode.l10n.t('Marketplace Notification Receiver');
    this.item.command = COMMANDS.showNotifications;
    this.register(service.feed.onDidChange(() => this.render()));
    this.register(service.onDidChangeState(() => this.render()));
    this.render();
  }

  private render(): void {
    this.rendering = this.rendering.then(() => this.draw()).catch(() => undefined);
  }

  private async draw(): Promise<void> {
    const url = this.service.url;
    if (!url) {
      this.item.hide();
      return;
    }
    const count = (await this.service.feed.list()).length;
    const forward = this.service.forwardUrl;
    const shown = new Intl.NumberFormat(displayLocale()).format(count);
    this.item.text = `$(broadcast) ${vscode.l10n.t('Receiver · {0}', shown)}`;
    const inFeed =
      count === 1
        ? vscode.l10n.t('{0} notification in the feed.', shown)
        : vscode.l10n.t('{0} notifications in the feed.', shown);
    const tooltip = new vscode.MarkdownString(
      `${vscode.l10n.t('**Notification receiver** on `{0}`', url)}\n\n${inFeed}` +
        (forward ? `\n\n${vscode.l10n.t('Forwarding to `{0}`.', forward)}` : '') +
        `\n\n${vscode.l10n.t('Click to show the Notifications view.')}`,
    );
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = {
      label:
        count === 1
          ? vscode.l10n.t('Notification receiver listening, {0} notification', shown)
          : vscode.l10n.t('Notification receiver listening, {0} notifications', shown),
    };
    this.item.show();
  }
}

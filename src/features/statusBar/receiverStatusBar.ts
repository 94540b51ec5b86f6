import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
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
    this.item.name = 'Marketplace Notification Receiver';
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
    this.item.text = `$(broadcast) Receiver · ${count}`;
    const tooltip = new vscode.MarkdownString(
      `**Notification receiver** on \`${url}\`\n\n${count} ${count === 1 ? 'notification' : 'notifications'} in the feed.` +
        (forward ? `\n\nForwarding to \`${forward}\`.` : '') +
        '\n\nClick to show the Notifications view.',
    );
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: `Notification receiver listening, ${count} notifications` };
    this.item.show();
  }
}

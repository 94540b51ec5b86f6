import * as vscode from 'vscode';
import { Disposable } from '../../platform/disposable';

/**
 * The data provider of a view whose real provider lives in the features bundle: created at activation so the view
 * has a provider from the start, it loads the bundle when the view first asks for rows, then hands every call to the
 * real provider and forwards its change events.
 */
export class DeferredTreeProvider<T> extends Disposable implements vscode.TreeDataProvider<T> {
  private readonly changed = this.register(new vscode.EventEmitter<T | T[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private target: vscode.TreeDataProvider<T> | undefined;

  constructor(private readonly load: () => Promise<unknown>) {
    super();
  }

  /** From now on the real provider answers; the view asks again. */
  bind(target: vscode.TreeDataProvider<T>): void {
    this.target = target;
    const forwarding = target.onDidChangeTreeData?.((rows) => this.changed.fire(rows ?? undefined));
    if (forwarding) this.register(forwarding);
    this.changed.fire(undefined);
  }

  async getChildren(element?: T): Promise<T[]> {
    // A bundle that cannot load is reported by the loader; the view stays empty rather than failing again.
    if (!this.target) await this.load().catch(() => undefined);
    return (await this.target?.getChildren(element)) ?? [];
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    // Rows only exist once the real provider gave them.
    return (this.target as vscode.TreeDataProvider<T>).getTreeItem(element);
  }

  getParent(element: T): vscode.ProviderResult<T> {
    return this.target?.getParent?.(element);
  }
}

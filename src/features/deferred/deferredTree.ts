import * as vscode from 'vscode';

/**
 * The data provider of a view whose real provider lives in the features bundle: created at activation so the view
 * has a provider from the start, it loads the bundle when the view first asks for rows, then hands every call to the
 * real provider and forwards its change events.
 */
export class DeferredTreeProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | T[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private target: vscode.TreeDataProvider<T> | undefined;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly load: () => Promise<unknown>) {}

  /** From now on the real provider answers; the view asks again. */
  bind(target: vscode.TreeDataProvider<T>): void {
    this.target = target;
    this.forwarding = target.onDidChangeTreeData?.((rows) => this.changed.fire(rows ?? undefined));
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

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }
}

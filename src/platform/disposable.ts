// The one place that disposes: a class that owns event emitters, listeners, timers, child processes or panels extends
// `Disposable` and registers each of them once, when it takes them; `dispose()` releases them all, the last taken
// first, once. No class of the extension writes its own dispose() (test/unit/architecture/ checks it).

/** Anything with a `dispose()`: a VS Code `Disposable`, an event emitter, a panel, another `Disposable`. */
export interface DisposableLike {
  dispose(): unknown;
}

export class Disposable {
  private readonly children: DisposableLike[] = [];
  private disposed = false;

  /** Disposes all `children` together (what `vscode.Disposable.from` does, without VS Code). */
  static from(...children: DisposableLike[]): Disposable {
    const all = new Disposable();
    for (const child of children) all.register(child);
    return all;
  }

  /** True once `dispose()` ran: registering more then disposes the newcomer at once. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /**
   * Takes `child` to dispose with this object and returns it, so that a field reads
   * `private readonly changed = this.register(new vscode.EventEmitter<void>())`.
   */
  register<T extends DisposableLike>(child: T): T {
    if (this.disposed) void child.dispose();
    else this.children.push(child);
    return child;
  }

  /** Runs `cleanup` on dispose, in turn with the children (clearing a timer, stopping a server, closing a file). */
  onDispose(cleanup: () => unknown): void {
    this.register({ dispose: cleanup });
  }

  /**
   * Disposes every child, the last registered first, once. A child that throws does not keep the others from being
   * disposed; the first error is thrown again after all ran.
   */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    let failure: { error: unknown } | undefined;
    for (let at = this.children.length - 1; at >= 0; at--) {
      try {
        void this.children[at]?.dispose();
      } catch (error) {
        failure ??= { error };
      }
    }
    this.children.length = 0;
    if (failure) throw failure.error;
  }
}

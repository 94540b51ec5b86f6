import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fromRoot, imports, ROOT, resolveImport, sources } from './sources';

/** The files of `files` that `file` imports (type imports included). */
function importedAmong(files: readonly string[]): (file: string) => string[] {
  const known = new Set(files);
  return (file) =>
    imports(file)
      .map((target) => resolveImport(file, target))
      .filter((target): target is string => target !== undefined && known.has(target));
}

/** The cycles of a graph: each a strongly connected set of two files or more, sorted. */
function cycles(files: readonly string[], importsOf: (file: string) => string[]): string[][] {
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  // Tarjan's algorithm, iterative: linear in files and imports.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  for (const root of files) {
    if (order.has(root)) continue;
    const work: { file: string; next: number }[] = [{ file: root, next: 0 }];
    order.set(root, order.size);
    low.set(root, order.get(root) as number);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { file: string; next: number };
      const targets = edges.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!order.has(target)) {
          order.set(target, order.size);
          low.set(target, order.get(target) as number);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file) as number, order.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file) as number, low.get(frame.file) as number));
      if (low.get(frame.file) !== order.get(frame.file)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.file);
      if (component.length > 1) found.push(component.sort());
    }
  }
  return found;
}

describe('architecture: the sandbox', () => {
  it('has no import cycle between its files (the router, the sandbox contract and the family contract included)', () => {
    const files = sources(join(ROOT, 'src', 'sandbox'));
    assert.deepEqual(
      cycles(files, importedAmong(files)).map((cycle) => cycle.map(fromRoot)),
      [],
    );
  });

  it('the cycle finder finds each cycle and only cycles', () => {
    // Without this an empty answer above would prove nothing.
    const graph: Record<string, string[]> = {
      a: ['b'],
      b: ['c'],
      c: ['a', 'd'],
      d: [],
      e: ['e', 'f'],
      f: ['e'],
      g: ['a'],
    };
    assert.deepEqual(
      cycles(Object.keys(graph), (file) => graph[file] ?? []),
      [
        ['a', 'b', 'c'],
        ['e', 'f'],
      ],
    );
  });
});

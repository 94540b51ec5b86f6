// Feature folders never import each other in a cycle, type imports included: a feature sees only the features below
// it, and what a lower one needs of a higher one comes in through its activate(core) (src/platform/feature.ts).
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { fromRoot, imports, ROOT, resolveImport, sources } from './sources';

const FEATURES = join(ROOT, 'src', 'features');

/** The feature folder of a file below src/features/ (a file directly there is a feature of its own). */
function featureOf(file: string): string {
  const [first = ''] = relative(FEATURES, file).split(/[\\/]/);
  return first.replace(/\.ts$/, '');
}

/** Feature → the features it imports, with one importing file and module for each edge (for the message). */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(FEATURES)) {
    const from = featureOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const spec of imports(file)) {
      const target = resolveImport(file, spec);
      if (!target?.startsWith(`${FEATURES}/`) && !target?.startsWith(`${FEATURES}\\`)) continue;
      const to = featureOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${fromRoot(file)} imports ${spec}`);
    }
  }
  return graph;
}

/** The strongly connected components of more than one feature (Tarjan's algorithm, iterative over the graph). */
function cyclicGroups(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** Every pair of features that import each other, directly or through others, with the edges of a direct pair. */
function cycles(kept: Map<string, Map<string, string>>): string[] {
  return cyclicGroups(kept).map((group) => {
    const edges = group.flatMap((from) =>
      [...(kept.get(from) ?? [])].filter(([to]) => group.includes(to)).map(([to, why]) => `${from} → ${to} (${why})`),
    );
    return `${group.join(' ↔ ')}: ${edges.join('; ')}`;
  });
}

describe('architecture: feature folders', () => {
  it('no cycle between the feature folders of src/features, type imports included', () => {
    assert.deepEqual(cycles(featureGraph()), []);
  });

  it('finds a cycle, however long, and names its edges', () => {
    const graph = new Map([
      ['auth', new Map([['notifications', 'auth/menu.ts imports ../notifications']])],
      ['notifications', new Map([['sandbox', 'x']])],
      ['sandbox', new Map([['auth', 'y']])],
      ['explorer', new Map([['auth', 'z']])],
    ]);
    const found = cycles(graph);
    assert.equal(found.length, 1);
    assert.match(found[0] as string, /^auth ↔ notifications ↔ sandbox: auth → notifications \(auth\/menu\.ts/);
  });
});

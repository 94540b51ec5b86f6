import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles TypeScript entry points (name → source file) for plain `node` into `outdir`, once per suite: each child
 * process then costs a plain `node` start, not a TypeScript compile. Returns each name's bundle.
 */
export async function bundleForNode<Name extends string>(
  entryPoints: Record<Name, string>,
  outdir: string,
): Promise<Record<Name, string>> {
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  const names = Object.keys(entryPoints) as Name[];
  return Object.fromEntries(names.map((name) => [name, join(outdir, `${name}.js`)])) as Record<Name, string>;
}

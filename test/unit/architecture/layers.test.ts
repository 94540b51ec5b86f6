import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { imports, ROOT, resolveImport, sources } from './sources';

/** The layer a source file belongs to, by its folder under src/ (files directly in src/ are the shell). */
function layerOf(file: string): string {
  const parts = relative(join(ROOT, 'src'), file).split(/[\\/]/);
  if (parts.length === 1) return parts[0]?.replace(/\.ts$/, '') === 'constants' ? 'constants' : 'shell';
  return parts[0] ?? '';
}

// Data flows one way: model → rules → node | text → api → sandbox | platform → features. Each layer may import only
// the layers listed.
const ALLOWED: Record<string, string[]> = {
  model: ['model'],
  rules: ['model', 'rules'],
  // Node helpers the extension and the sandbox share: the loopback guard, durable file writes, process checks.
  node: ['model', 'node'],
  // Pure text helpers (curl rendering, JSON text): no vscode, no Node.
  text: ['model', 'rules', 'text'],
  api: ['model', 'rules', 'api'],
  sandbox: ['model', 'rules', 'node', 'sandbox'],
  // The extension's shared pieces: command table, errors, output, context keys, lazy API, webview host, storage.
  platform: ['model', 'rules', 'text', 'api', 'node', 'platform', 'constants'],
  // The extension embeds the sandbox as its default environment, so features may start it (through its front door).
  features: ['model', 'rules', 'text', 'api', 'node', 'sandbox', 'platform', 'features', 'constants'],
};

// Layers that run anywhere: neither VS Code nor Node (`node:*`).
const PURE = new Set(['text']);

describe('architecture', () => {
  for (const layer of Object.keys(ALLOWED)) {
    it(`src/${layer} imports only the layers below it${layer === 'features' || layer === 'platform' ? '' : ', and never vscode'}${PURE.has(layer) ? ' nor node:*' : ''}`, () => {
      const problems: string[] = [];
      for (const file of sources(join(ROOT, 'src', layer))) {
        for (const target of imports(file)) {
          if (target === 'vscode' && layer !== 'features' && layer !== 'platform')
            problems.push(`${relative(ROOT, file)} imports vscode`);
          if (PURE.has(layer) && target.startsWith('node:')) problems.push(`${relative(ROOT, file)} imports ${target}`);
          if (!target.startsWith('.')) continue;
          // A folder's index (`../../sandbox`) belongs to the folder's layer.
          const resolved = resolveImport(file, target) ?? join(file, '..', target);
          const targetLayer = layerOf(resolved);
          if (!ALLOWED[layer]?.includes(targetLayer))
            problems.push(`${relative(ROOT, file)} imports ${targetLayer} (${target})`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});

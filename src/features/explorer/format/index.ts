/**
 * What the explorer says about each resource: labels, descriptions, Markdown tooltips, codicon and theme-colour ids,
 * money and dates. Pure (no `vscode` import) so every wording is unit-tested in plain Node; `nodes/` turns these
 * into TreeItems.
 */
export * from './advertising';
export * from './items';
export * from './orders';
export * from './sizeCharts';
export * from './statusWords';
export * from './words';

// node:fs for a recording run of esbuild.mjs: reading as usual, writing nothing (its copy of the OpenAPI document).
export * from 'node:fs';

export function copyFileSync() {}

export function mkdirSync() {}

// `vscode` outside the editor, for evaluating the activation bundle in plain Node (evaluateBundle.cjs): an object with
// every name the API declares at run time (classes, namespaces, enums, constants and functions of @types/vscode), each
// a stand-in that can be extended, constructed, called and read into, so module-level code (`class … extends
// vscode.TreeItem`, `new vscode.EventEmitter()`, an enum member as a key) evaluates. Nothing is implemented: the bundle
// is evaluated, never activated.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The names `declare module 'vscode'` gives values to (not interfaces or types), from the declaration text. */
function apiNames(declarations) {
  const names = new Set();
  for (const match of declarations.matchAll(/^\texport (?:class|namespace|enum|const|let|function) (\w+)/gm)) {
    names.add(match[1]);
  }
  return [...names];
}

/** A value any code can use: callable, constructible, extendable; reading a member gives another (the same each time). */
function standIn(path) {
  const members = new Map();
  const target = function standInTarget() {};
  return new Proxy(target, {
    get(base, key) {
      if (key === 'prototype') return base.prototype;
      if (key === Symbol.toPrimitive) return () => path;
      // Not a thenable (an `await` on it must not wait forever) nor an iterable.
      if (typeof key === 'symbol' || key === 'then') return undefined;
      if (!members.has(key)) members.set(key, standIn(`${path}.${key}`));
      return members.get(key);
    },
    apply: () => standIn(`${path}()`),
    construct: () => standIn(`new ${path}`),
  });
}

/** The stand-in API: each name of the declarations. */
function stubApi(declarations) {
  const api = {};
  for (const name of apiNames(declarations)) api[name] = standIn(`vscode.${name}`);
  return api;
}

/** Where the declarations are: @types/vscode, found from the project's root. */
function declarationsFile(root) {
  return join(root, 'node_modules', '@types', 'vscode', 'index.d.ts');
}

/** From now on `require('vscode')` in this process gives the stand-in API; returns it. */
function install(root) {
  const api = stubApi(readFileSync(declarationsFile(root), 'utf8'));
  const id = join(__dirname, 'vscode-stand-in');
  const stub = new Module(id);
  stub.filename = id;
  stub.exports = api;
  stub.loaded = true;
  require.cache[id] = stub;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveVscode(request, ...rest) {
    return request === 'vscode' ? id : resolve.call(this, request, ...rest);
  };
  return api;
}

module.exports = { apiNames, stubApi, install };

// Imported by the extension's entry before any module that defines a schema. VS Code's extension host answers every
// read of the global `navigator` with a PendingMigrationError it logs as an error (aka.ms/vscode-extensions/navigator);
// zod reads it when an object schema is built, to decide whether to compile its parser with `new Function`. Jitless
// parsing never reads it. The plain-node entries (sandbox command line, tests, bench) keep zod's default.
import * as z from 'zod';

z.config({ jitless: true });

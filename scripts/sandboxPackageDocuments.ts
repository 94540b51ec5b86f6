/**
 * The documents the marketplace-sandbox package ships beside its bundle (scripts/packageSandbox.ts), generated into
 * schemas/ by other scripts (`madeBy`). Each is expected once what needs it is in the repository (`expectedWhen`:
 * the OpenAPI generator, the sandbox's fixtures loader); an expected document that is absent stops the packaging with
 * the command that makes it, rather than a package without it.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface ShippedDocument {
  /** Where the repository holds it. */
  from: string;
  /** Its name in the package. */
  to: string;
  /** The command that writes `from`. */
  madeBy: string;
  /** A file of the repository whose presence means the document must ship. */
  expectedWhen: string;
}

export const DOCUMENTS: ShippedDocument[] = [
  {
    from: 'schemas/openapi.json',
    to: 'openapi.json',
    madeBy: 'npm run openapi',
    expectedWhen: 'scripts/generateOpenApi.ts',
  },
  {
    from: 'schemas/sandbox-fixtures.schema.json',
    to: 'sandbox-fixtures.schema.json',
    madeBy: 'npm run schemas',
    expectedWhen: 'src/sandbox/fixtures/index.ts',
  },
];

/** A reason the package cannot be made, said in one line. */
export class PackagingError extends Error {}

/** Copies each document of `root` into `stage`; returns the names shipped. Throws when an expected one is absent. */
export function shipDocuments(root: string, stage: string, documents: ShippedDocument[] = DOCUMENTS): string[] {
  const shipped: string[] = [];
  for (const document of documents) {
    const source = join(root, document.from);
    if (existsSync(source)) {
      copyFileSync(source, join(stage, document.to));
      shipped.push(document.to);
    } else if (existsSync(join(root, document.expectedWhen))) {
      throw new PackagingError(`${document.from} is missing: run \`${document.madeBy}\` first.`);
    }
  }
  return shipped;
}

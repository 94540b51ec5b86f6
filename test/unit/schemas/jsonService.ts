import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findNodeAtOffset, getNodePath, parseTree } from 'jsonc-parser';
import {
  ClientCapabilities,
  type CompletionItem,
  type Diagnostic,
  getLanguageService,
  type JSONSchema,
  type LanguageService,
  TextDocument,
} from 'vscode-json-languageservice';
import { readManifest } from '../../../scripts/manifestNls';

/** The extension's folder, as VS Code would see it (`extension.extensionUri`). */
export const ROOT = join(__dirname, '../../..');
const EXTENSION_URI = 'file:///extensions/marketplace-integrator';
/** Where the test documents live: any workspace folder. */
export const WORKSPACE_URI = 'file:///home/dev/shop/payloads';

interface JsonValidation {
  fileMatch: string | string[];
  url: string;
}

/** package.json's `contributes.jsonValidation`, exactly as shipped, as VS Code reads it in English (urls resolved). */
export function shippedJsonValidation(): JsonValidation[] {
  const pkg = readManifest<{ contributes?: { jsonValidation?: JsonValidation[] } }>('en', ROOT);
  return pkg.contributes?.jsonValidation ?? [];
}

/**
 * A JSON language service configured the way VS Code's JSON extension configures it from `contributes.jsonValidation`
 * (extensions/json-language-features/client/src/jsonClient.ts, `getSchemaAssociations`): a `./` url is joined to the
 * extension's folder, and a pattern that starts with neither `/` nor `!` nor a scheme gets a leading `/`. The schemas
 * are the checked-in files under schemas/.
 */
export function createJsonService(): LanguageService {
  const service = getLanguageService({ clientCapabilities: ClientCapabilities.LATEST });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: shippedJsonValidation().map(({ fileMatch, url }) => ({
      uri: schemaUri(url),
      fileMatch: (typeof fileMatch === 'string' ? [fileMatch] : fileMatch).map((pattern) =>
        /^(\w+:\/\/|\/|!)/.test(pattern) ? pattern : `/${pattern}`,
      ),
      schema: JSON.parse(readFileSync(join(ROOT, url), 'utf8')) as JSONSchema,
    })),
  });
  return service;
}

/** The URI VS Code gives a contributed schema. */
export const schemaUri = (url: string): string => `${EXTENSION_URI}/${url.replace(/^\.\//, '')}`;

/** A document's URI as VS Code writes it (each path segment encoded). */
export const documentUri = (relativePath: string): string =>
  `${WORKSPACE_URI}/${relativePath.split('/').map(encodeURIComponent).join('/')}`;

export function textDocument(relativePath: string, text: string): TextDocument {
  return TextDocument.create(documentUri(relativePath), 'json', 1, text);
}

/** A diagnostic as the tests compare it: the JSON path it lands on and its message. */
export interface Problem {
  path: string;
  message: string;
}

/** `$.sale_terms[0].value_name` for `['sale_terms', 0, 'value_name']`; `$` is the document itself. */
export const formatPath = (segments: readonly (string | number)[]): string =>
  `$${segments.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('')}`;

/** The JSON path of the node a diagnostic starts on (a property's key and its value give the same path). */
export function pathAt(text: string, offset: number): string {
  const root = parseTree(text);
  const node = root && findNodeAtOffset(root, offset, true);
  return node ? formatPath(getNodePath(node)) : '$';
}

export async function validate(service: LanguageService, document: TextDocument): Promise<Problem[]> {
  const diagnostics: Diagnostic[] = await service.doValidation(document, service.parseJSONDocument(document));
  const text = document.getText();
  return diagnostics.map((diagnostic) => ({
    path: pathAt(text, document.offsetAt(diagnostic.range.start)),
    message: typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value,
  }));
}

/** Completions at the `|` in `textWithCursor` (the bar is removed from the document). */
export async function complete(
  service: LanguageService,
  relativePath: string,
  textWithCursor: string,
): Promise<CompletionItem[]> {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0) throw new Error('Mark the cursor with |');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const document = textDocument(relativePath, text);
  const list = await service.doComplete(document, document.positionAt(offset), service.parseJSONDocument(document));
  return list?.items ?? [];
}

/** Hover text at the `|` (Markdown contents joined). */
export async function hover(service: LanguageService, relativePath: string, textWithCursor: string): Promise<string> {
  const offset = textWithCursor.indexOf('|');
  if (offset < 0) throw new Error('Mark the cursor with |');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + 1);
  const document = textDocument(relativePath, text);
  const result = await service.doHover(document, document.positionAt(offset), service.parseJSONDocument(document));
  const contents = result?.contents;
  if (!contents) return '';
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts.map((part) => (typeof part === 'string' ? part : part.value)).join('\n');
}

/** Documentation of a completion item as plain text (Markdown or not). */
export const documentation = (item: CompletionItem): string | undefined =>
  typeof item.documentation === 'string' ? item.documentation : item.documentation?.value;

/** The schema files (`item-create.schema.json`…) the service associates with a file name. */
export function associatedSchemas(service: LanguageService, relativePath: string): string[] {
  const document = textDocument(relativePath, '{}');
  return service
    .getLanguageStatus(document, service.parseJSONDocument(document))
    .schemas.map((uri) => uri.slice(uri.lastIndexOf('/') + 1));
}

// Finds words a person reads that do not go through the bundles: string and template literals in the places the
// editor shows text (messages, quick picks, input boxes, tree items, status bar, progress, diagnostics, code actions,
// hovers, errors thrown to a person, webview text and attributes), outside `l10n.t(...)`. Run on its own to see an
// area's findings: node --import tsx test/unit/l10n/literalScan.ts src/features/explorer webview/metrics
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface LiteralFinding {
  file: string;
  line: number;
  text: string;
  where: string;
}

/** Calls whose arguments a person reads (the callee's last name). */
const SAYING_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'appendMarkdown',
  'appendText',
  'report',
  'el',
  'component',
  'createTextNode',
  'append',
  'prepend',
  'replaceChildren',
  'createStatusBarItem',
  'finding',
]);
/** Constructors whose arguments a person reads. */
const SAYING_CONSTRUCTORS = new Set([
  'TreeItem',
  'Diagnostic',
  'CodeAction',
  'MarkdownString',
  'Hover',
  'Error',
  'TypeError',
  'RangeError',
  'CompletionItem',
  'QuickPickItem',
  'ThemeIcon',
]);
/** Properties (assigned or in an object literal) whose value a person reads. */
const SAYING_PROPERTIES = new Set([
  'label',
  'description',
  'detail',
  'tooltip',
  'title',
  'placeHolder',
  'placeholder',
  'prompt',
  'message',
  'validationMessage',
  'text',
  'textContent',
  'innerText',
  'ariaLabel',
  'documentation',
  'heading',
  'summary',
  'hint',
  'caption',
  'emptyText',
]);
/** Attributes a person reads (setAttribute and a component's attributes). */
const SAYING_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);

/** Calls that are not shown (logs, ids, keys). */
const SILENT_CALLS = new Set(['info', 'warn', 'error', 'debug', 'trace', 'log', 'appendLine', 'executeCommand']);

/**
 * Whether the text has words of a language: at least one run of two letters, once codicons (`$(name)`), placeholders,
 * code spans, paths and ids are set aside. All-capital tokens (GET, MLA, ARS, JSON) and identifiers are not words.
 */
export function hasWords(text: string): boolean {
  // An id, a key, a class or a path on its own: `vscode-panel-tab`, `item.title`, `saleTerms`, `/items`.
  if (/^[\w.$:/#@~-]+$/.test(text) && /[-._/:#@~]|[a-z][A-Z]/.test(text)) return false;
  const stripped = text
    .replace(/\$\([\w~-]+\)/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)[./]?[\w.-]*[/_.][\w./*:{}-]*/g, ' ');
  const words = stripped.match(/[A-Za-zÀ-ÿ]{2,}/g) ?? [];
  return words.some((word) => word !== word.toUpperCase());
}

const calleeName = (expression: ts.Expression): string | undefined => {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return undefined;
};

const isL10nCall = (node: ts.CallExpression): boolean => {
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 't' &&
    (ts.isIdentifier(callee.expression) || ts.isPropertyAccessExpression(callee.expression)) &&
    /(^|\.)l10n$/.test(callee.expression.getText())
  );
};

const propertyNameOf = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;

/** What makes a literal's place a saying place, or undefined; climbs through conditionals, `+` and templates. */
function sayingPlace(literal: ts.Node): string | undefined {
  let node: ts.Node = literal;
  for (;;) {
    const parent = node.parent;
    if (!parent) return undefined;
    if (
      ts.isConditionalExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent) ||
      ts.isAsExpression(parent) ||
      (ts.isBinaryExpression(parent) &&
        (parent.operatorToken.kind === ts.SyntaxKind.PlusToken ||
          parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
          parent.operatorToken.kind === ts.SyntaxKind.BarBarToken))
    ) {
      node = parent;
      continue;
    }
    if (ts.isCallExpression(parent)) {
      if (isL10nCall(parent)) return undefined;
      const name = calleeName(parent.expression);
      if (!name || SILENT_CALLS.has(name)) return undefined;
      if (name === 'setAttribute' && parent.arguments[1] === node) {
        const attribute = parent.arguments[0];
        return attribute && ts.isStringLiteral(attribute) && SAYING_ATTRIBUTES.has(attribute.text)
          ? `${name}(…)`
          : undefined;
      }
      // An element's tag and class, a component's tag.
      if ((name === 'el' || name === 'component') && parent.arguments[0] === node) return undefined;
      if (name === 'el' && parent.arguments[1] === node) return undefined;
      if (SAYING_CALLS.has(name) && parent.arguments.includes(node as ts.Expression)) return `${name}(…)`;
      if ((name === 'showQuickPick' || name === 'showInputBox') && parent.arguments.includes(node as ts.Expression)) {
        return `${name}(…)`;
      }
      return undefined;
    }
    if (ts.isNewExpression(parent)) {
      const name = calleeName(parent.expression);
      if (name === 'ThemeIcon') return undefined;
      return name && SAYING_CONSTRUCTORS.has(name) && parent.arguments?.includes(node as ts.Expression)
        ? `new ${name}(…)`
        : undefined;
    }
    if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
      const name = propertyNameOf(parent.name);
      if (name && (SAYING_PROPERTIES.has(name) || SAYING_ATTRIBUTES.has(name))) return `${name}:`;
      return undefined;
    }
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.right === node &&
      ts.isPropertyAccessExpression(parent.left) &&
      SAYING_PROPERTIES.has(parent.left.name.text)
    ) {
      return `.${parent.left.name.text} =`;
    }
    if (ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) return undefined;
    return undefined;
  }
}

/** The static text of a literal (a template's text parts joined by a space). */
function staticText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return undefined;
}

/** Whether a line carries the reason a text is not translated: `// l10n: not translated (…)`. */
const excused = (source: ts.SourceFile, node: ts.Node): boolean => {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text?.includes('l10n: not translated'));
};

/** The literals of one file that a person reads and that bypass the bundles. */
export function scanSource(file: string, text: string): LiteralFinding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const findings: LiteralFinding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isL10nCall(node)) return;
    const said = staticText(node);
    if (said !== undefined) {
      const where = hasWords(said) ? sayingPlace(node) : undefined;
      if (where && !excused(source, node)) {
        findings.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          text: said.length > 70 ? `${said.slice(0, 70)}…` : said,
          where,
        });
      }
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** The TypeScript files under the given paths (files or folders). */
export function filesUnder(root: string, paths: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) files.push(path);
  };
  for (const path of paths) walk(join(root, path));
  return files.sort();
}

/** Where the editor's words live: the features, the platform, the rules' findings, the shell and the webviews. */
export const SAYING_SOURCES = [
  'src/features',
  'src/platform',
  'src/rules',
  'src/extension.ts',
  'src/featureBundle.ts',
  'webview',
];

export function scanPaths(root: string, paths: readonly string[]): LiteralFinding[] {
  return filesUnder(root, paths).flatMap((file) => scanSource(relative(root, file), readFileSync(file, 'utf8')));
}

if (process.argv[1]?.endsWith('literalScan.ts')) {
  const root = join(__dirname, '../../..');
  const paths = process.argv.slice(2);
  const findings = scanPaths(root, paths.length ? paths : SAYING_SOURCES);
  for (const entry of findings)
    console.log(`${entry.file}:${entry.line}  ${entry.where}  ${JSON.stringify(entry.text)}`);
  console.log(`${findings.length} literal(s) a person reads outside the bundles`);
}

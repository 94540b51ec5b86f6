// The extension's words in a run's display language, for the e2e specs to find what a person reads: read from the
// extension's own l10n/bundle.l10n.<lang>.json and package.nls.<lang>.json, the English where a bundle has no
// translation yet (VS Code shows the English then too), so a spec names the English and finds whatever is shown.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/codeServer';

type Table = Record<string, string | { message: string }>;

const readTable = (path: string): Table => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Table) : {});
const textOf = (entry: Table[string] | undefined) => (typeof entry === 'string' ? entry : entry?.message);

interface Command {
  command: string;
  title: string;
  category?: string;
}

export class Words {
  private readonly bundle: Table;
  private readonly nls: Table;
  private readonly englishNls: Table;
  private readonly commands: Command[];
  private readonly views: { id: string; name?: string; title?: string }[];

  constructor(readonly locale: string) {
    const english = locale === 'en';
    this.bundle = english ? {} : readTable(join(ROOT, 'l10n', `bundle.l10n.${locale}.json`));
    this.nls = english ? {} : readTable(join(ROOT, `package.nls.${locale}.json`));
    this.englishNls = readTable(join(ROOT, 'package.nls.json'));
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: {
        commands: Command[];
        views: Record<string, { id: string; name: string }[]>;
        viewsContainers: Record<string, { id: string; title: string }[]>;
      };
    };
    this.commands = manifest.contributes.commands;
    this.views = [
      ...Object.values(manifest.contributes.viewsContainers).flat(),
      ...Object.values(manifest.contributes.views).flat(),
    ];
  }

  /** What the code's English message `english` reads as in this language. */
  t(english: string): string {
    return (Object.hasOwn(this.bundle, english) ? textOf(this.bundle[english]) : undefined) ?? english;
  }

  /** A package.json string in this language: a `%key%` looked up in package.nls.<lang>.json, then package.nls.json. */
  manifest(text: string): string {
    const key = /^%(.+)%$/.exec(text)?.[1];
    if (!key) return text;
    return textOf(this.nls[key]) ?? textOf(this.englishNls[key]) ?? text;
  }

  /** The title of a view or view container (`marketplace`, `marketplace.explorer`) in this language. */
  view(id: string): string {
    const declared = this.views.find((entry) => entry.id === id);
    const text = declared?.name ?? declared?.title;
    if (!text) throw new Error(`package.json declares no view or view container ${id}`);
    return this.manifest(text);
  }

  /** A command's title as the palette lists it: "Category: Title". */
  command(id: string): string {
    const declared = this.commands.find((entry) => entry.command === id);
    if (!declared) throw new Error(`package.json declares no command ${id}`);
    const title = this.manifest(declared.title);
    return declared.category ? `${this.manifest(declared.category)}: ${title}` : title;
  }
}

/** `text` as a regular expression matching it literally. */
export const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

import { sep } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS, STATE } from '../../constants';
import { anyCaseGlob } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import type { Output } from '../../platform/output';
import type { SandboxHost } from '../auth/sandboxHost';
import {
  fixturesPathArgument,
  isOutsideFolder,
  optionsOfRunningSandbox,
  type SandboxFacts,
  sandboxCommandLine,
} from './commandLine';
import {
  exportedMessage,
  FIXTURES_FILE_NAME,
  FIXTURES_SUFFIX,
  fixturesCounts,
  fixturesDialogFilters,
  fixturesText,
  isFixturesFileName,
  tokenIn,
  withFixturesSuffix,
} from './fixturesFile';
import { requireSandboxEnvironment } from './requireSandbox';

/** What the fixtures commands need from the rest of the extension. */
export interface FixturesCommandsDeps {
  sandbox: SandboxHost;
  output: Output;
  /** Where the last exported file is remembered (the workspace's state). */
  state: vscode.Memento;
}

/** What an export wrote (the command's result, for scripts and tests). */
export interface FixturesExport {
  uri: vscode.Uri;
  counts: Record<string, number>;
}

/**
 * From the editor to CI: *Export Data as Fixtures…* writes what the local sandbox holds now as a fixtures file, and
 * *Copy Command Line* gives the `npx marketplace-sandbox …` line that starts a sandbox with it (or with the running
 * sandbox's own options). The data comes from the sandbox's loopback admin route, never from the API.
 */
export class FixturesCommands {
  constructor(private readonly deps: FixturesCommandsDeps) {}

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.exportSandboxFixtures,
        run: (options?: unknown) => this.exportFixtures(targetOption(options)),
        failure: vscode.l10n.t('Could not export the sandbox data'),
      },
      {
        id: COMMANDS.copySandboxCommandLine,
        run: (target?: unknown) => this.copyCommandLine(target instanceof vscode.Uri ? target : undefined),
        failure: vscode.l10n.t('Could not copy the command line'),
      },
    ];
  }

  /**
   * Asks where (unless `target` is given), reads `GET /_sandbox/fixtures` with a cancellable progress, and writes the
   * document; then says what was written, with *Open* and *Copy Command Line*.
   */
  async exportFixtures(target?: vscode.Uri): Promise<FixturesExport | undefined> {
    requireSandboxEnvironment(vscode.l10n.t('Export Data as Fixtures'));
    if (!(await this.sandboxRunning())) return undefined;
    const uri = target ?? (await this.askTarget());
    if (!uri) return undefined;
    const document = await this.fetchDocument();
    if (document === undefined) return undefined;
    if (!isRecord(document)) {
      throw new Error(
        vscode.l10n.t(
          'The local sandbox did not answer a fixtures document (GET /_sandbox/fixtures). Nothing was written.',
        ),
      );
    }
    const text = fixturesText(document);
    // The sandbox's export holds no token; this is the last look before the file is written, never shown.
    const running = await this.deps.sandbox.ensureStarted();
    const users = await this.deps.sandbox.testUsers();
    if (tokenIn(text, [running.token, ...users.map((user) => user.token ?? '')])) {
      throw new Error(
        vscode.l10n.t('The sandbox export holds an access token, so nothing was written. Please report this.'),
      );
    }
    const facts = await this.deps.sandbox.admin<SandboxFacts>('GET', '/_sandbox');
    const scale = typeof facts.scale === 'number' ? facts.scale : 0;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    await this.deps.state.update(STATE.lastFixturesFile, uri.toString());
    const counts = fixturesCounts(document);
    const where = vscode.workspace.asRelativePath(uri);
    this.deps.output.info(`[sandbox] Exported ${JSON.stringify(counts)} to ${where} (scale ${scale}).`);
    const message = exportedMessage(counts, where, scale, displayLocale());
    const open = vscode.l10n.t('Open');
    const copy = vscode.l10n.t('Copy Command Line');
    void vscode.window.showInformationMessage(message, open, copy).then(async (choice) => {
      if (choice === open) await vscode.window.showTextDocument(uri);
      if (choice === copy) await vscode.commands.executeCommand(COMMANDS.copySandboxCommandLine, uri);
    });
    return { uri, counts };
  }

  /** True when the sandbox runs in this window; else says so and offers to start it (and sign in to it). */
  private async sandboxRunning(): Promise<boolean> {
    if (this.deps.sandbox.isRunning) return true;
    const start = vscode.l10n.t('Start Local Sandbox');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        'The local sandbox is not running in this window, so there is no data to export yet. Start it first: with marketplace.sandbox.persist on, it starts with the data you left in it.',
      ),
      start,
    );
    if (choice !== start) return false;
    await vscode.commands.executeCommand(COMMANDS.useSandbox);
    return this.deps.sandbox.isRunning;
  }

  /** The save dialog on `<workspace>/marketplace-sandbox.fixtures.json`; a name without the ending is asked about. */
  private async askTarget(): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const chosen = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, FIXTURES_FILE_NAME) : undefined,
      filters: fixturesDialogFilters(),
      saveLabel: vscode.l10n.t('Export'),
      title: vscode.l10n.t('Export the local sandbox data as fixtures'),
    });
    if (!chosen) return undefined;
    const name = baseName(chosen);
    if (isFixturesFileName(name)) return chosen;
    const renamed = vscode.Uri.joinPath(chosen, '..', withFixturesSuffix(name));
    const rename = vscode.l10n.t('Save as {0}', baseName(renamed));
    const keep = vscode.l10n.t('Keep {0}', name);
    const exists = await vscode.workspace.fs.stat(renamed).then(
      () => true,
      () => false,
    );
    const explained = vscode.l10n.t(
      'VS Code completes and checks *{0} files with the fixtures schema, and Copy Command Line finds them in the workspace.',
      FIXTURES_SUFFIX,
    );
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} does not end in {1}.', name, FIXTURES_SUFFIX),
      {
        modal: true,
        detail: exists
          ? vscode.l10n.t('{0} {1} exists and would be replaced.', explained, baseName(renamed))
          : explained,
      },
      rename,
      keep,
    );
    return answer === rename ? renamed : answer === keep ? chosen : undefined;
  }

  /** `GET /_sandbox/fixtures` under a progress notification with Cancel; undefined when cancelled. */
  private fetchDocument(): Thenable<unknown> {
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Exporting the local sandbox data…'),
        cancellable: true,
      },
      async (_progress, token) => {
        const controller = new AbortController();
        const cancelled = token.onCancellationRequested(() => controller.abort());
        try {
          return await this.deps.sandbox.admin<unknown>('GET', '/_sandbox/fixtures', undefined, controller.signal);
        } catch (error) {
          if (controller.signal.aborted) {
            this.deps.output.info('[sandbox] Export cancelled: nothing was written.');
            return undefined;
          }
          throw error;
        } finally {
          cancelled.dispose();
        }
      },
    );
  }

  /**
   * Copies the `npx marketplace-sandbox` line for a fixtures file (`file`, else the last exported one, else one of
   * the workspace's `*.fixtures.json` picked), or without one the plain line with the running sandbox's options.
   */
  async copyCommandLine(file?: vscode.Uri): Promise<string | undefined> {
    const chosen = file ?? (await this.chooseFixtures());
    if (chosen === undefined) return undefined;
    let line: string;
    let message: string;
    if (chosen === 'none') {
      line = sandboxCommandLine(await this.runningSandboxOptions());
      message = vscode.l10n.t('Copied: {0} It starts the sandbox with its own seeded data (no fixtures file).', line);
    } else {
      const folder = vscode.workspace.getWorkspaceFolder(chosen) ?? vscode.workspace.workspaceFolders?.[0];
      const argument = fixturesPathArgument(folder?.uri.fsPath, chosen.fsPath, sep);
      line = sandboxCommandLine({ fixtures: argument });
      message = isOutsideFolder(argument)
        ? vscode.l10n.t(
            'Copied: {0} The file is outside the workspace folder: add it to your repository and name it from where the job runs.',
            line,
          )
        : vscode.l10n.t('Copied: {0}', line);
    }
    await vscode.env.clipboard.writeText(line);
    this.deps.output.info(`[sandbox] Copied the command line: ${line}`);
    void vscode.window.showInformationMessage(message);
    return line;
  }

  /** Which fixtures file: the last exported when it is the only one, else a pick that offers none too. */
  private async chooseFixtures(): Promise<vscode.Uri | 'none' | undefined> {
    const last = await this.lastExported();
    const found = await vscode.workspace.findFiles(
      `**/${anyCaseGlob(`*${FIXTURES_SUFFIX}`)}`,
      '**/node_modules/**',
      50,
    );
    const candidates = last ? [last, ...found.filter((uri) => uri.toString() !== last.toString())] : found;
    if (candidates.length === 0) return 'none';
    if (candidates.length === 1 && last) return last;
    const picked = await vscode.window.showQuickPick(
      [
        ...candidates.map((uri) => ({
          label: baseName(uri),
          description:
            uri === last
              ? vscode.l10n.t('{0} · last exported', vscode.workspace.asRelativePath(uri))
              : vscode.workspace.asRelativePath(uri),
          choice: uri as vscode.Uri | 'none',
        })),
        {
          label: vscode.l10n.t('No fixtures file'),
          description: vscode.l10n.t('the sandbox’s own seeded data, with its seed, scale and clock'),
          choice: 'none' as const,
        },
      ],
      {
        title: vscode.l10n.t('Sandbox: Copy Command Line'),
        placeHolder: vscode.l10n.t('Which fixtures file should the sandbox start with?'),
      },
    );
    return picked?.choice;
  }

  /** The last exported file, if it still exists. */
  private async lastExported(): Promise<vscode.Uri | undefined> {
    const stored = this.deps.state.get<string>(STATE.lastFixturesFile);
    if (typeof stored !== 'string') return undefined;
    const uri = vscode.Uri.parse(stored);
    return vscode.workspace.fs.stat(uri).then(
      () => uri,
      () => undefined,
    );
  }

  /** The options the running local sandbox differs by from a default start (none when it is not running). */
  private async runningSandboxOptions() {
    if (!this.deps.sandbox.isRunning) return {};
    return optionsOfRunningSandbox(await this.deps.sandbox.admin<SandboxFacts>('GET', '/_sandbox'));
  }
}

/** The export's target from a command argument: `{target: Uri}` (scripts, tests); anything else asks. */
function targetOption(options: unknown): vscode.Uri | undefined {
  const target = isRecord(options) && Object.hasOwn(options, 'target') ? options.target : undefined;
  return target instanceof vscode.Uri ? target : undefined;
}

const baseName = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

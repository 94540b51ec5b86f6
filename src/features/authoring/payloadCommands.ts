/**
 * The payload file commands: `New … Payload…` writes a skeleton into a workspace folder (or an unsaved document
 * that carries the proposed name), and `Pull Item into Payload File` writes the fields a live item's state lets the
 * seller change into `<ITEMID>.item.json`. The file name always says which request the file makes
 * (`src/model/payloadFiles.ts`); the skeletons and the projection of a live item live in `skeletons.ts`.
 */
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { getItem } from '../../api/items';
import { getSite } from '../../api/payments';
import { COMMANDS } from '../../constants';
import type { Item } from '../../model/item';
import { ITEM_ID, NUMERIC_ID } from '../../model/payloadFiles';
import { isRecord } from '../../model/records';
import type { CommandEntry } from '../../platform/commandTable';
import type { Output } from '../../platform/output';
import { withWindowProgress } from '../../platform/windowProgress';
import type { SessionSource } from '../auth/session';
import { pickItemId } from '../pickers/items';
import { pickOrderId } from '../pickers/orders';
import {
  blacklistSkeleton,
  destinationPlaceholder,
  editableItemPayload,
  feedbackSkeleton,
  fieldRefusal,
  heldFields,
  kindName,
  type NewPayloadKind,
  newFileNameProblem,
  newItemSkeleton,
  nextFreeName,
  noteSkeleton,
  proposedFileName,
  type RenderedPayload,
  renderPayload,
  requestOfName,
  type Skeleton,
  saleTermsSkeleton,
  sizeChartSkeleton,
  suffixOf,
  TARGET_NAMED,
} from './skeletons';

/**
 * Optional arguments of the payload commands (tests and other commands pass them to skip the prompts). From the
 * explorer's context menu the argument is the node instead, whose item or order becomes the target.
 */
export interface PayloadCommandOptions {
  /** Write into this folder (a path or URI) without asking where. */
  folder?: string | vscode.Uri;
  /** Open an unsaved document carrying the proposed name instead of writing a file. */
  untitled?: boolean;
  /** The file name, for kinds named freely (items, size charts, blacklist entries). */
  name?: string;
  /** The item of a sale-terms file or of a pull. */
  itemId?: string;
  /** The order of a note or feedback file. */
  orderId?: string | number;
  /** Replace an existing file without asking. */
  overwrite?: boolean;
}

/** The options of a call: an options object, or an explorer node (`kind` + raw `data`) whose id is the target. */
export function payloadOptions(arg: unknown): PayloadCommandOptions {
  if (!isRecord(arg)) return {};
  if ('kind' in arg && isRecord(arg.data)) {
    const id = arg.data.id;
    if (arg.kind === 'item' && typeof id === 'string') return { itemId: id };
    if (arg.kind === 'order' && (typeof id === 'number' || typeof id === 'string')) return { orderId: id };
    return {};
  }
  return arg as PayloadCommandOptions;
}

/** Where a new payload goes: a file in a folder now, or an unsaved document whose name is proposed for saving. */
type Destination = { untitled: false; folder: vscode.Uri } | { untitled: true; folder: vscode.Uri };

export class PayloadCommands {
  constructor(
    private readonly sessions: SessionSource,
    private readonly output: Output,
  ) {}

  /** The command table rows of the payload commands. */
  commands(): CommandEntry[] {
    const create = (kind: NewPayloadKind) => (arg?: unknown) => this.newPayload(kind, payloadOptions(arg));
    return [
      { id: COMMANDS.newItemPayload, run: create('item'), failure: vscode.l10n.t('Could not create the item payload') },
      {
        id: COMMANDS.newSaleTermsPayload,
        run: create('saleTerms'),
        failure: vscode.l10n.t('Could not create the sale-terms payload'),
      },
      {
        id: COMMANDS.newSizeChartPayload,
        run: create('sizeChart'),
        failure: vscode.l10n.t('Could not create the size chart payload'),
      },
      { id: COMMANDS.newNotePayload, run: create('note'), failure: vscode.l10n.t('Could not create the note payload') },
      {
        id: COMMANDS.newFeedbackPayload,
        run: create('feedback'),
        failure: vscode.l10n.t('Could not create the feedback payload'),
      },
      {
        id: COMMANDS.newBlacklistPayload,
        run: create('blacklist'),
        failure: vscode.l10n.t('Could not create the blacklist payload'),
      },
      {
        id: COMMANDS.pullItemPayload,
        run: (arg?: unknown) => this.pullItem(payloadOptions(arg)),
        failure: vscode.l10n.t('Could not pull the item'),
      },
    ];
  }

  // -------------------------------------------------------------------------------------------------------------
  // New payloads

  /** Creates a payload of `kind` and opens it with the first value to write selected; resolves to its URI. */
  async newPayload(kind: NewPayloadKind, options: PayloadCommandOptions = {}): Promise<vscode.Uri | undefined> {
    // The file opens in the group the command started from (the walkthrough opens one beside itself), wherever the
    // focus went while the prompts were open.
    const column = vscode.window.tabGroups.activeTabGroup.viewColumn;
    const target = await this.targetOf(kind, options);
    if (TARGET_NAMED.has(kind) && !target) return undefined;
    const skeleton = await this.skeletonOf(kind, target);
    if (!skeleton) return undefined;
    const named = options.name !== undefined || TARGET_NAMED.has(kind);
    const proposed = options.name !== undefined ? this.validName(kind, options.name) : proposedFileName(kind, target);
    const destination = await this.destinationOf(kind, proposed, options);
    if (!destination) return undefined;
    const rendered = renderPayload(skeleton.body, skeleton.firstEdit);

    if (destination.untitled) {
      const name = await this.untitledName(destination.folder, proposed, TARGET_NAMED.has(kind));
      return name ? this.openUntitled(destination.folder, name, rendered, true, column) : undefined;
    }
    const name = named ? proposed : await this.askName(kind, destination.folder);
    if (!name) return undefined;
    const uri = vscode.Uri.joinPath(destination.folder, name);
    if (!options.overwrite && (await exists(uri))) {
      const replace = await this.confirmReplace(uri, vscode.l10n.t('a new {0} skeleton', kindName(kind)));
      if (replace !== 'replace') return replace === 'open' ? this.open(uri) : undefined;
    }
    await writeDocument(uri, rendered.text);
    return this.open(uri, rendered, column);
  }

  /** The item (sale terms) or order (note, feedback) a file is named after; asked when not given. */
  private async targetOf(kind: NewPayloadKind, options: PayloadCommandOptions): Promise<string | undefined> {
    if (kind === 'saleTerms') {
      if (options.itemId !== undefined) return checkedItemId(options.itemId);
      return pickItemId(this.sessions.current, {
        title: vscode.l10n.t('New sale-terms payload: which item?'),
        output: this.output,
      });
    }
    if (kind === 'note' || kind === 'feedback') {
      if (options.orderId !== undefined) {
        const id = String(options.orderId);
        if (!NUMERIC_ID.test(id))
          throw new Error(vscode.l10n.t('{0} is not an order id (digits only, e.g. 2000001234).', id));
        return id;
      }
      return pickOrderId(this.sessions.current, {
        title: vscode.l10n.t('New {0} payload: which order?', kindName(kind)),
        output: this.output,
      });
    }
    return undefined;
  }

  /** The skeleton of `kind`, completed from the API when signed in (site and currency, the item's sale terms). */
  private async skeletonOf(kind: NewPayloadKind, target: string | undefined): Promise<Skeleton | undefined> {
    const session = this.sessions.current;
    switch (kind) {
      case 'item': {
        if (!session) return newItemSkeleton();
        const siteId = session.account.siteId;
        const currencyId = await withWindowProgress(vscode.l10n.t('Reading the site'), () =>
          getSite(session.client, siteId),
        ).then(
          (site) => site.default_currency_id ?? undefined,
          (error: unknown) => {
            // The skeleton is still useful without the currency: the field stays blank for the user to fill.
            this.output.warn(`Could not read site ${siteId} for its currency: ${String(error)}`);
            return undefined;
          },
        );
        return newItemSkeleton({ siteId, currencyId });
      }
      case 'saleTerms': {
        if (!session || !target) return saleTermsSkeleton();
        const item = await withWindowProgress(`Reading ${target}`, () => getItem(session.client, target));
        const refused = fieldRefusal(item, 'sale_terms');
        if (refused) {
          void vscode.window.showWarningMessage(
            vscode.l10n.t('The sale terms of {0} cannot change now: {1}', target, refused),
          );
          return undefined;
        }
        return saleTermsSkeleton(item.sale_terms);
      }
      case 'sizeChart':
        return sizeChartSkeleton();
      case 'note':
        return noteSkeleton();
      case 'feedback':
        return feedbackSkeleton();
      case 'blacklist':
        return blacklistSkeleton();
    }
  }

  /** Asks where the file goes: a workspace folder (written now) or an unsaved document; options decide when given. */
  private async destinationOf(
    kind: NewPayloadKind,
    proposed: string,
    options: PayloadCommandOptions,
  ): Promise<Destination | undefined> {
    if (options.folder !== undefined) return { untitled: Boolean(options.untitled), folder: asUri(options.folder) };
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (options.untitled) return { untitled: true, folder: folders[0]?.uri ?? vscode.Uri.file(homedir()) };
    const request = requestOfName(proposed) ?? vscode.l10n.t('a request named after its target');
    type Entry = vscode.QuickPickItem & { destination?: Destination; other?: true };
    const entries: Entry[] = [
      ...folders.map((folder) => ({
        label: `$(folder) ${folder.name}`,
        description: vscode.l10n.t('writes {0}', proposed),
        detail: vscode.l10n.t('Written into the folder now; the name makes {0}.', request),
        destination: { untitled: false as const, folder: folder.uri },
      })),
      {
        label: vscode.l10n.t('$(new-file) Unsaved document'),
        description: proposed,
        detail: vscode.l10n.t(
          'Written into {0} only when you save; the name makes {1}.',
          folders[0]?.name ?? vscode.l10n.t('your home folder'),
          request,
        ),
        destination: { untitled: true, folder: folders[0]?.uri ?? vscode.Uri.file(homedir()) },
      },
      {
        label: vscode.l10n.t('$(folder-opened) Other folder…'),
        detail: vscode.l10n.t('Choose a folder for {0}.', proposed),
        other: true,
      },
    ];
    const choice = await vscode.window.showQuickPick(entries, {
      title: vscode.l10n.t('New {0} payload: where?', kindName(kind)),
      placeHolder: destinationPlaceholder(proposed),
      matchOnDescription: true,
      // Started from the walkthrough, the page takes the focus back as the editor beside it opens.
      ignoreFocusOut: true,
    });
    if (!choice) return undefined;
    if (choice.destination) return choice.destination;
    const picked = await vscode.window.showOpenDialog({
      canSelectFiles: false,
      canSelectFolders: true,
      canSelectMany: false,
      openLabel: vscode.l10n.t('Create Here'),
      title: vscode.l10n.t('Folder for {0}', proposed),
    });
    return picked?.[0] ? { untitled: false, folder: picked[0] } : undefined;
  }

  /** A name given by a caller: refused (with the reason) when it does not make the request `kind` is for. */
  private validName(kind: NewPayloadKind, name: string): string {
    const problem = newFileNameProblem(kind, name);
    if (problem) throw new Error(problem);
    return name;
  }

  /**
   * The name of an unsaved document in `folder`: `name` itself, or for freely named kinds the next name no file or
   * open document holds (VS Code refuses an unsaved document over an existing file). A name fixed by its target
   * (`MLA….sale-terms.json`, a pulled item) that is taken is not renamed: the user is offered the existing one.
   */
  private async untitledName(folder: vscode.Uri, name: string, fixed: boolean): Promise<string | undefined> {
    const onDisk = await namesIn(folder);
    const openPaths = new Set(vscode.workspace.textDocuments.map((document) => document.uri.path));
    const taken = (entry: string) => onDisk.has(entry) || openPaths.has(vscode.Uri.joinPath(folder, entry).path);
    if (!fixed) return nextFreeName(name, taken);
    if (!taken(name)) return name;
    const existing = vscode.workspace.textDocuments.find(
      (document) => document.uri.path === vscode.Uri.joinPath(folder, name).path,
    );
    const choice = await vscode.window.showWarningMessage(
      existing?.isUntitled
        ? vscode.l10n.t('{0} already exists as an unsaved document; a second one would make the same request.', name)
        : vscode.l10n.t('{0} already exists in {1}; a second one would make the same request.', name, folder.fsPath),
      vscode.l10n.t('Open Existing'),
    );
    if (choice) await this.open(existing?.uri ?? vscode.Uri.joinPath(folder, name));
    return undefined;
  }

  /** Asks for a file name, showing live which request the typed name makes and refusing names already taken. */
  private async askName(kind: NewPayloadKind, folder: vscode.Uri): Promise<string | undefined> {
    const suffix = suffixOf(kind);
    const existing = await namesIn(folder);
    const proposed = nextFreeName(proposedFileName(kind), (entry) => existing.has(entry));
    const typed = await vscode.window.showInputBox({
      title: vscode.l10n.t('New {0} payload in {1}', kindName(kind), folder.path.split('/').pop() ?? folder.path),
      prompt: vscode.l10n.t('The name says which request the file makes; it ends with {0}.', suffix),
      value: proposed,
      valueSelection: [0, proposed.length - suffix.length],
      ignoreFocusOut: true,
      validateInput: (value) => {
        const name = value.trim();
        const problem = newFileNameProblem(kind, name);
        if (problem) return { message: problem, severity: vscode.InputBoxValidationSeverity.Error };
        if (existing.has(name))
          return {
            message: vscode.l10n.t('{0} already exists in this folder; choose another name.', name),
            severity: vscode.InputBoxValidationSeverity.Error,
          };
        return {
          message: vscode.l10n.t('Makes {0}', String(requestOfName(name))),
          severity: vscode.InputBoxValidationSeverity.Info,
        };
      },
    });
    return typed?.trim();
  }

  /** Opens an unsaved document named `name` in `folder` (where Save writes it) holding the skeleton. */
  private async openUntitled(
    folder: vscode.Uri,
    name: string,
    rendered: RenderedPayload,
    announce = true,
    column?: vscode.ViewColumn,
  ): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(folder, name).with({ scheme: 'untitled' });
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), rendered.text);
    await vscode.workspace.applyEdit(edit);
    await this.open(document.uri, rendered, column);
    if (!announce) return document.uri;
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        '{0} is not saved yet: Save writes it into {1}, and under this name it makes {2}.',
        name,
        folder.fsPath,
        String(requestOfName(name)),
      ),
    );
    return document.uri;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Pull Item into Payload File

  /** Writes the live item's editable fields into `<ITEMID>.item.json` and opens it; resolves to its URI. */
  async pullItem(options: PayloadCommandOptions = {}): Promise<vscode.Uri | undefined> {
    const session = this.sessions.current;
    if (!session) {
      const choice = await vscode.window.showWarningMessage(
        vscode.l10n.t('Sign in to pull a live item into a payload file.'),
        vscode.l10n.t('Sign In…'),
      );
      if (choice) await vscode.commands.executeCommand(COMMANDS.signIn);
      return undefined;
    }
    const itemId =
      options.itemId !== undefined
        ? checkedItemId(options.itemId)
        : await pickItemId(this.sessions.current, {
            title: vscode.l10n.t('Pull item into payload file: which item?'),
            output: this.output,
          });
    if (!itemId) return undefined;
    const item = await withWindowProgress(`Reading ${itemId}`, () => getItem(session.client, itemId));
    const pulled = editableItemPayload(item);
    if (pulled.locked) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} has no field to edit now: {1}', itemId, pulled.locked));
      return undefined;
    }
    const name = `${itemId}${suffixOf('item')}`;
    const folder = options.folder !== undefined ? asUri(options.folder) : await this.pullFolder();
    const rendered = renderPayload(pulled.body, pulled.firstEdit);
    if (!folder) {
      // No folder open: an unsaved document that still carries the name (and so the request).
      const home = vscode.Uri.file(homedir());
      if (!(await this.untitledName(home, name, true))) return undefined;
      const uri = await this.openUntitled(home, name, rendered, false);
      this.reportPull(item, pulled.leftOut, name);
      return uri;
    }
    const uri = vscode.Uri.joinPath(folder, name);
    if (!options.overwrite && (await exists(uri))) {
      const replace = await this.confirmReplace(
        uri,
        vscode.l10n.t(
          'the {0} fields {1} may change now, as the API has them',
          Object.keys(pulled.body).length,
          itemId,
        ),
      );
      if (replace !== 'replace') return replace === 'open' ? this.open(uri) : undefined;
    }
    await writeDocument(uri, rendered.text);
    await this.open(uri, rendered);
    this.reportPull(item, pulled.leftOut, name);
    return uri;
  }

  /** Where a pulled file goes: the only workspace folder, or the one the user picks; undefined without a workspace. */
  private async pullFolder(): Promise<vscode.Uri | undefined> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length <= 1) return folders[0]?.uri;
    const folder = await vscode.window.showWorkspaceFolderPick({
      placeHolder: vscode.l10n.t('Folder for the pulled item file'),
    });
    if (!folder) throw new vscode.CancellationError();
    return folder.uri;
  }

  /** Says what the file holds and what was left out, so nobody wonders where the title went. */
  private reportPull(item: Item, leftOut: { field: string; reason: string }[], name: string): void {
    const state = [item.status, ...(item.sub_status ?? [])].join(' · ');
    for (const entry of leftOut) this.output.info(`${name}: left out ${entry.field}: ${entry.reason}`);
    const left = leftOut.length
      ? vscode.l10n.t(
          ' Left out, as the rules do not let them change now: {0}.',
          leftOut.map((entry) => entry.field).join(', '),
        )
      : '';
    const review =
      item.status === 'under_review'
        ? vscode.l10n.t(' Sending content fields counts as the correction the review waits for.')
        : '';
    const actions = leftOut.length ? [vscode.l10n.t('Show Why')] : [];
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          '{0} holds the fields {1} ({2}) may change; sent, it makes {3}.{4}{5}',
          name,
          item.id,
          state,
          String(requestOfName(name)),
          left,
          review,
        ),
        ...actions,
      )
      .then((choice) => {
        if (choice) this.output.show();
      });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Shared steps

  /** Asks before replacing a file, saying what it holds now and what replaces it. */
  private async confirmReplace(uri: vscode.Uri, replacement: string): Promise<'replace' | 'open' | undefined> {
    const name = uri.path.split('/').pop() ?? uri.path;
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    const holds = heldFields(text);
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('{0} already exists. Replace {1} with {2}?', name, holds, replacement),
      {
        modal: true,
        detail: open?.isDirty
          ? vscode.l10n.t(
              'The file has unsaved changes; they will be lost too. The current contents of {0} cannot be recovered afterwards.',
              uri.fsPath,
            )
          : vscode.l10n.t('The current contents of {0} cannot be recovered afterwards.', uri.fsPath),
      },
      vscode.l10n.t('Replace'),
      vscode.l10n.t('Open Existing'),
    );
    if (choice === vscode.l10n.t('Replace')) return 'replace';
    return choice === vscode.l10n.t('Open Existing') ? 'open' : undefined;
  }

  /** Shows a document and selects the first value to write. */
  private async open(uri: vscode.Uri, rendered?: RenderedPayload, column?: vscode.ViewColumn): Promise<vscode.Uri> {
    const editor = await vscode.window.showTextDocument(uri, { preview: false, viewColumn: column });
    if (rendered?.firstEdit) {
      const document = editor.document;
      const selection = new vscode.Selection(
        document.positionAt(rendered.firstEdit.start),
        document.positionAt(rendered.firstEdit.end),
      );
      editor.selection = selection;
      editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    return uri;
  }
}

/** An item id as given, refused when malformed. */
function checkedItemId(value: string): string {
  const id = value.trim().toUpperCase();
  if (!ITEM_ID.test(id))
    throw new Error(vscode.l10n.t('{0} is not an item id (a site prefix and digits, e.g. MLA1234567890).', value));
  return id;
}

function asUri(folder: string | vscode.Uri): vscode.Uri {
  return typeof folder === 'string' ? vscode.Uri.file(folder) : folder;
}

/** The names in a folder (none when it cannot be read). */
async function namesIn(folder: vscode.Uri): Promise<Set<string>> {
  const entries = await vscode.workspace.fs.readDirectory(folder).then(undefined, () => []);
  return new Set(entries.map(([entry]) => entry));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

/** Writes a file; when it is open in an editor, through the editor (and saved), so no stale buffer shadows it. */
async function writeDocument(uri: vscode.Uri, text: string): Promise<void> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (!open) {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
  if (!(await vscode.workspace.applyEdit(edit)) || !(await open.save()))
    throw new Error(vscode.l10n.t('Could not write {0}: the open editor refused the change.', uri.fsPath));
}

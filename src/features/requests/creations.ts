// Pure (no `vscode` at run time): what each creation payload file created, per environment and account, so that
// sending the same file again asks before it creates a second listing, chart or note. Kept in the workspace's state,
// bounded; it holds ids, paths and times, never a token or a body.
import * as l10n from '@vscode/l10n';
import type { PayloadKind } from '../../model/payloadFiles';

/** What a creation file creates (the questions say it in words: `sendQuestions.ts`). */
export type CreatedKind = 'listing' | 'sizeChart' | 'note';

/** Creations a file may repeat by mistake (a second send makes a second one): what they create. */
export const CREATES: Partial<Record<PayloadKind, CreatedKind>> = {
  item: 'listing',
  sizeChart: 'sizeChart',
  note: 'note',
};

/** The id a creation's answer carries (`{id}`, or `{note: {id}}` for a note). */
export function createdId(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const record = answer as { id?: unknown; note?: { id?: unknown } };
  const id = record.id ?? record.note?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** One creation made from a file. */
export interface CreationRecord {
  /** The file's URI as text. */
  file: string;
  environment: string;
  userId: number;
  /** The request that created it (`POST /items`). */
  request: string;
  /** The created resource's id, when the answer carried one. */
  resourceId?: string;
  /** ISO time of the creation. */
  time: string;
}

/** Records kept; the oldest are dropped. */
export const CREATION_RECORDS_LIMIT = 200;

/** Where the records live: VS Code's workspace state (a Memento) or, in tests, any store of the same shape. */
export interface CreationStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** The creations made from files in this workspace. */
export class CreationLedger {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: CreationStore,
    private readonly key: string,
    private readonly limit = CREATION_RECORDS_LIMIT,
  ) {}

  /** The last creation made from this file in this environment by this account, if any. */
  find(file: string, environment: string, userId: number): CreationRecord | undefined {
    return this.records().find(
      (record) => record.file === file && record.environment === environment && record.userId === userId,
    );
  }

  /** Remembers a creation, replacing the file's earlier one for the same environment and account. */
  async remember(record: CreationRecord): Promise<void> {
    const others = this.records().filter(
      (entry) =>
        !(entry.file === record.file && entry.environment === record.environment && entry.userId === record.userId),
    );
    await this.store.update(this.key, [record, ...others].slice(0, this.limit));
    for (const listener of [...this.listeners]) listener();
  }

  /** Called after each creation is remembered (the CodeLens of the file then says what it created). */
  onDidRemember(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private records(): CreationRecord[] {
    const value = this.store.get<unknown>(this.key);
    return Array.isArray(value) ? (value as CreationRecord[]) : [];
  }
}

/**
 * "MLA1500000000, created at 08:02:11" or "created on Nov 23, 2026 at 08:02:11": what a question shows, the date and
 * time in `locale`.
 */
export function describeCreation(record: CreationRecord, now = new Date(), locale = 'en-US'): string {
  const at = new Date(record.time);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(at);
  const today = at.toDateString() === now.toDateString();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
  const id = record.resourceId;
  if (today) return id ? l10n.t('{0}, created at {1}', id, time) : l10n.t('created at {0}', time);
  return id ? l10n.t('{0}, created on {1} at {2}', id, date, time) : l10n.t('created on {0} at {1}', date, time);
}

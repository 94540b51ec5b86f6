// Planning many payload files for a bulk send, without VS Code: each file becomes a job (its planned request) or a
// "not sent" entry with the reason (rules failing, nothing changed, not a payload file). Bulk sends never send a file
// whose rules fail: "send anyway" is for one file at a time. Unit-tested against the sandbox.
import * as l10n from '@vscode/l10n';
import { errorsOf, findingsText } from '../../rules/finding';
import type { BulkJob, BulkNotSent, BulkReportData } from './bulk';
import { bulkReportMarkdown, bulkReportText } from './bulk';
import { type PlanCache, planPayload, type Sender } from './send';

export interface PayloadFileText {
  /** What the report shows: the path relative to the workspace. */
  id: string;
  /** The file name (it says the request). */
  name: string;
  text: string;
}

export interface BulkPlan {
  jobs: BulkJob[];
  /** Files refused before sending, with the reason. */
  refused: BulkNotSent[];
}

/** Plans every file (a few at a time; the reference data loaded once); stops early when the signal aborts. */
export async function planFiles(
  sender: Sender,
  files: readonly PayloadFileText[],
  options: { concurrency?: number; signal?: AbortSignal; onPlanned?: (done: number) => void } = {},
): Promise<BulkPlan> {
  const cache: PlanCache = new Map();
  const slots: (BulkJob | BulkNotSent | undefined)[] = new Array(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      if (options.signal?.aborted) return;
      const index = next++;
      const file = files[index];
      if (!file) return;
      try {
        const plan = await planPayload(sender, file.name, file.text, cache);
        const errors = errorsOf(plan.findings);
        const job: BulkJob = {
          id: file.id,
          method: plan.method,
          path: plan.path ?? '',
          body: plan.body,
          creation: plan.method === 'POST',
        };
        slots[index] =
          errors.length || !plan.path
            ? {
                job,
                reason: findingsText(errors) || l10n.t('No target in the file name.'),
                attempts: 0,
              }
            : job;
      } catch (error) {
        slots[index] = {
          job: { id: file.id, method: 'GET', path: l10n.t('(not planned)'), body: undefined, creation: false },
          reason: l10n.t('Could not plan it: {0}', error instanceof Error ? error.message : String(error)),
          attempts: 0,
        };
      }
      options.onPlanned?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  const jobs: BulkJob[] = [];
  const refused: BulkNotSent[] = [];
  files.forEach((file, index) => {
    const slot = slots[index];
    if (!slot) {
      refused.push({
        job: { id: file.id, method: 'GET', path: l10n.t('(not planned)'), body: undefined, creation: false },
        reason: l10n.t('Cancelled before it was planned.'),
        attempts: 0,
      });
    } else if ('reason' in slot) refused.push(slot);
    else jobs.push(slot);
  });
  return { jobs, refused };
}

/**
 * A run's report with the files refused before sending counted as "not sent", and the notes on what was read (how a
 * CSV file was read) under its summary.
 */
export function withRefused(
  report: BulkReportData,
  refused: readonly BulkNotSent[],
  notes: readonly string[] = [],
): BulkReportData & {
  toMarkdown(locale?: string): string;
  toText(): string;
} {
  const merged: BulkReportData = {
    ...report,
    total: report.total + refused.length,
    notSent: [...refused, ...report.notSent],
    ...(notes.length ? { notes: [...(report.notes ?? []), ...notes] } : {}),
  };
  return {
    ...merged,
    toMarkdown: (locale?: string) => bulkReportMarkdown(merged, locale),
    toText: () => bulkReportText(merged),
  };
}

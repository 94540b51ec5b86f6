// Diff with live: the live resource seen through the payload file's shape (`projectLike`, `send.ts`) on the left of
// a diff editor, the file on the right. The live side is a read-only `marketplace-live:` document kept here.
import * as vscode from 'vscode';
import { getItem } from '../../api/items';
import { getSizeChart, loadChartItemsChange } from '../../api/sizeCharts';
import { chartIdOfPath } from '../../model/chartItemsChange';
import { classifyPayloadFile } from '../../model/payloadFiles';
import { Disposable } from '../../platform/disposable';
import { withWindowProgress } from '../../platform/windowProgress';
import { parseFailure, parseJson } from '../../text/jsonText';
import type { Session } from '../auth/session';
import { baseName } from './payloadTarget';
import { projectLike } from './send';

const LIVE_SCHEME = 'marketplace-live';

/** The live documents of Diff with live, and the command's work. */
export class LiveDiff extends Disposable {
  private readonly documents = new Map<string, string>();
  private readonly changed = this.register(new vscode.EventEmitter<vscode.Uri>());

  constructor() {
    super();
    this.register(
      vscode.workspace.registerTextDocumentContentProvider(LIVE_SCHEME, {
        onDidChange: this.changed.event,
        provideTextDocumentContent: (uri) => this.documents.get(uri.toString()) ?? '',
      }),
    );
  }

  /** Opens a diff: the live resource seen through the file's shape (left) and the file (right). */
  async open(session: Session, document: vscode.TextDocument): Promise<vscode.Uri> {
    const fileName = baseName(document.uri);
    const file = classifyPayloadFile(fileName);
    const parsed = parseJson(document.getText());
    if (parsed.errors.length) throw new Error(parseFailure(parsed));
    const payload = parsed.value;
    const client = session.client;
    let live: unknown;
    let label: string;
    if ((file?.kind === 'item' || file?.kind === 'saleTerms') && file.target) {
      const item = await withWindowProgress(`GET /items/${file.target}`, () => getItem(client, file.target as string));
      const shape = file.kind === 'saleTerms' && Array.isArray(payload) ? { sale_terms: payload } : payload;
      const projected = projectLike(shape, item) as Record<string, unknown>;
      live = file.kind === 'saleTerms' && Array.isArray(payload) ? projected.sale_terms : projected;
      label = vscode.l10n.t('item {0} (live) ↔ {1}', file.target, fileName);
    } else if (file?.kind === 'chartItems') {
      const chartId = chartIdOfPath(file.path) as number;
      const change = await withWindowProgress(`GET /size_charts/${chartId}/items`, () =>
        loadChartItemsChange(client, chartId, []),
      );
      live = { items: change.current };
      label = vscode.l10n.t("size chart {0}'s items (live) ↔ {1}", chartId, fileName);
    } else if (file?.kind === 'sizeChart' && file.target) {
      const chartId = Number(file.target);
      live = projectLike(
        payload,
        await withWindowProgress(`GET /size_charts/${chartId}`, () => getSizeChart(client, chartId)),
      );
      label = vscode.l10n.t('size chart {0} (live) ↔ {1}', chartId, fileName);
    } else {
      throw new Error(
        vscode.l10n.t('{0} creates or adds a resource: there is nothing live to compare it with.', fileName),
      );
    }
    const liveName = fileName.replace(/\.json$/i, '.live.json');
    const uri = vscode.Uri.from({ scheme: LIVE_SCHEME, path: `/${liveName}`, query: String(Date.now()) });
    this.documents.set(uri.toString(), `${JSON.stringify(live, null, 2)}\n`);
    this.changed.fire(uri);
    await vscode.commands.executeCommand('vscode.diff', uri, document.uri, label, {
      preview: true,
    });
    return uri;
  }

  /** The live side of a diff (tests). */
  text(uri: vscode.Uri): string | undefined {
    return this.documents.get(uri.toString());
  }
}

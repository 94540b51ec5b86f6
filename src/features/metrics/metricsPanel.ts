import * as vscode from 'vscode';
import { getCampaignMetrics } from '../../api/advertising';
import { ApiError } from '../../api/errors';
import type { Campaign, MetricsAnswer } from '../../model/advertising';
import {
  type CampaignInfo,
  type DateRange,
  type MetricsFailure,
  MetricsHostMessage,
  type MetricsView,
  MetricsViewMessage,
} from '../../model/protocols/metrics';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import { nextStep } from '../../platform/nextStep';
import type { Output } from '../../platform/output';
import { PanelHost, type PanelKind } from '../../platform/webviews/panelHost';
import { earliestMetricsDate, metricsRangePresets, metricsWindowRule } from '../../rules/advertising';
import { errorsOf } from '../../rules/finding';
import type { SessionExchange, SessionSource } from '../auth/session';
import { summaryCards } from './cards';
import { metricsCsv, type ShownTable, ShownTableError } from './csv';
import { campaignSeries, daysOf, tableOf } from './series';

const METRICS_PANEL: PanelKind<MetricsHostMessage, MetricsViewMessage> = {
  viewType: 'marketplace.campaignMetrics',
  bundle: 'metrics',
  hostMessages: MetricsHostMessage,
  viewMessages: MetricsViewMessage,
  placeholder: () => vscode.l10n.t('Loading the campaign’s metrics…'),
};

/** Today's calendar day in the sites' clock (−04:00), the day the metrics window counts back from. */
export const sitesToday = (now = Date.now()): string => new Date(now - 4 * 3600_000).toISOString().slice(0, 10);

export interface MetricsPanelDeps {
  extensionUri: vscode.Uri;
  sessions: SessionSource;
  output: Output;
  history: { remember(exchange: SessionExchange): void };
}

/** A campaign and the other campaigns of its advertiser (for comparison). */
export interface CampaignChoice {
  advertiserId: number;
  campaign: Campaign;
  others: Campaign[];
}

const infoOf = (advertiserId: number, campaign: Campaign): CampaignInfo => ({
  id: campaign.id,
  advertiserId,
  name: campaign.name ?? vscode.l10n.t('Campaign {0}', campaign.id),
  status: campaign.status ?? 'unknown',
  siteId: campaign.site_id ?? '',
  startDate: campaign.start_date?.slice(0, 10) ?? null,
  endDate: campaign.end_date?.slice(0, 10) ?? null,
});

/**
 * A campaign's daily metrics: one panel per campaign, revealed again when open. The host checks the range with the
 * window rule before any request, makes every request (recorded in the Request History), builds the series, the
 * summary cards (the API's summary, never re-derived) and the table, and writes the CSV through the save dialog.
 */
export class CampaignMetricsPanel extends Disposable {
  private static readonly open = new Map<number, CampaignMetricsPanel>();
  private readonly host: PanelHost<MetricsHostMessage, MetricsViewMessage>;
  private range: DateRange;
  private view: MetricsView | undefined;
  private failure: MetricsFailure | undefined;
  private readonly drawListeners: (() => void)[] = [];
  private drawnCount = 0;

  /** The open panel of a campaign (tests read what it showed). */
  static of(campaignId: number): CampaignMetricsPanel | undefined {
    return CampaignMetricsPanel.open.get(campaignId);
  }

  static show(deps: MetricsPanelDeps, choice: CampaignChoice): CampaignMetricsPanel {
    const open = CampaignMetricsPanel.open.get(choice.campaign.id);
    if (open) {
      open.host.reveal();
      return open;
    }
    const panel = new CampaignMetricsPanel(deps, choice);
    CampaignMetricsPanel.open.set(choice.campaign.id, panel);
    return panel;
  }

  private constructor(
    private readonly deps: MetricsPanelDeps,
    private readonly choice: CampaignChoice,
  ) {
    super();
    const presets = metricsRangePresets(sitesToday(), choice.campaign);
    const first = presets.find((preset) => preset.label.includes('30')) ?? presets[0];
    const today = sitesToday();
    this.range = first ? { from: first.from, to: first.to } : { from: today, to: today };
    const title = vscode.l10n.t('Metrics: {0}', choice.campaign.name ?? choice.campaign.id);
    this.host = this.register(
      new PanelHost(
        deps.extensionUri,
        METRICS_PANEL,
        { title, column: vscode.ViewColumn.Active, retainContextWhenHidden: true },
        { onReady: () => this.init(), onMessage: (message) => this.receive(message) },
      ),
    );
    this.host.onDidClose(() => {
      if (CampaignMetricsPanel.open.get(choice.campaign.id) === this)
        CampaignMetricsPanel.open.delete(choice.campaign.id);
    });
  }

  /** What the webview received last (integration tests compare it with the sandbox's answer). */
  get lastView(): MetricsView | undefined {
    return this.view;
  }

  get lastFailure(): MetricsFailure | undefined {
    return this.failure;
  }

  /** How many times the webview said its charts were drawn. */
  get drawn(): number {
    return this.drawnCount;
  }

  /** Resolves when the webview has drawn charts next. */
  nextDraw(): Promise<void> {
    return new Promise((resolve) => this.drawListeners.push(resolve));
  }

  /** Loads a range as the form does (tests drive the panel through it). */
  load(range: DateRange, compareWith: number[] = []): Promise<void> {
    return this.run(range, compareWith);
  }

  private init(): void {
    const today = sitesToday();
    const { advertiserId, campaign, others } = this.choice;
    this.host.post({
      type: 'init',
      campaign: infoOf(advertiserId, campaign),
      others: others.filter((other) => other.id !== campaign.id).map((other) => infoOf(advertiserId, other)),
      today,
      earliest: earliestMetricsDate(today),
      presets: metricsRangePresets(today, campaign),
      range: this.range,
    });
    if (this.view) this.host.post({ type: 'view', view: this.view });
    else if (this.failure) this.host.post({ type: 'failure', failure: this.failure });
  }

  private async receive(message: MetricsViewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        return;
      case 'load':
        return this.run(message.range, message.compareWith);
      case 'drawn':
        this.drawnCount += 1;
        for (const listener of this.drawListeners.splice(0)) listener();
        return;
      case 'exportCsv':
        return this.exportCsv(message.attribution, message.table);
    }
  }

  private fail(failure: MetricsFailure): void {
    this.failure = failure;
    this.view = undefined;
    this.host.post({ type: 'failure', failure });
  }

  private async run(range: DateRange, compareWith: number[]): Promise<void> {
    const session = this.deps.sessions.current;
    if (!session)
      return this.fail({
        message: vscode.l10n.t('Nobody is signed in.'),
        next: vscode.l10n.t('Use Local Sandbox, or Sign In…'),
      });
    // The window rule first: a range outside it is never sent.
    const refused = errorsOf(metricsWindowRule({ date_from: range.from, date_to: range.to }, sitesToday()));
    if (refused.length) {
      return this.fail({
        error: 'bad_request',
        message: refused.map((entry) => entry.message).join(' '),
        next: vscode.l10n.t('Choose a range within the window, then load again: nothing was sent.'),
      });
    }
    this.range = range;
    this.host.post({ type: 'loading', range });
    const { advertiserId, campaign, others } = this.choice;
    const compared = others.filter((other) => compareWith.includes(other.id) && other.id !== campaign.id);
    try {
      const answers: { campaign: Campaign; answer: MetricsAnswer }[] = [];
      for (const entry of [campaign, ...compared]) {
        const answer = await getCampaignMetrics(
          session.client,
          advertiserId,
          entry.id,
          { dateFrom: range.from, dateTo: range.to },
          { onExchange: (record) => this.deps.history.remember({ environment: session.environment, record }) },
        );
        answers.push({ campaign: entry, answer });
      }
      this.failure = undefined;
      this.view = this.viewOf(range, answers);
      this.host.post({ type: 'view', view: this.view });
    } catch (error) {
      const failure: MetricsFailure =
        error instanceof ApiError
          ? {
              status: error.status || undefined,
              error: error.error,
              message: error.apiMessage,
              next: nextStep(error, 'metricsPanel'),
            }
          : { message: error instanceof Error ? error.message : String(error), next: '' };
      this.deps.output.error(`Campaign metrics ${campaign.id} failed: ${failure.message}`);
      this.fail(failure);
    }
  }

  private viewOf(range: DateRange, answers: { campaign: Campaign; answer: MetricsAnswer }[]): MetricsView {
    const days = daysOf(range);
    const locale = displayLocale();
    const campaigns = answers.map(({ campaign, answer }) => campaignSeries(campaign, answer.metrics, range));
    const [first] = answers;
    const currency = campaigns[0]?.currency ?? '';
    return {
      range,
      days,
      campaigns,
      cards: first ? summaryCards(first.answer.summary, first.answer.metrics, currency, locale) : [],
      table: tableOf(campaigns, days, locale),
      rowCount: first?.answer.metrics.length ?? 0,
    };
  }

  /** Writes the table as the webview shows it (`shown`: its days and columns in its order) through the save dialog. */
  private async exportCsv(attribution: 'event_time' | 'touch_point' | 'both', shown?: ShownTable): Promise<void> {
    const view = this.view;
    if (!view)
      return void vscode.window.showInformationMessage(
        vscode.l10n.t('Load a range first: there is nothing to export yet.'),
      );
    let text: string;
    try {
      // Before the dialog: a table that does not match the loaded view is said at once, and nothing is written.
      text = metricsCsv(view.days, view.campaigns, attribution, shown, displayLocale());
    } catch (error) {
      if (!(error instanceof ShownTableError)) throw error;
      return void vscode.window.showErrorMessage(
        vscode.l10n.t('Nothing was exported. {0} Load the range again.', error.message),
      );
    }
    const name = `${(this.choice.campaign.name ?? `campaign-${this.choice.campaign.id}`).replace(/[^\p{L}\p{N}]+/gu, '-')}-${view.range.from}-${view.range.to}.csv`;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
      filters: { CSV: ['csv'] },
      saveLabel: vscode.l10n.t('Export'),
      title: vscode.l10n.t('Export the campaign metrics shown as CSV'),
    });
    if (!target) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    const days = shown?.days.length ?? view.days.length;
    const where = vscode.workspace.asRelativePath(target);
    void vscode.window.showInformationMessage(
      days === 1
        ? vscode.l10n.t('Exported {0} day to {1}.', days, where)
        : vscode.l10n.t('Exported {0} days to {1}.', days, where),
    );
  }
}

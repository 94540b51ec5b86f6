import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
import { displayLocale } from '../../platform/displayLanguage';
import { Disposable } from '../../platform/disposable';
import type { Output } from '../../platform/output';
import type { SandboxHost } from '../auth/sandboxHost';
import type { SessionSource } from '../auth/session';
import { changedResources } from '../requests/send';
import { type ClockAdvance, describeAdvance, parseClockAdvance } from './durations';
import {
  describeFault,
  FAULT_PRESETS,
  faultBody,
  faultIsActive,
  pathPatternProblem,
  presetWords,
  type SandboxFault,
  timesProblem,
} from './faultPlans';
import { requireSandboxEnvironment } from './requireSandbox';

/** A scenario of the sandbox's admin surface (`GET /_sandbox/scenarios`): the list is the sandbox's, never ours. */
export interface SandboxScenario {
  id: string;
  title: string;
  detail: string;
  topics: string[];
}

/** What the sandbox did for a scenario (`POST /_sandbox/scenarios/{id}`). */
export interface ScenarioOutcome {
  scenario: string;
  summary: string;
  resource?: string;
  topics: string[];
}

/**
 * What a trigger does about a stopped receiver (the question's answers, and the command's second argument): start it
 * first, or leave it stopped so the notifications wait in the missed feeds.
 */
export type StoppedReceiverChoice = 'start' | 'leave';

/** What the controls need from the rest of the extension. */
export interface SandboxControlsDeps {
  sandbox: SandboxHost;
  sessions: SessionSource;
  output: Output;
  /** Whether the notification receiver listens in this window. */
  receiverRunning(): boolean;
  /** Starts the notification receiver when stopped and points the sandbox at it, so a scenario's notifications arrive. */
  prepareForNotifications(): Promise<void>;
  /** Refreshes what changed in the explorer and the authoring cache. */
  applyChanges(changes: ReturnType<typeof changedResources>): Promise<void>;
  /** Refreshes the whole explorer (after the clock moved, anything may have changed). */
  refreshAll(): Promise<void>;
}

/**
 * The sandbox's admin surface from the editor: trigger a scenario (the real notifications follow), advance the
 * clock, inject and clear faults. Every call goes to the embedded sandbox's loopback admin routes, never to the API.
 */
export class SandboxControls extends Disposable {
  private readonly faultsChanged = this.register(new vscode.EventEmitter<SandboxFault[]>());
  /** Fires with the active faults after every change made from here. */
  readonly onDidChangeFaults = this.faultsChanged.event;
  private activeFaults: SandboxFault[] = [];

  constructor(private readonly deps: SandboxControlsDeps) {
    super();
  }

  commands(): CommandEntry[] {
    return [
      {
        id: COMMANDS.triggerSandboxEvent,
        run: (scenario?: unknown, receiver?: unknown) =>
          this.trigger(
            typeof scenario === 'string' ? scenario : undefined,
            receiver === 'start' || receiver === 'leave' ? receiver : undefined,
          ),
        failure: vscode.l10n.t('Could not trigger the sandbox event'),
      },
      {
        id: COMMANDS.advanceSandboxClock,
        run: (amount?: unknown) => this.advanceClock(typeof amount === 'string' ? amount : undefined),
        failure: vscode.l10n.t('Could not advance the sandbox clock'),
      },
      {
        id: COMMANDS.injectSandboxFault,
        run: (fault?: unknown) => this.injectFault(fault),
        failure: vscode.l10n.t('Could not inject the fault'),
      },
      {
        id: COMMANDS.clearSandboxFaults,
        run: () => this.clearFaults(),
        failure: vscode.l10n.t('Could not clear the faults'),
      },
      { id: COMMANDS.resetSandbox, run: () => this.reset(), failure: vscode.l10n.t('Could not reset the sandbox') },
    ];
  }

  /** The faults the sandbox applies now (as of the last change made from this window). */
  get faults(): readonly SandboxFault[] {
    return this.activeFaults;
  }

  /** Reads the active faults from the sandbox (the account menu lists them). */
  async refreshFaults(): Promise<readonly SandboxFault[]> {
    if (!this.deps.sandbox.isRunning) return this.setFaults([]);
    return this.setFaults(await this.deps.sandbox.admin<SandboxFault[]>('GET', '/_sandbox/faults'));
  }

  private setFaults(faults: SandboxFault[]): SandboxFault[] {
    this.activeFaults = faults.filter(faultIsActive);
    this.faultsChanged.fire(this.activeFaults);
    return this.activeFaults;
  }

  /**
   * Picks a scenario (from the sandbox's own list) and has the sandbox perform it. A stopped receiver is never started
   * without asking: `receiver` answers the question ahead (tests, scripts).
   */
  async trigger(scenarioId?: string, receiver?: StoppedReceiverChoice): Promise<ScenarioOutcome | undefined> {
    requireSandboxEnvironment(vscode.l10n.t('Trigger Event'));
    const { scenarios } = await this.deps.sandbox.admin<{ scenarios: SandboxScenario[] }>('GET', '/_sandbox/scenarios');
    let scenario = scenarios.find((candidate) => candidate.id === scenarioId);
    if (scenarioId && !scenario) throw new Error(vscode.l10n.t('The sandbox has no scenario "{0}".', scenarioId));
    if (!scenario) {
      // A scenario's title and detail are the sandbox's own words (it answers as the API does, in English).
      const picked = await vscode.window.showQuickPick(
        scenarios.map((candidate) => ({
          label: candidate.title,
          detail: candidate.detail,
          description: candidate.topics.length
            ? vscode.l10n.t('notifies {0}', candidate.topics.join(', '))
            : vscode.l10n.t('no notification'),
          scenario: candidate,
        })),
        {
          title: vscode.l10n.t('Sandbox: Trigger Event'),
          placeHolder: vscode.l10n.t('What should happen in the sandbox? Its notifications go to the receiver.'),
          matchOnDetail: true,
        },
      );
      if (!picked) return undefined;
      scenario = picked.scenario;
    }
    const listening = await this.receiverFor(scenario, receiver);
    if (listening === undefined) return undefined;
    if (listening) await this.deps.prepareForNotifications();
    const outcome = await this.deps.sandbox.admin<ScenarioOutcome>(
      'POST',
      `/_sandbox/scenarios/${encodeURIComponent(scenario.id)}`,
      {},
    );
    this.deps.output.info(`[sandbox] ${outcome.summary}`);
    if (outcome.resource) await this.deps.applyChanges(changedResources('PUT', outcome.resource, undefined));
    const topics = outcome.topics.join(', ');
    if (!outcome.topics.length || listening) {
      // The notifications that follow appear in the feed: show it (it starts collapsed under the explorer).
      if (outcome.topics.length) await vscode.commands.executeCommand(COMMANDS.showNotifications);
      void vscode.window.showInformationMessage(
        outcome.topics.length ? vscode.l10n.t('{0} Notified: {1}.', outcome.summary, topics) : outcome.summary,
      );
      return outcome;
    }
    const pull = vscode.l10n.t('Pull Missed Notifications');
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t(
          '{0} Notified: {1}. The receiver is stopped: they wait in the missed feeds, to pull when you want them.',
          outcome.summary,
          topics,
        ),
        pull,
      )
      .then((choice) => {
        if (choice === pull) void vscode.commands.executeCommand(COMMANDS.pullMissedNotifications);
      });
    return outcome;
  }

  /**
   * Whether the scenario's notifications should be received: true when the receiver listens (or the user has it
   * started), false when it stays stopped (they go to the missed feeds) or the scenario notifies nothing, undefined
   * when the user cancelled.
   */
  private async receiverFor(scenario: SandboxScenario, given?: StoppedReceiverChoice): Promise<boolean | undefined> {
    if (!scenario.topics.length) return false;
    if (this.deps.receiverRunning()) return true;
    const start = vscode.l10n.t('Start Receiver and Trigger');
    const leave = vscode.l10n.t('Trigger Anyway');
    const choice =
      given ??
      (await vscode.window
        .showInformationMessage(
          vscode.l10n.t('The notification receiver is stopped.'),
          {
            modal: true,
            detail: vscode.l10n.t(
              '"{0}" notifies {1}. Start the receiver to see them arrive, or trigger anyway: they will be missed, and the sandbox keeps them in its missed feeds for Pull Missed Notifications.',
              scenario.title,
              scenario.topics.join(', '),
            ),
          },
          start,
          leave,
        )
        .then((answer) => (answer === start ? 'start' : answer === leave ? 'leave' : undefined)));
    return choice === undefined ? undefined : choice === 'start';
  }

  /** Lets sandbox time pass: deadlines, review periods and unpaid reservations follow, with their notifications. */
  async advanceClock(amount?: string): Promise<{ now: string } | undefined> {
    requireSandboxEnvironment(vscode.l10n.t('Advance Clock'));
    let advance: ClockAdvance | undefined;
    if (amount !== undefined) {
      const parsed = parseClockAdvance(amount);
      if ('problem' in parsed) throw new Error(parsed.problem);
      advance = parsed;
    } else {
      advance = await this.askAdvance();
    }
    if (!advance) return undefined;
    const answer = await this.deps.sandbox.admin<{ now: string }>('POST', '/_sandbox/clock/advance', advance);
    this.deps.output.info(
      `[sandbox] Sandbox clock advanced ${describeAdvance(advance)}: it is now ${answer.now}. Deadlines that passed were applied.`,
    );
    await this.deps.refreshAll();
    const locale = displayLocale();
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Sandbox clock advanced {0}: it is now {1}. Deadlines that passed were applied.',
        describeAdvance(advance, locale),
        sandboxTime(answer.now, locale),
      ),
    );
    return answer;
  }

  private async askAdvance(): Promise<ClockAdvance | undefined> {
    // `value` is what parseClockAdvance reads; the label is the same amount in the display language.
    const presets = [
      {
        label: vscode.l10n.t('1 hour'),
        detail: vscode.l10n.t('Notification retries of the last hour run out.'),
        value: '1 hour',
      },
      {
        label: vscode.l10n.t('2 days'),
        detail: vscode.l10n.t('Unpaid reservations pass their 48-hour deadline and are cancelled.'),
        value: '2 days',
      },
      {
        label: vscode.l10n.t('31 days'),
        detail: vscode.l10n.t('Paid reservations reach their expiration date; listings under review become inactive.'),
        value: '31 days',
      },
      { label: vscode.l10n.t('Other amount…'), detail: vscode.l10n.t('Type days, hours or minutes.'), value: '' },
    ];
    const picked = await vscode.window.showQuickPick(presets, {
      title: vscode.l10n.t('Sandbox: Advance Clock'),
      placeHolder: vscode.l10n.t(
        'How much sandbox time passes? What is due in that time happens, with its notifications.',
      ),
    });
    if (!picked) return undefined;
    const text =
      picked.value ||
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('Sandbox: Advance Clock'),
        prompt: vscode.l10n.t('How much time passes (for example 36 h, 3 days or 90 min)'),
        validateInput: (value) => {
          const parsed = parseClockAdvance(value);
          return 'problem' in parsed ? parsed.problem : undefined;
        },
      }));
    if (!text) return undefined;
    const parsed = parseClockAdvance(text);
    return 'problem' in parsed ? undefined : parsed;
  }

  /** Asks what should fail, where and how often, and has the sandbox inject it. */
  async injectFault(given?: unknown): Promise<SandboxFault | undefined> {
    requireSandboxEnvironment(vscode.l10n.t('Inject Fault'));
    const body = given && typeof given === 'object' ? given : await this.askFault();
    if (!body) return undefined;
    const fault = await this.deps.sandbox.admin<SandboxFault>('POST', '/_sandbox/faults', body);
    await this.refreshFaults();
    const described = describeFault(fault);
    this.deps.output.info(`[sandbox] Sandbox fault #${fault.id}: ${described}.`);
    void vscode.window
      .showInformationMessage(
        vscode.l10n.t('Sandbox fault #{0}: {1}. Clear it from the status bar menu.', fault.id, described),
        vscode.l10n.t('Clear Faults'),
      )
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand(COMMANDS.clearSandboxFaults);
      });
    return fault;
  }

  private async askFault(): Promise<ReturnType<typeof faultBody> | undefined> {
    const title = (step: number) => vscode.l10n.t('Sandbox: Inject Fault ({0}/3)', step);
    const preset = await vscode.window.showQuickPick(
      FAULT_PRESETS.map((candidate) => ({ ...presetWords(candidate), preset: candidate })),
      { title: title(1), placeHolder: vscode.l10n.t('What should the sandbox answer instead?') },
    );
    if (!preset) return undefined;
    const method = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('Any method'), value: undefined },
        ...['GET', 'POST', 'PUT', 'DELETE'].map((value) => ({ label: value, value })),
      ],
      { title: title(2), placeHolder: vscode.l10n.t('Which requests? First the method.') },
    );
    if (!method) return undefined;
    const path = await vscode.window.showInputBox({
      title: title(2),
      prompt: vscode.l10n.t('Path pattern of the requests that fail; * matches any run of characters'),
      value: '/items/*',
      validateInput: pathPatternProblem,
    });
    if (!path) return undefined;
    const times = await vscode.window.showInputBox({
      title: title(3),
      prompt: vscode.l10n.t('How many requests fail (blank: every request until you clear the faults)'),
      value: '10',
      validateInput: timesProblem,
    });
    if (times === undefined) return undefined;
    return faultBody(preset.preset, method.value, path, times);
  }

  async clearFaults(): Promise<void> {
    requireSandboxEnvironment(vscode.l10n.t('Clear Faults'));
    await this.deps.sandbox.admin('DELETE', '/_sandbox/faults');
    this.setFaults([]);
    this.deps.output.info('[sandbox] Every injected fault was cleared.');
    void vscode.window.showInformationMessage(
      vscode.l10n.t('The sandbox answers normally again: every injected fault was cleared.'),
    );
  }

  /** Back to the seeded data, after a question that says what is lost (faults and the clock go too). */
  async reset(): Promise<void> {
    const reset = vscode.l10n.t('Reset');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Reset the local sandbox?'),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Every listing, order, note, chart and blacklist entry goes back to the seeded data, the clock to now, and injected faults are cleared. Changes you made in the sandbox are lost. Your real marketplace data is not touched.',
        ),
      },
      reset,
    );
    if (answer !== reset) return;
    await this.deps.sandbox.reset();
    this.setFaults([]);
    this.deps.output.info('The local sandbox was reset to its seeded data.');
    await this.deps.refreshAll();
  }
}

/** The sandbox's time (`now`, an ISO instant) as the display language writes a date and time. */
function sandboxTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

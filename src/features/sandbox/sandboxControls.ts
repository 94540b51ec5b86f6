import * as vscode from 'vscode';
import { COMMANDS } from '../../constants';
import type { CommandEntry } from '../../platform/commandTable';
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
        failure: 'Could not trigger the sandbox event',
      },
      {
        id: COMMANDS.advanceSandboxClock,
        run: (amount?: unknown) => this.advanceClock(typeof amount === 'string' ? amount : undefined),
        failure: 'Could not advance the sandbox clock',
      },
      {
        id: COMMANDS.injectSandboxFault,
        run: (fault?: unknown) => this.injectFault(fault),
        failure: 'Could not inject the fault',
      },
      { id: COMMANDS.clearSandboxFaults, run: () => this.clearFaults(), failure: 'Could not clear the faults' },
      { id: COMMANDS.resetSandbox, run: () => this.reset(), failure: 'Could not reset the sandbox' },
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
    requireSandboxEnvironment('Trigger Event');
    const { scenarios } = await this.deps.sandbox.admin<{ scenarios: SandboxScenario[] }>('GET', '/_sandbox/scenarios');
    let scenario = scenarios.find((candidate) => candidate.id === scenarioId);
    if (scenarioId && !scenario) throw new Error(`The sandbox has no scenario "${scenarioId}".`);
    if (!scenario) {
      const picked = await vscode.window.showQuickPick(
        scenarios.map((candidate) => ({
          label: candidate.title,
          detail: candidate.detail,
          description: candidate.topics.length ? `notifies ${candidate.topics.join(', ')}` : 'no notification',
          scenario: candidate,
        })),
        {
          title: 'Sandbox: Trigger Event',
          placeHolder: 'What should happen in the sandbox? Its notifications go to the receiver.',
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
    const notified = outcome.topics.length ? ` Notified: ${outcome.topics.join(', ')}.` : '';
    if (!outcome.topics.length || listening) {
      // The notifications that follow appear in the feed: show it (it starts collapsed under the explorer).
      if (outcome.topics.length) await vscode.commands.executeCommand(COMMANDS.showNotifications);
      void vscode.window.showInformationMessage(`${outcome.summary}${notified}`);
      return outcome;
    }
    const pull = 'Pull Missed Notifications';
    void vscode.window
      .showInformationMessage(
        `${outcome.summary}${notified} The receiver is stopped: they wait in the missed feeds, to pull when you want them.`,
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
    const start = 'Start Receiver and Trigger';
    const leave = 'Trigger Anyway';
    const choice =
      given ??
      (await vscode.window
        .showInformationMessage(
          'The notification receiver is stopped.',
          {
            modal: true,
            detail: `"${scenario.title}" notifies ${scenario.topics.join(', ')}. Start the receiver to see them arrive, or trigger anyway: they will be missed, and the sandbox keeps them in its missed feeds for Pull Missed Notifications.`,
          },
          start,
          leave,
        )
        .then((answer) => (answer === start ? 'start' : answer === leave ? 'leave' : undefined)));
    return choice === undefined ? undefined : choice === 'start';
  }

  /** Lets sandbox time pass: deadlines, review periods and unpaid reservations follow, with their notifications. */
  async advanceClock(amount?: string): Promise<{ now: string } | undefined> {
    requireSandboxEnvironment('Advance Clock');
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
    const message = `Sandbox clock advanced ${describeAdvance(advance)}: it is now ${answer.now}. Deadlines that passed were applied.`;
    this.deps.output.info(`[sandbox] ${message}`);
    await this.deps.refreshAll();
    void vscode.window.showInformationMessage(message);
    return answer;
  }

  private async askAdvance(): Promise<ClockAdvance | undefined> {
    const presets = [
      { label: '1 hour', detail: 'Notification retries of the last hour run out.', value: '1 hour' },
      {
        label: '2 days',
        detail: 'Unpaid reservations pass their 48-hour deadline and are cancelled.',
        value: '2 days',
      },
      {
        label: '31 days',
        detail: 'Paid reservations reach their expiration date; listings under review become inactive.',
        value: '31 days',
      },
      { label: 'Other amount…', detail: 'Type days, hours or minutes.', value: '' },
    ];
    const picked = await vscode.window.showQuickPick(presets, {
      title: 'Sandbox: Advance Clock',
      placeHolder: 'How much sandbox time passes? What is due in that time happens, with its notifications.',
    });
    if (!picked) return undefined;
    const text =
      picked.value ||
      (await vscode.window.showInputBox({
        title: 'Sandbox: Advance Clock',
        prompt: 'How much time passes (for example 36 h, 3 days or 90 min)',
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
    requireSandboxEnvironment('Inject Fault');
    const body = given && typeof given === 'object' ? given : await this.askFault();
    if (!body) return undefined;
    const fault = await this.deps.sandbox.admin<SandboxFault>('POST', '/_sandbox/faults', body);
    await this.refreshFaults();
    const message = `Sandbox fault #${fault.id}: ${describeFault(fault)}.`;
    this.deps.output.info(`[sandbox] ${message}`);
    void vscode.window
      .showInformationMessage(`${message} Clear it from the status bar menu.`, 'Clear Faults')
      .then((choice) => {
        if (choice) void vscode.commands.executeCommand(COMMANDS.clearSandboxFaults);
      });
    return fault;
  }

  private async askFault(): Promise<ReturnType<typeof faultBody> | undefined> {
    const title = 'Sandbox: Inject Fault';
    const preset = await vscode.window.showQuickPick(
      FAULT_PRESETS.map((candidate) => ({ label: candidate.label, detail: candidate.detail, preset: candidate })),
      { title: `${title} (1/3)`, placeHolder: 'What should the sandbox answer instead?' },
    );
    if (!preset) return undefined;
    const method = await vscode.window.showQuickPick(
      [
        { label: 'Any method', value: undefined },
        ...['GET', 'POST', 'PUT', 'DELETE'].map((value) => ({ label: value, value })),
      ],
      { title: `${title} (2/3)`, placeHolder: 'Which requests? First the method.' },
    );
    if (!method) return undefined;
    const path = await vscode.window.showInputBox({
      title: `${title} (2/3)`,
      prompt: 'Path pattern of the requests that fail; * matches any run of characters',
      value: '/items/*',
      validateInput: pathPatternProblem,
    });
    if (!path) return undefined;
    const times = await vscode.window.showInputBox({
      title: `${title} (3/3)`,
      prompt: 'How many requests fail (blank: every request until you clear the faults)',
      value: '10',
      validateInput: timesProblem,
    });
    if (times === undefined) return undefined;
    return faultBody(preset.preset, method.value, path, times);
  }

  async clearFaults(): Promise<void> {
    requireSandboxEnvironment('Clear Faults');
    await this.deps.sandbox.admin('DELETE', '/_sandbox/faults');
    this.setFaults([]);
    this.deps.output.info('[sandbox] Every injected fault was cleared.');
    void vscode.window.showInformationMessage('The sandbox answers normally again: every injected fault was cleared.');
  }

  /** Back to the seeded data, after a question that says what is lost (faults and the clock go too). */
  async reset(): Promise<void> {
    const answer = await vscode.window.showWarningMessage(
      'Reset the local sandbox?',
      {
        modal: true,
        detail:
          'Every listing, order, note, chart and blacklist entry goes back to the seeded data, the clock to now, and injected faults are cleared. Changes you made in the sandbox are lost. Your real marketplace data is not touched.',
      },
      'Reset',
    );
    if (answer !== 'Reset') return;
    await this.deps.sandbox.reset();
    this.setFaults([]);
    this.deps.output.info('The local sandbox was reset to its seeded data.');
    await this.deps.refreshAll();
  }
}

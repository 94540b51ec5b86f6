// The sandbox's command line: `npm run sandbox -- …` in the repository, `marketplace-sandbox …` from the npm package
// (scripts/packageSandbox.ts). Its options, its usage, and the start; the log format, the stop signals and the option
// checks are in commandLine/.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { cliLog, LOG_MODES } from './commandLine/logLines';
import {
  callbackOf,
  choiceOf,
  clockStartOf,
  dataOf,
  portOf,
  scaleOf,
  timeScaleOf,
  tokenOf,
  UsageError,
} from './commandLine/optionValues';
import { packageVersion } from './commandLine/packageVersion';
import { stopOnSignals } from './commandLine/signals';
import { FixturesError, loadFixturesFile } from './fixtures';
import { startSandbox } from './runtime';
import { MAX_SCALE } from './scale';

/** Every option, one per line: the usage below has a line for each (a test holds them to it). */
export const OPTIONS = {
  port: { type: 'string' },
  data: { type: 'string' },
  token: { type: 'string' },
  seed: { type: 'string' },
  scale: { type: 'string' },
  callback: { type: 'string' },
  'clock-start': { type: 'string' },
  fixtures: { type: 'string' },
  'time-scale': { type: 'string' },
  log: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options'];

/** The usage, naming the command as it is run (`npm run sandbox --` or `marketplace-sandbox`). */
export function usage(command: string): string {
  return `Usage: ${command} [options]

Starts the marketplace sandbox on 127.0.0.1. Once it is ready, stdout holds exactly two lines,
MARKETPLACE_SANDBOX_URL=… and MARKETPLACE_SANDBOX_TOKEN=… (append them to $GITHUB_ENV), and GET /_sandbox/ready
answers 200. SIGTERM or Ctrl-C stops it once the requests in progress are answered and stored (twice: at once).
  --port N          port to listen on (0 picks a free one; default 8787)
  --data DIR        keep state in DIR across restarts (in memory when absent). DIR holds token hashes only: the
                    start tokens derive from a secret kept elsewhere, MARKETPLACE_SANDBOX_TOKEN_SECRET in the
                    environment (the same secret, the same tokens after a restart); without it each start prints
                    new ones (tokens issued through OAuth stay valid)
  --token T         the seller's access token (an SBX-… token derived from the seed when absent)
  --seed S          seed of the generated data (default "marketplace")
  --scale N         the seller also has N generated listings and 10·N orders (1 to ${MAX_SCALE}; default: the
                    seeded data only); with --data, a store seeded at another scale is seeded anew
  --callback URL    POST push notifications to URL
  --clock-start ISO start the sandbox clock at this instant (fresh data only)
  --fixtures FILE   seed with the listings, orders, size charts, blacklist and campaigns of FILE (JSON, see
                    sandbox-fixtures.schema.json), instead of or beside the default data (fresh data only)
  --time-scale X    real seconds per sandbox second in notification retry waits (default 1; 0.01 retries at once)
  --log text|json   stderr as plain lines (default) or one JSON object per line: {"time", "level", "message", …};
                    the start is {"event": "ready", "url": …}. The token is never in a log line
  -h, --help        print this help
  -v, --version     print the version

Exit codes: 0 stopped by a signal (or --help, --version); 1 could not start, or stopped by a second signal;
2 a wrong command line.`;
}

/**
 * Runs the command line: `command` is how the usage names it, `argv` its arguments. Exits the process with code 2
 * on a wrong command line, 1 when the sandbox cannot start; else it runs until a stop signal (signals.ts).
 */
export async function runCli(command: string, argv: string[] = process.argv.slice(2)): Promise<void> {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (failure) {
    // Node's messages go on to advice about positional arguments: the first sentence is the problem.
    const problem = (failure as Error).message.split(/\.\s/)[0];
    process.stderr.write(`${problem}. Run \`${command} --help\` for the options.\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${usage(command)}\n`);
    return;
  }
  const version = packageVersion() ?? 'unknown';
  if (values.version) {
    process.stdout.write(`${version}\n`);
    return;
  }
  // A --log of neither mode is refused below, in text.
  const log = cliLog(LOG_MODES.find((mode) => mode === values.log) ?? 'text', (text) => process.stderr.write(text));
  let options: Parameters<typeof startSandbox>[0];
  try {
    choiceOf('log', values.log, LOG_MODES);
    options = {
      port: portOf(values.port),
      dataDir: dataOf(values.data),
      token: tokenOf(values.token),
      tokenSecret: process.env.MARKETPLACE_SANDBOX_TOKEN_SECRET || undefined,
      seed: values.seed,
      scale: scaleOf(values.scale),
      callbackUrl: callbackOf(values.callback),
      clockStart: clockStartOf(values['clock-start']),
      notificationTimeScale: timeScaleOf(values['time-scale']),
      log: (line) => log.line(line),
    };
  } catch (failure) {
    if (!(failure instanceof UsageError)) throw failure;
    log.line(`${failure.message}. Run \`${command} --help\` for the options.`, 'error');
    process.exit(2);
  }
  try {
    if (values.fixtures !== undefined) options.fixtures = loadFixturesFile(values.fixtures, options.clockStart);
  } catch (failure) {
    if (!(failure instanceof FixturesError)) throw failure;
    log.line(failure.message, 'error', { problems: failure.problems });
    process.exit(2);
  }
  if (options.token) log.hide(options.token);
  const starting = startSandbox(options).catch((failure: NodeJS.ErrnoException) => {
    const reason = failure.code === 'EADDRINUSE' ? `port ${options.port} is in use (try --port 0)` : failure.message;
    log.line(`The sandbox could not start: ${reason}`, 'error');
    process.exit(1);
  });
  // A signal during the start stops the sandbox once it has started (its fresh data stored).
  stopOnSignals(async () => (await starting).stop(), log);
  const sandbox = await starting;
  log.hide(sandbox.token);
  process.stdout.write(`MARKETPLACE_SANDBOX_URL=${sandbox.url}\nMARKETPLACE_SANDBOX_TOKEN=${sandbox.token}\n`);
  log.event('ready', `Marketplace sandbox ${version} ready at ${sandbox.url}`, {
    url: sandbox.url,
    version,
    pid: process.pid,
  });
}

// The same bundle (dist/sandbox.js) is the extension's embedded sandbox, loaded on first use: as a module it only
// exports; run by node (`npm run sandbox`) it starts one. The package's bin calls `runCli('marketplace-sandbox')`.
export { startSandbox } from './runtime';

if (require.main === module) void runCli('npm run sandbox --');

import { parseArgs } from 'node:util';
import { FixturesError, loadFixturesFile, type SandboxFixtures } from './fixtures';
import { startSandbox } from './runtime';
import { MAX_SCALE, validScale } from './scale';

const USAGE = `Usage: npm run sandbox -- [--port N] [--data DIR] [--token T] [--seed S] [--scale N] [--callback URL] [--clock-start ISO]
                             [--fixtures FILE]

Starts the local marketplace sandbox on 127.0.0.1 and prints MARKETPLACE_SANDBOX_URL and MARKETPLACE_SANDBOX_TOKEN.
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
                    sandbox-fixtures.schema.json), instead of or beside the default data (fresh data only)`;

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        token: { type: 'string' },
        seed: { type: 'string' },
        scale: { type: 'string' },
        callback: { type: 'string' },
        'clock-start': { type: 'string' },
        fixtures: { type: 'string' },
        'time-scale': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (failure) {
    process.stderr.write(`${(failure as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be an integer from 0 to 65535\n`);
    process.exit(2);
  }
  const scale = values.scale === undefined ? undefined : validScale(values.scale);
  if (values.scale !== undefined && (scale === undefined || scale === 0)) {
    process.stderr.write(`--scale must be a whole number from 1 to ${MAX_SCALE}\n`);
    process.exit(2);
  }
  let fixtures: SandboxFixtures | undefined;
  try {
    if (values.fixtures !== undefined)
      fixtures = loadFixturesFile(values.fixtures as string, values['clock-start'] as string | undefined);
  } catch (failure) {
    if (!(failure instanceof FixturesError)) throw failure;
    process.stderr.write(`${failure.message}\n`);
    process.exit(2);
  }
  const sandbox = await startSandbox({
    port,
    dataDir: values.data as string | undefined,
    token: values.token as string | undefined,
    tokenSecret: process.env.MARKETPLACE_SANDBOX_TOKEN_SECRET || undefined,
    seed: values.seed as string | undefined,
    scale,
    callbackUrl: values.callback as string | undefined,
    clockStart: values['clock-start'] as string | undefined,
    fixtures,
    notificationTimeScale: values['time-scale'] === undefined ? 1 : Number(values['time-scale']),
    log: (line) => process.stderr.write(`${line}\n`),
  }).catch((failure: NodeJS.ErrnoException) => {
    const reason = failure.code === 'EADDRINUSE' ? `port ${port} is in use (try --port 0)` : failure.message;
    process.stderr.write(`The sandbox could not start: ${reason}\n`);
    process.exit(1);
  });
  process.stdout.write(`MARKETPLACE_SANDBOX_URL=${sandbox.url}\nMARKETPLACE_SANDBOX_TOKEN=${sandbox.token}\n`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// The same bundle (dist/sandbox.js) is the extension's embedded sandbox, loaded on first use: as a module it only
// exports; run by node (`npm run sandbox`) it starts one.
export { startSandbox } from './runtime';

if (require.main === module) void main();

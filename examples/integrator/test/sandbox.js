// Starts the marketplace sandbox as an integrator's CI does: the packaged command, on a free port, with the shop's
// own fixtures and the service's callback URL; reads the URL and token it prints and waits for its ready route.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const EXAMPLE_ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 30_000;

/** The command line that starts the sandbox: `npx marketplace-sandbox …` (--no: never fetch it from a registry). */
function sandboxCommand(args) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return { command: npx, args: ['--no', '--', 'marketplace-sandbox', ...args] };
}

/**
 * @param {{fixtures: string, callback: string}} options
 * @returns {Promise<{url: string, token: string, admin: (method: string, path: string, body?: unknown) => Promise<any>, stop: () => Promise<void>}>}
 */
export async function startSandbox({ fixtures, callback }) {
  const { command, args } = sandboxCommand([
    '--port',
    '0',
    '--fixtures',
    fixtures,
    '--callback',
    callback,
    '--log',
    'json',
    // Notification retries in milliseconds instead of minutes (the retry test waits for one).
    '--time-scale',
    '0.001',
  ]);
  // Its own process group, so that stopping it reaches the sandbox behind npx.
  const child = spawn(command, args, {
    cwd: EXAMPLE_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  const stderr = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    stderr.push(line);
    if (stderr.length > 50) stderr.shift();
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const printed = new Promise((resolve, reject) => {
    const found = {};
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [, key, value] = /^(MARKETPLACE_SANDBOX_URL|MARKETPLACE_SANDBOX_TOKEN)=(.+)$/.exec(line) ?? [];
      if (key) found[key] = value;
      if (found.MARKETPLACE_SANDBOX_URL && found.MARKETPLACE_SANDBOX_TOKEN) resolve(found);
    });
    void exited.then(({ code, signal }) =>
      reject(
        new Error(`the sandbox exited (${signal ?? `code ${code}`}) before it printed its URL:\n${stderr.join('\n')}`),
      ),
    );
    setTimeout(
      () => reject(new Error(`the sandbox printed no URL within ${START_TIMEOUT_MS} ms:\n${stderr.join('\n')}`)),
      START_TIMEOUT_MS,
    ).unref();
  });

  async function stop() {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const signal = (name) => {
      try {
        if (process.platform === 'win32') child.kill(name);
        else process.kill(-child.pid, name);
      } catch {
        // already gone
      }
    };
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }

  let found;
  try {
    found = await printed;
    await waitReady(found.MARKETPLACE_SANDBOX_URL);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = found.MARKETPLACE_SANDBOX_URL;
  return {
    url,
    token: found.MARKETPLACE_SANDBOX_TOKEN,
    /** The sandbox's admin routes (`/_sandbox/…`, no token). */
    async admin(method, path, body) {
      const response = await fetch(url + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    stop,
  };
}

async function waitReady(url) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(`${url}/_sandbox/ready`);
      if (response.status === 200 && (await response.json()).ready === true) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url}/_sandbox/ready did not answer 200 within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

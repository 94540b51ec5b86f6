// *Use Local Sandbox* beside its limit, in turns in the same extension host: the embedded sandbox starts in-process
// (SandboxHost, src/features/auth/sandboxHost.ts: its bundle required, then an HTTP server on a loopback port), so the
// limit is a bare `node:http` server started in-process on port 0 answering one request made with fetch, as the
// client does. Between turns the account is signed out (the product's command) and the sandbox stopped as closing
// the window stops it (its server and store closed); it then starts again on the data it kept, as after a reload.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { interleave } from '../../scripts/bench/paired';
import { COMMANDS } from '../../src/constants';
import type { TestApi } from '../../src/extension';
import type { RunningSandbox } from '../../src/sandbox';
import { SANDBOX_START } from './figureNames';
import { recordPaired } from './timing';

/** Turns of *Use Local Sandbox* and the bare start. */
const TURNS = 15;
/** Untimed pause before each side of a turn, so the tree's refresh after a sign-in is not timed with the next one. */
const SETTLE_MS = 300;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** The bare limit: a `node:http` server started in-process on port 0, one request with fetch, its body read. */
export async function bareStartAndRequest(): Promise<number> {
  const body = Buffer.from('{"id":1}');
  const started = performance.now();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const text = await answer.text();
    if (answer.status !== 200 || text !== body.toString()) throw new Error(`the bare server answered ${answer.status}`);
    return performance.now() - started;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Signs out of the sandbox account and stops the sandbox (its server and store closed), as closing the window does. */
async function signOutAndStop(api: TestApi): Promise<void> {
  if (api.accounts.active('sandbox')) await vscode.commands.executeCommand(COMMANDS.signOut);
  // The host keeps its one sandbox in `running` and starts another when it is empty (ensureStarted).
  const host = api.sandbox as unknown as { running?: Promise<RunningSandbox> };
  const running = host.running;
  host.running = undefined;
  await (await running)?.close();
}

/** *Use Local Sandbox* and the bare start, in turns; the sandbox is running and signed in afterwards. */
export async function measureSandboxStart(api: TestApi): Promise<void> {
  const runs = await interleave(
    TURNS,
    async () => {
      await signOutAndStop(api);
      await settle();
      const started = performance.now();
      await vscode.commands.executeCommand(COMMANDS.useSandbox);
      const ms = performance.now() - started;
      if (!api.sandbox.isRunning || !api.accounts.active('sandbox'))
        throw new Error('Use Local Sandbox signed in no one');
      return ms;
    },
    async () => {
      await settle();
      return bareStartAndRequest();
    },
    'time',
  );
  recordPaired(
    SANDBOX_START.again,
    runs,
    SANDBOX_START.limit,
    'signed out and the sandbox stopped before each turn; it starts on the data it kept',
  );
}

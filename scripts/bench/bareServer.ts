// The limit the sandbox's `GET /items/{id}` and `PUT /items/{id}` are set beside: a bare `node:http` server, in its
// own process as the sandbox is, that answers the bytes the sandbox answered for each listing (status, content type and
// body, taken from the sandbox before the load) and checks nothing else. A PUT is read whole and appended to a file by
// group commit (groupCommit.ts: one `fdatasync` per group of concurrent writes, each answered once the sync that covers
// it has completed), the least a store does that answers a write only once it is durable, as the sandbox does.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type AppendFile, GroupCommit } from './groupCommit';
import { type ServerProcess, startServer } from './serverProcess';

/** One answer as the sandbox gave it. */
export interface CannedAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The answers by listing id: to a GET of it, and to a PUT of it. */
export interface SameBytes {
  get: Record<string, CannedAnswer>;
  put: Record<string, CannedAnswer>;
}

/** The line the bare server's process prints once it listens. */
export const BARE_URL_LINE = /^BARE_SERVER_URL=(\S+)$/m;

interface Prepared {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const ITEM_PATH = /^\/items\/([^/?#]+)(?:\?.*)?$/;

/** Answers taken by id, as a Map of own entries (an id never finds an inherited key), ready to write. */
function prepared(answers: Record<string, CannedAnswer>): Map<string, Prepared> {
  return new Map(
    Object.entries(answers).map(([id, answer]) => {
      const body = Buffer.from(answer.body);
      const headers = { 'content-type': answer.contentType, 'content-length': String(body.length) };
      return [id, { status: answer.status, headers, body }];
    }),
  );
}

function write(response: ServerResponse, answer: Prepared): void {
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
}

function unlisted(response: ServerResponse, status: number, message: string): void {
  write(response, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ message, status })),
  });
}

export interface BareServer {
  server: Server;
  commit: GroupCommit;
}

/**
 * The bare server (not yet listening): `GET /items/{id}` answers the GET's bytes at once; `PUT /items/{id}` reads the
 * body, appends it (and a newline) to `journal` by group commit, then answers the PUT's bytes. Anything else is a 404
 * (an id not given) or a 405.
 */
export function bareServer(answers: SameBytes, journal: AppendFile): BareServer {
  const gets = prepared(answers.get);
  const puts = prepared(answers.put);
  const commit = new GroupCommit(journal);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const id = ITEM_PATH.exec(request.url ?? '')?.[1];
    if (request.method === 'GET') {
      const answer = id === undefined ? undefined : gets.get(id);
      if (answer) write(response, answer);
      else unlisted(response, 404, `no answer given for ${request.url}`);
      request.resume();
      return;
    }
    if (request.method !== 'PUT') {
      request.resume();
      unlisted(response, 405, `the bare server answers GET and PUT only`);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = id === undefined ? undefined : puts.get(id);
      if (!answer) return unlisted(response, 404, `no answer given for ${request.url}`);
      chunks.push(NEWLINE);
      commit.append(Buffer.concat(chunks)).then(
        () => write(response, answer),
        (failure: unknown) => unlisted(response, 500, `could not store the body: ${(failure as Error).message}`),
      );
    });
  });
  return { server, commit };
}

const NEWLINE = Buffer.from('\n');

/**
 * The sandbox's answers for each id: a PUT of `putBody(index)` then a GET (so the GET's bytes are the listing as it
 * stands after the PUT). Each is fetched once, before the load.
 */
export async function takeAnswers(
  url: string,
  token: string,
  ids: readonly string[],
  putBody: (index: number) => string,
): Promise<SameBytes> {
  const answers: SameBytes = { get: {}, put: {} };
  const authorization = `Bearer ${token}`;
  // Ids as the load names them, in the path as they are (the bare server looks the path's segment up as it is).
  for (const [index, id] of ids.entries()) {
    const path = `${url}/items/${id}`;
    const put = await fetch(path, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: putBody(index),
    });
    answers.put[id] = await canned(put);
    answers.get[id] = await canned(await fetch(path, { headers: { authorization } }));
  }
  return answers;
}

async function canned(response: Response): Promise<CannedAnswer> {
  const body = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body };
}

/**
 * Starts the bare server in its own process (`node --import tsx bareServerMain.ts`), the answers handed over in a
 * file it reads at start, its journal in `folder` (the same file system as the sandbox's data folder).
 */
export function startBareServerProcess(root: string, answers: SameBytes, folder: string): Promise<ServerProcess> {
  const answersFile = join(folder, 'bare-answers.json');
  writeFileSync(answersFile, JSON.stringify(answers));
  return startServer({
    command: process.execPath,
    args: ['--import', 'tsx', join(__dirname, 'bareServerMain.ts'), answersFile, join(folder, 'bare-journal.ndjson')],
    cwd: root,
    urlLine: BARE_URL_LINE,
  });
}

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type SignedIn, type TestApp, createTestApp } from '../app';
import { paidPhonebot } from '../fixtures';

/**
 * The curl examples of the API's documents run as written: every ```sh block with a curl command is run by bash
 * with the real curl binary against a test server, each document's blocks in one shell in order (a later block
 * uses what an earlier one set, as a reader's terminal would). Every request must answer 2xx, or the status its
 * line names in a trailing comment (`# 401`).
 *
 * What a reader fills in is filled in here: the example accounts and password, the example ids of calls and users,
 * `$TOKEN` (the company admin's session; the super's for the operator settings), `$BOT_TOKEN`,
 * `$TWILIO_AUTH_TOKEN`, a Retell phonebot's `$LICENSE_KEY` and `$RETELL_API_KEY`, and the host: curl is pointed at the test server for every host (`--connect-to`), so
 * `localhost:3000` and the example PUBLIC_URL reach it as written.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DOCUMENTS = ['docs/api.md', 'docs/bot-api.md', 'docs/integrations.md'];
const PUBLIC_URL = 'http://portal.test';
const TWILIO_TOKEN = 'doc-examples-twilio-token';

let app: TestApp;
let admin: SignedIn;
let superUser: SignedIn;
let colleague: SignedIn;
let botToken: string;
/** A Retell phonebot for the connector's example (docs/integrations.md), and its secret. */
let retellLicenseKey: string;
const RETELL_API_KEY = 'key_doc_examples_retell';
let callIds: string[];
let bin: string;
let port: number;

beforeAll(async () => {
  app = await createTestApp({ webhookAllowPrivateUrls: true }, { PUBLIC_URL, TWILIO_AUTH_TOKEN: TWILIO_TOKEN });
  admin = await app.signIn('admin');
  superUser = await app.signIn('super');
  colleague = await app.signIn('user', { customerId: admin.customerId! });
  // A paid phonebot: an unpaid one is not served its configuration (403 phonebotInactive, as docs/bot-api.md says).
  ({ botToken } = await paidPhonebot(app, 'Docs bot', admin));
  const retell = await app.request({
    method: 'POST',
    url: '/api/v2/phonebots',
    token: admin.token,
    body: {
      data: {
        type: 'phonebots',
        attributes: { bezeichnung: 'Retell bot', source: 'retell', source_secret: RETELL_API_KEY },
      },
    },
  });
  retellLicenseKey = retell.json.data.id as string;
  await app.db.db
    .updateTable('phonebots')
    .set({ payment_status: 1 })
    .where('license_key', '=', retellLicenseKey)
    .execute();
  callIds = [];
  for (const number of ['+491701111111', '+491702222222']) {
    const call = await app.request({
      method: 'POST',
      url: '/api/v2/bot/calls',
      token: botToken,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { caller_number: number, response: [] },
    });
    callIds.push(call.json.data.id);
  }
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.app.server.address() as AddressInfo).port;

  // curl as the reader runs it, pointed at the test server, recording each request's status; and uuidgen.
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-doc-curl-'));
  fs.writeFileSync(
    path.join(bin, 'curl'),
    `#!/bin/bash
dump=$(mktemp)
limit=10
for arg in "$@"; do [ "$arg" = "-N" ] && limit=2; done
"$REAL_CURL" --connect-to "::127.0.0.1:$DOC_PORT" --max-time "$limit" -D "$dump" "$@"
code=$?
status=$(grep -aE '^HTTP/' "$dump" | tail -1 | awk '{print $2}')
rm -f "$dump"
args="$*"
printf '%s\\t%s\\t%s\\t%s\\n' "\${EXPECT:-2xx}" "\${status:-none}" "$code" "\${args//$'\\n'/ }" >> "$DOC_LOG"
# A stream (-N) runs until the time limit: that is how it ends here.
if [ "$code" = 28 ] && [ -n "$status" ]; then exit 0; fi
exit $code
`,
    { mode: 0o755 },
  );
  fs.writeFileSync(path.join(bin, 'uuidgen'), `#!/bin/sh\nexec node -e 'console.log(crypto.randomUUID())'\n`, {
    mode: 0o755,
  });
});
afterAll(async () => {
  await app?.stop();
  if (bin) fs.rmSync(bin, { recursive: true, force: true });
});

/** The shell blocks of a document that call curl, in order. */
function curlBlocks(document: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, document), 'utf8');
  return [...text.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => /\bcurl\b/.test(b));
}

/** What a reader replaces: the example accounts, password and ids. */
function filledIn(block: string): string {
  return block
    .replaceAll('admin@example.com', admin.email)
    .replaceAll('admin@muster-elektro.example', admin.email)
    .replaceAll('"password":"..."', `"password":"${PASSWORD}"`)
    .replaceAll('demo-password', PASSWORD)
    .replaceAll('https://portal.example.com', PUBLIC_URL)
    .replaceAll('{"id":12},{"id":13}', callIds.map((id) => `{"id":${id}}`).join(','))
    .replaceAll('"assignee_id":"7"', `"assignee_id":"${colleague.userId}"`)
    .split('\n')
    .map((line) => {
      // A line that names the status it answers (`# 401`) expects that status.
      const expected = /#\s*(\d{3})\s*$/.exec(line)?.[1];
      return expected ? line.replace(/\bcurl\b/, `EXPECT=${expected} curl`) : line;
    })
    .join('\n');
}

type Request = { expected: string; status: string; exit: string; command: string };

async function runDocument(document: string): Promise<{ requests: Request[]; stderr: string }> {
  const blocks = curlBlocks(document);
  const log = path.join(bin, `${path.basename(document)}.log`);
  fs.writeFileSync(log, '');
  const script = blocks
    .map((block) => {
      const filled = filledIn(block);
      // The operator settings are the super's.
      return filled.includes('/settings/operator') ? `TOKEN=$SUPER_TOKEN\n${filled}\nTOKEN=$ADMIN_TOKEN` : filled;
    })
    .join('\n');
  const { stderr } = await run('bash', ['-c', script], {
    cwd: bin,
    timeout: 120_000,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: bin,
      REAL_CURL: '/usr/bin/curl',
      DOC_PORT: String(port),
      DOC_LOG: log,
      TOKEN: admin.token,
      ADMIN_TOKEN: admin.token,
      SUPER_TOKEN: superUser.token,
      BOT_TOKEN: botToken,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      LICENSE_KEY: retellLicenseKey,
      RETELL_API_KEY,
    },
  });
  const requests = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [expected = '', status = '', exit = '', command = ''] = line.split('\t');
      return { expected, status, exit, command };
    });
  return { requests, stderr };
}

describe('the curl examples of the documents', () => {
  for (const document of DOCUMENTS) {
    it(`run as written: ${document}`, async () => {
      const blocks = curlBlocks(document);
      expect(blocks.length, document).toBeGreaterThan(0);
      const { requests, stderr } = await runDocument(document);
      expect(stderr, document).not.toMatch(/command not found/);
      const commands = blocks
        .join('\n')
        .split('\n')
        .map((line) => line.replace(/(^|\s)#.*$/, ''));
      const written = commands.join('\n').match(/\bcurl\b/g)?.length ?? 0;
      expect(
        requests.length,
        `${document}: every curl of the document ran\n${requests.map((r) => r.command).join('\n')}`,
      ).toBe(written);
      for (const request of requests) {
        const ok = request.expected === '2xx' ? /^2\d\d$/.test(request.status) : request.status === request.expected;
        expect(ok, `${request.command}\n answered ${request.status} (curl exit ${request.exit})`).toBe(true);
      }
    });
  }
});

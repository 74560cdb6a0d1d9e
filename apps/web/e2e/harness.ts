import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Locator, type Page, type Request, chromium } from 'playwright-core';
import { createPostgresDatabase } from '../../api/test/db';
import { SERVER_START, freePort } from '../../api/test/process';
import { startSmtp, verificationIn } from '../../api/test/smtp';
import { CHROMIUM_FLAGS } from './chromium-flags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SUPER_EMAIL = 'super@example.com';
export const SUPER_PASSWORD = 'super-secret-password';

export type Stack = Awaited<ReturnType<typeof startStack>>;

const requestsInFlight = new WeakMap<Page, { open: Set<Request>; changed: number }>();

/**
 * Counts the page's requests in flight from now on, for networkQuiet: call it before the page loads. An event stream
 * (EventSource) stays open for the page's life and is not counted.
 */
export function watchRequests(page: Page): void {
  if (requestsInFlight.has(page)) return;
  const state = { open: new Set<Request>(), changed: Date.now() };
  requestsInFlight.set(page, state);
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    state.open.add(request);
    state.changed = Date.now();
  });
  const settled = (request: Request) => {
    if (state.open.delete(request)) state.changed = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
}

/**
 * Waits until no request of the page (watched by watchRequests) has been in flight for `quietMs`: a cheaper
 * `waitForLoadState('networkidle')`, which always waits 500 ms, and which also works after a navigation inside the app.
 */
export async function networkQuiet(page: Page, options: { quietMs?: number; timeout?: number } = {}): Promise<void> {
  const state = requestsInFlight.get(page);
  if (!state) throw new Error('networkQuiet needs watchRequests(page) before the page loads');
  const quietMs = options.quietMs ?? 100;
  const deadline = Date.now() + (options.timeout ?? 30_000);
  for (;;) {
    const quietFor = Date.now() - state.changed;
    if (state.open.size === 0 && quietFor >= quietMs) return;
    if (Date.now() > deadline) {
      const open = [...state.open].map((request) => request.url()).join(', ');
      throw new Error(`the network did not settle: ${open || 'requests kept starting'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, state.open.size === 0 ? quietMs - quietFor : 25));
  }
}

/**
 * Goes to `path` as the app's own links do (React Router's BrowserRouter follows pushState and popstate), without
 * loading the document again: the app keeps running, and whatever was injected into the page stays.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Waits until no animation or transition of the page is running (a dialog has opened, a list has settled). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/** Waits for `frames` animation frames of the page: whatever an input event set off has been rendered. */
export async function nextFrames(page: Page, frames = 2): Promise<void> {
  await page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, frames);
}

/**
 * Waits until the screen has settled as a user would look at it: its fonts are loaded, no table waits for its answer
 * (aria-busy), nothing is animating, and a frame has been drawn since. Frames are waited for first as well, so that a
 * resize or a key just before has had its render.
 */
export async function screenSettled(page: Page): Promise<void> {
  await nextFrames(page);
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('table[aria-busy="true"]') &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await nextFrames(page);
}

/**
 * Waits until a dialog that has just opened holds the focus: its focus trap moves the focus in after the first render,
 * and a field typed into before that loses the focus (a searchable select its open options) when it does.
 */
export async function dialogFocused(dialog: Locator): Promise<void> {
  await dialog.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () => (element.contains(document.activeElement) ? resolve() : requestAnimationFrame(check));
        check();
      }),
  );
}

/**
 * Answers "Confirm it is you", the question a sensitive action asks without a recent step-up, as a user does: types
 * the current password (or, with two-factor sign-in, a code of the authenticator app), clicks Confirm and waits until
 * the question has closed. In English or German.
 */
export async function confirmItIsYou(page: Page, answer: { password: string } | { code: string }): Promise<void> {
  const question = page.getByRole('dialog', { name: /^(Confirm it is you|Bestätigen Sie, dass Sie es sind)$/ });
  if ('password' in answer) {
    await question.getByLabel(/^(Current password|Aktuelles Passwort)$/).fill(answer.password);
  } else {
    await question.getByLabel(/^(Code of your authenticator app|Code Ihrer Authenticator-App)$/).fill(answer.code);
  }
  await question.getByRole('button', { name: /^(Confirm|Bestätigen)$/ }).click();
  try {
    await question.waitFor({ state: 'detached', timeout: 15_000 });
  } catch (error) {
    const shown = await question.innerText().catch(() => '');
    throw new Error(`"Confirm it is you" did not close: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/**
 * The product as a user meets it: the real server process (built web app, SQLite or PostgreSQL per E2E_DB), a real
 * SMTP server on loopback for its mails, and Chromium.
 */
export async function startStack(options: { env?: Record<string, string> } = {}) {
  // E2E_WEB_DIST lets several runs use their own builds side by side.
  const distDir = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error('No web build: run `npm run build` before the browser flows.');
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-e2e-'));
  const pgDb = process.env.E2E_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  // The compiled server as `npm start` runs it (rebuilt first when its sources changed).
  const spawnServer = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, SERVER_START, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        SMTP_URL: smtp.url,
        SUPER_ADMIN_EMAIL: SUPER_EMAIL,
        SUPER_ADMIN_PASSWORD: SUPER_PASSWORD,
        LOG_LEVEL: 'warn',
        DATABASE_URL: pgDb?.url ?? '',
        WEB_DIST_DIR: distDir,
        TRUST_PROXY: 'true',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const res = await fetch(`${baseUrl}/readyz`);
        if (res.ok) return child;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server did not start:\n${output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const stopServer = async (child: ChildProcess) => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  };
  let server = await spawnServer();

  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });

  async function api(
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${baseUrl}/api/v2${url}`, {
      method,
      headers: {
        accept: 'application/vnd.api+json',
        ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  }

  /**
   * A finished call as the phonebot runtime posts it (Bot API, plain JSON, with its Idempotency-Key); answers the
   * call's id, and throws unless it was stored.
   */
  async function postBotCall(botToken: string, call: Record<string, unknown>): Promise<number> {
    const res = await fetch(`${baseUrl}/api/v2/bot/calls`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${botToken}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify(call),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`The Bot API answered ${res.status}: ${text}`);
    return Number((JSON.parse(text) as { data: { id: string | number } }).data.id);
  }

  return {
    baseUrl,
    smtp,
    browser,
    api,
    postBotCall,
    serverOutput: () => output.join(''),
    /** Follows the verification mail sent to an address, as its page does: answers the API's status. */
    async verifyEmail(email: string): Promise<number> {
      const mail = await smtp.waitFor(email.toLowerCase(), 'Verify');
      return (await api('POST', '/verify-email', verificationIn(mail, baseUrl))).status;
    },
    /** A fresh browser context (own localStorage) and page in English, at a desktop width. */
    async newPage(
      options: { width?: number; locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: options.locale ?? 'en-US',
        viewport: { width: options.width ?? 1400, height: 900 },
        // No transitions: axe and screenshots see each dialog as it finally looks, not a half-faded frame.
        reducedMotion: 'reduce',
        // No service worker unless asked for: a flow's routes see every request (a worker's cache would answer some
        // unseen); the installable app's flow (pwa.e2e.ts) asks for one.
        serviceWorkers: options.serviceWorkers ?? 'block',
      });
      const page = await context.newPage();
      return { context, page };
    },
    /** A company admin with a password, through sign-up: register, follow the verification mail, enabled by the super. */
    async createAdmin(account: {
      name: string;
      email: string;
      password: string;
      company_name?: string;
    }): Promise<{ ownerId: number; token: string }> {
      // Sign-ups are limited per client: each company signs up from its own address (the server trusts the
      // forwarded address in the tests, as behind a proxy).
      const client = `10.20.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
      const registered = await api(
        'POST',
        '/register',
        { ...account, password_confirmation: account.password },
        undefined,
        { 'x-forwarded-for': client },
      );
      if (registered.status !== 202) throw new Error(`register answered ${registered.status}`);
      const mail = await smtp.waitFor(account.email.toLowerCase(), 'Verify');
      await api('POST', '/verify-email', verificationIn(mail, baseUrl));
      const sup = (await api('POST', '/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD })).json.meta
        .access_token as string;
      const customers = await api('GET', `/customers?search=${encodeURIComponent(account.email)}`, undefined, sup);
      const ownerId = Number(customers.json.data[0].id);
      await api('PATCH', `/enableUser/${ownerId}`, undefined, sup);
      const login = await api('POST', '/login', { email: account.email, password: account.password });
      return { ownerId, token: login.json.meta.access_token as string };
    },
    /** Signs in through the login page. */
    async login(page: Page, email: string, password: string): Promise<void> {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
    },
    async superToken(): Promise<string> {
      const res = await api('POST', '/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
      return res.json.meta.access_token as string;
    },
    /** Stops the server process (SIGTERM, as a deployment does) and answers a function that starts it again. */
    async stopServer(): Promise<() => Promise<void>> {
      await stopServer(server);
      return async () => {
        server = await spawnServer();
      };
    },
    async stop() {
      await browser.close().catch(() => {});
      await stopServer(server);
      await smtp.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';
import { openConversationFromRow } from './call-rows';
import { type Stack, startStack } from './harness';

/** Twilio's Messages API stood in for by a loopback server: it answers in turn what the test queued. */
const answers: { status: number; body: unknown }[] = [];
let twilioServer: http.Server;
let stack: Stack;
let token: string;
let callId: number;
const AUTH_TOKEN = 'e2e-twilio-token';

beforeAll(async () => {
  twilioServer = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = answers.shift() ?? { status: 201, body: { sid: `SM${crypto.randomUUID()}`, status: 'queued' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => twilioServer.listen(0, '127.0.0.1', resolve));
  stack = await startStack({
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+4930999',
      TWILIO_API_BASE: `http://127.0.0.1:${(twilioServer.address() as { port: number }).port}`,
    },
  });
  ({ token } = await stack.createAdmin({
    name: 'Sabine Sender',
    email: 'sabine@sms-delivery.example',
    password: 'sms-delivery-1',
    company_name: 'SMS Delivery GmbH',
  }));
  const bot = await stack.api(
    'POST',
    '/vbot',
    { data: { type: 'vbots', attributes: { bezeichnung: 'Empfang' } } },
    token,
  );
  callId = await stack.postBotCall(bot.json.meta.bot_token as string, {
    caller_number: '+4917012345',
    response: [
      { action: 'UserRecognizedText', text: 'Bitte zurückrufen' },
      { action: 'BotResponseText', text: 'Gerne.' },
    ],
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  twilioServer?.close();
});

async function sendSms(message: string): Promise<number> {
  const res = await stack.api(
    'POST',
    `/calls/${callId}/sms`,
    { data: { type: 'sms', attributes: { to: '+4917012345', message } } },
    token,
  );
  return res.status;
}

/** Twilio's MessageSid of each SMS by the SMS's id: the API does not show the provider's id. */
const sids = new Map<string, string>();

async function acceptedSms(message: string) {
  const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
  answers.push({ status: 201, body: { sid, status: 'queued' } });
  expect(await sendSms(message)).toBe(201);
  const list = await stack.api('GET', `/calls/${callId}/sms`, undefined, token);
  sids.set(list.json.data.at(-1).id as string, sid);
}

/** Twilio's delivery report of the SMS with this text, signed as Twilio's library signs it. */
async function report(message: string, status: string, errorCode?: string) {
  const list = await stack.api('GET', `/calls/${callId}/sms`, undefined, token);
  const id = list.json.data.find((sms: { attributes: { message: string } }) => sms.attributes.message === message).id;
  const params: Record<string, string> = {
    MessageSid: sids.get(id)!,
    MessageStatus: status,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  };
  const url = `${stack.baseUrl}/api/v2/sms/status`;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params),
    },
    body: new URLSearchParams(params),
  });
  expect(res.status).toBe(204);
}

/** A screenshot to look at, when E2E_SHOTS_DIR names a folder for them. */
async function shot(page: Page, name: string) {
  const shots = process.env.E2E_SHOTS_DIR;
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `sms-delivery-${name}.png`), fullPage: true });
}

async function openConversation(language: 'en' | 'de', width: number) {
  const { context, page } = await stack.newPage({ width });
  await context.addInitScript(
    ([stored, lang]) => {
      localStorage.setItem('user_free', stored);
      localStorage.setItem('phonebot_language', lang);
    },
    [token, language] as const,
  );
  await page.goto('/viewcalllogs');
  const row = page.locator('tbody tr').filter({ hasText: '+4917012345' });
  await openConversationFromRow(page, row, '+4917012345', language);
  const dialog = page.getByRole('dialog', { name: language === 'en' ? 'Conversation' : 'Gespräch' });
  await dialog.waitFor();
  return { context, page, dialog };
}

describe('SMS delivery on the call screen', () => {
  it('shows each SMS’s state and what a failure means, in English and German, updated live', async () => {
    await acceptedSms('Wir rufen zurück.');
    answers.push({
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +4917012345 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    expect(await sendSms('Falsche Nummer')).toBe(502);
    for (let i = 0; i < 4; i++) answers.push({ status: 503, body: { code: 20503, message: 'Unavailable' } });
    expect(await sendSms('Anbieter weg')).toBe(502);
    await acceptedSms('Unbekannt');
    await report('Unbekannt', 'undelivered', '30005');

    const { context, page, dialog } = await openConversation('en', 1280);
    const first = dialog.locator('[data-sms-state]').first();
    await first.getByText('Queued', { exact: true }).waitFor();
    await dialog.getByText('Not a valid phone number').waitFor();
    await dialog.getByText('The SMS provider is unavailable; try again later').waitFor();
    await dialog.getByText('The number is unknown or no longer exists').waitFor();
    await dialog.getByRole('link', { name: 'Provider code 21211' }).waitFor();
    expect(await dialog.locator('[data-sms-state="failed"]').count()).toBe(2);
    expect(await dialog.locator('[data-sms-state="undelivered"]').count()).toBe(1);

    // Twilio's report arrives while the dialog is open: the badge follows without a reload.
    await report('Wir rufen zurück.', 'delivered');
    await first.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await axeViolations(page), 'conversation with SMS').toEqual([]);
    await shot(page, 'en-1280');
    await context.close();

    for (const [language, width] of [
      ['de', 390],
      ['de', 1440],
      ['en', 390],
      ['en', 1440],
    ] as const) {
      const view = await openConversation(language, width);
      if (language === 'de') {
        await view.dialog.getByText('Zugestellt', { exact: true }).waitFor();
        await view.dialog.getByText('Keine gültige Telefonnummer').waitFor();
        await view.dialog.getByText('Der SMS-Anbieter ist nicht erreichbar; bitte später erneut versuchen').waitFor();
        await view.dialog.getByText('Nicht zugestellt', { exact: true }).waitFor();
      } else {
        await view.dialog.getByText('Delivered', { exact: true }).waitFor();
      }
      expect(await axeViolations(view.page), `conversation ${language} ${width}`).toEqual([]);
      await shot(view.page, `${language}-${width}`);
      await view.context.close();
    }
  }, 120_000);
});

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';

/** Sends one SMS; throws with the provider's reason when it was not accepted. */
export type SmsProvider = {
  name: 'log' | 'twilio';
  send: (to: string, body: string) => Promise<{ providerId: string | null }>;
};

/** Waits before the retries of an SMS that Twilio refused for load (429) or its own fault (5xx). */
export const SMS_RETRY_DELAYS_MS = [500, 1_000, 2_000];
const MAX_RETRY_WAIT_MS = 5_000;

/** Twilio's Messages API: form fields To, From, Body with Basic auth. */
function twilio(config: Config['twilio']): SmsProvider {
  const { accountSid, authToken, from, apiBase } = config;
  return {
    name: 'twilio',
    async send(to, body) {
      if (!accountSid || !authToken || !from)
        throw new Error('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)');
      const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
      const request = () =>
        fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, From: from, Body: body }),
          signal: AbortSignal.timeout(10_000),
        });
      let res = await request();
      // Too many requests or a fault on Twilio's side: tried again with growing waits, as Twilio's own client does.
      for (let retry = 0; retry < SMS_RETRY_DELAYS_MS.length && (res.status === 429 || res.status >= 500); retry++) {
        const asked = Number(res.headers.get('retry-after')) * 1000;
        const wait = Math.min(asked > 0 ? asked : SMS_RETRY_DELAYS_MS[retry]!, MAX_RETRY_WAIT_MS);
        await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
        res = await request();
      }
      const answer = (await res.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
        more_info?: string;
      };
      if (!res.ok) {
        // Twilio's error code and its documentation link stay with the SMS, so a reader can tell "not a valid
        // number" (21211) from "Twilio is down" (5xx).
        const code = answer.code ? ` (code ${answer.code}${answer.more_info ? `, ${answer.more_info}` : ''})` : '';
        throw new Error(`Twilio answered ${res.status}${code}${answer.message ? `: ${answer.message}` : ''}`);
      }
      return { providerId: answer.sid ?? null };
    },
  };
}

/** Development: every SMS is appended to DATA_DIR/sms.log and logged. */
function logProvider(dataDir: string, log: Logger): SmsProvider {
  return {
    name: 'log',
    async send(to, body) {
      const line = JSON.stringify({ at: new Date().toISOString(), to, body });
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(path.join(dataDir, 'sms.log'), `${line}\n`);
      log.info({ to }, 'SMS written to sms.log');
      return { providerId: null };
    },
  };
}

export function createSmsProvider(config: Config, log: Logger): SmsProvider {
  return config.smsProvider === 'twilio' ? twilio(config.twilio) : logProvider(config.dataDir, log);
}

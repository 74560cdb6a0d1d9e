import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';

/** Sends one SMS; throws with the provider's reason when it was not accepted. */
export type SmsProvider = {
  name: 'log' | 'twilio';
  send: (to: string, body: string) => Promise<{ providerId: string | null }>;
};

/** Twilio's Messages API: form fields To, From, Body with Basic auth. */
function twilio(config: Config['twilio']): SmsProvider {
  const { accountSid, authToken, from, apiBase } = config;
  return {
    name: 'twilio',
    async send(to, body) {
      if (!accountSid || !authToken || !from)
        throw new Error('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)');
      const res = await fetch(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok) throw new Error(`Twilio answered ${res.status}${answer.message ? `: ${answer.message}` : ''}`);
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

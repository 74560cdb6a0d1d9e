import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { API_BASE } from '@phonebot/shared';
import type { SmsErrorReason, SmsState } from '@phonebot/shared/calls';
import type { Config } from '../config';

/** Sends one SMS; throws an SmsError with the provider's reason when it was not accepted. */
export type SmsProvider = {
  name: 'log' | 'twilio';
  send: (to: string, body: string) => Promise<{ providerId: string | null; state: SmsState }>;
};

/** The provider's refusal: its own code, message and link kept apart, with what it means for the reader. */
export class SmsError extends Error {
  readonly code: number | null;
  readonly providerMessage: string | null;
  readonly moreInfo: string | null;
  readonly reason: SmsErrorReason;

  constructor(
    text: string,
    fields: { code?: number | null; providerMessage?: string | null; moreInfo?: string | null; reason: SmsErrorReason },
  ) {
    super(text);
    this.code = fields.code ?? null;
    this.providerMessage = fields.providerMessage ?? null;
    this.moreInfo = fields.moreInfo ?? null;
    this.reason = fields.reason;
  }
}

/** Twilio's common error codes (https://www.twilio.com/docs/api/errors) by what they mean for the reader. */
const TWILIO_REASONS: Record<number, SmsErrorReason> = {
  20003: 'provider_credentials',
  20429: 'provider_unavailable',
  20500: 'provider_unavailable',
  20503: 'provider_unavailable',
  21211: 'invalid_number',
  21408: 'sender_cannot_reach',
  21610: 'opted_out',
  21612: 'sender_cannot_reach',
  30003: 'unreachable',
  30005: 'unknown_number',
  30006: 'landline',
  30007: 'carrier_filtered',
  30008: 'carrier_error',
};

/** What Twilio's answer means: 429 and 5xx (after the retries) say the provider is unavailable, whatever the code. */
export function twilioErrorReason(code: number | null | undefined, httpStatus?: number): SmsErrorReason {
  if (httpStatus !== undefined && (httpStatus === 429 || httpStatus >= 500)) return 'provider_unavailable';
  if (httpStatus === 401) return 'provider_credentials';
  return (code !== null && code !== undefined && TWILIO_REASONS[code]) || 'other';
}

/** Twilio's link to an error code's documentation (delivery reports send only the code). */
export const twilioErrorLink = (code: number) => `https://www.twilio.com/docs/errors/${code}`;

/** Twilio's message statuses (answers and delivery reports) as an SMS's state; null for statuses that say nothing. */
export function twilioState(status: string | undefined): SmsState | null {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/** Where Twilio reports the delivery of the SMS we send: the public address of this server. */
export const smsStatusCallbackUrl = (publicUrl: string) => `${publicUrl}${API_BASE}/sms/status`;

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the full URL
 * Twilio called followed by every POST parameter's name and value, sorted by name (a repeated name's values sorted
 * too). Compared in constant time.
 */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) {
    for (const value of [...new Set(params.getAll(name))].sort()) data += name + value;
  }
  const expected = crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Waits before the retries of an SMS that Twilio refused for load (429) or its own fault (5xx). */
export const SMS_RETRY_DELAYS_MS = [500, 1_000, 2_000];
const MAX_RETRY_WAIT_MS = 5_000;

/** Twilio's Messages API: form fields To, From, Body with Basic auth. */
function twilio(config: Config['twilio'], statusCallback: string): SmsProvider {
  const { accountSid, authToken, from, apiBase } = config;
  return {
    name: 'twilio',
    async send(to, body) {
      if (!accountSid || !authToken || !from) {
        throw new SmsError('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)', {
          reason: 'provider_credentials',
        });
      }
      const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
      const request = () =>
        fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          // Twilio reports the delivery to StatusCallback (POST /sms/status), signed with the auth token.
          body: new URLSearchParams({ To: to, From: from, Body: body, StatusCallback: statusCallback }),
          signal: AbortSignal.timeout(10_000),
        });
      const attempt = async () => {
        try {
          return await request();
        } catch (failure) {
          // No answer at all (refused connection, timeout): the provider is unreachable.
          const text = failure instanceof Error ? failure.message : String(failure);
          throw new SmsError(`Twilio could not be reached: ${text}`, { reason: 'provider_unavailable' });
        }
      };
      let res = await attempt();
      // Too many requests or a fault on Twilio's side: tried again with growing waits, as Twilio's own client does.
      for (let retry = 0; retry < SMS_RETRY_DELAYS_MS.length && (res.status === 429 || res.status >= 500); retry++) {
        const asked = Number(res.headers.get('retry-after')) * 1000;
        const wait = Math.min(asked > 0 ? asked : SMS_RETRY_DELAYS_MS[retry]!, MAX_RETRY_WAIT_MS);
        await res.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait * (0.5 + Math.random() / 2)));
        res = await attempt();
      }
      const answer = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        message?: string;
        code?: number;
        more_info?: string;
      };
      if (!res.ok) {
        // Twilio's error code, message and documentation link stay with the SMS, so a reader can tell "not a valid
        // number" (21211) from "Twilio is down" (5xx).
        const code = typeof answer.code === 'number' ? answer.code : null;
        const providerMessage = typeof answer.message === 'string' ? answer.message : null;
        const moreInfo = typeof answer.more_info === 'string' ? answer.more_info : null;
        const detail = code ? ` (code ${code}${moreInfo ? `, ${moreInfo}` : ''})` : '';
        throw new SmsError(`Twilio answered ${res.status}${detail}${providerMessage ? `: ${providerMessage}` : ''}`, {
          code,
          providerMessage,
          moreInfo,
          reason: twilioErrorReason(code, res.status),
        });
      }
      return { providerId: answer.sid ?? null, state: twilioState(answer.status) ?? 'sent' };
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
      return { providerId: null, state: 'sent' };
    },
  };
}

export function createSmsProvider(config: Config, log: Logger): SmsProvider {
  return config.smsProvider === 'twilio'
    ? twilio(config.twilio, smsStatusCallbackUrl(config.publicUrl))
    : logProvider(config.dataDir, log);
}

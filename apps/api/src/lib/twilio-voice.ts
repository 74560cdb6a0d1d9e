import { SMS_RETRY_DELAYS_MS, SmsError, twilioErrorReason } from './sms';
import type { Config } from '../config';

/** Twilio's Programmable Voice: starting a call (the Calls API) and the TwiML its calls run. */

export type TwilioCallRequest = {
  /** The number Twilio rings first. */
  to: string;
  /** Where Twilio fetches the TwiML to run when that number answers (POST, signed). */
  url: string;
  /** Where Twilio reports the call's progress (POST, signed). */
  statusCallback: string;
};

/** The events of a call Twilio reports to its StatusCallback. */
export const CALL_STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

/** Whether Twilio is set up for calls: the account, its token and the number calls come from. */
export function twilioVoiceReady(config: Config['twilio']): boolean {
  return Boolean(config.accountSid && config.authToken && config.from);
}

/**
 * The Calls API's form (To, From, Url, Method, StatusCallback, StatusCallbackEvent once per event,
 * StatusCallbackMethod), as the official client sends `calls.create` with those options.
 */
export function callForm(from: string, request: TwilioCallRequest): URLSearchParams {
  // The official client's order: its parameters as it lists them, each event repeated, Url last.
  const form = new URLSearchParams({
    To: request.to,
    From: from,
    Method: 'POST',
    StatusCallback: request.statusCallback,
  });
  for (const event of CALL_STATUS_EVENTS) form.append('StatusCallbackEvent', event);
  form.append('StatusCallbackMethod', 'POST');
  form.append('Url', request.url);
  return form;
}

/** Starts a call through Twilio and answers its CallSid; a refusal throws an SmsError with Twilio's reason. */
export async function startTwilioCall(config: Config['twilio'], request: TwilioCallRequest): Promise<string> {
  const { accountSid, authToken, from, apiBase } = config;
  if (!accountSid || !authToken || !from) {
    throw new SmsError('Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)', {
      reason: 'provider_credentials',
    });
  }
  const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Calls.json`;
  const send = async () => {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'accept-charset': 'utf-8',
        },
        body: callForm(from, request),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : String(failure);
      throw new SmsError(`Twilio could not be reached: ${text}`, { reason: 'provider_unavailable' });
    }
  };
  let res = await send();
  for (let retry = 0; retry < SMS_RETRY_DELAYS_MS.length && (res.status === 429 || res.status >= 500); retry++) {
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, SMS_RETRY_DELAYS_MS[retry]! * (0.5 + Math.random() / 2)));
    res = await send();
  }
  const answer = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
  if (!res.ok || !answer.sid) {
    const code = typeof answer.code === 'number' ? answer.code : null;
    throw new SmsError(`Twilio answered ${res.status}${answer.message ? `: ${answer.message}` : ''}`, {
      code,
      providerMessage: answer.message ?? null,
      reason: twilioErrorReason(code, res.status),
    });
  }
  return answer.sid;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** TwiML that dials a number from the company's Twilio number (what twilio's VoiceResponse writes). */
export function dialTwiml(callerId: string, number: string): string {
  return `${XML_HEAD}<Response><Dial callerId="${xmlEscape(callerId)}">${xmlEscape(number)}</Dial></Response>`;
}

/** TwiML that does nothing (an SMS that needs no answer, a call that cannot be placed). */
export const EMPTY_TWIML = `${XML_HEAD}<Response/>`;

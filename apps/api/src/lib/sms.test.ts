import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import twilio from 'twilio';
import { SMS_RETRY_DELAYS_MS, SmsError, createSmsProvider, verifyTwilioSignature } from './sms';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
let answers: Answer[] = [];
let requests = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests += 1;
      const answer = answers.shift() ?? { status: 201, body: { sid: 'SMok' } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
});

function provider() {
  const config = loadConfig({
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'secret',
    TWILIO_FROM: '+4930999',
    TWILIO_API_BASE: base,
  });
  return createSmsProvider(config, createLogger('silent'));
}

describe('the Twilio provider', () => {
  it('tries again after 429 and 5xx, and succeeds when Twilio recovers', async () => {
    requests = 0;
    answers = [
      { status: 503, body: { code: 20500, message: 'Internal Server Error' } },
      { status: 429, body: { code: 20429, message: 'Too Many Requests' }, headers: { 'retry-after': '1' } },
    ];
    await expect(provider().send('+4917012345', 'Hallo')).resolves.toEqual({ providerId: 'SMok', state: 'sent' });
    expect(requests).toBe(3);
  });

  it('gives up after its retries with the last answer', async () => {
    requests = 0;
    answers = Array.from({ length: SMS_RETRY_DELAYS_MS.length + 1 }, () => ({
      status: 500,
      body: { code: 20500, message: 'Internal Server Error' },
    }));
    await expect(provider().send('+4917012345', 'Hallo')).rejects.toMatchObject({
      message: expect.stringMatching(/^Twilio answered 500 \(code 20500\)/),
      reason: 'provider_unavailable',
    });
    expect(requests).toBe(SMS_RETRY_DELAYS_MS.length + 1);
  }, 20_000);

  it('keeps Twilio’s code and link with a refusal, and does not retry it', async () => {
    requests = 0;
    answers = [
      {
        status: 400,
        body: {
          code: 21211,
          message: "The 'To' number +49170 is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
        },
      },
    ];
    const refusal = await provider()
      .send('+49170', 'Hallo')
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SmsError);
    expect(refusal).toMatchObject({
      message:
        "Twilio answered 400 (code 21211, https://www.twilio.com/docs/errors/21211): The 'To' number +49170 is not a valid phone number.",
      code: 21211,
      providerMessage: "The 'To' number +49170 is not a valid phone number.",
      moreInfo: 'https://www.twilio.com/docs/errors/21211',
      reason: 'invalid_number',
    });
    expect(requests).toBe(1);
  });

  it('tells a provider that cannot be reached apart from a refusal', async () => {
    const config = loadConfig({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+4930999',
      TWILIO_API_BASE: 'http://127.0.0.1:1',
    });
    await expect(createSmsProvider(config, createLogger('silent')).send('+4917012345', 'Hallo')).rejects.toMatchObject({
      reason: 'provider_unavailable',
      code: null,
    });
    const unconfigured = loadConfig({ SMS_PROVIDER: 'twilio' });
    await expect(
      createSmsProvider(unconfigured, createLogger('silent')).send('+4917012345', 'Hallo'),
    ).rejects.toMatchObject({ reason: 'provider_credentials' });
  });
});

describe('the Twilio request signature', () => {
  const url = 'https://portal.example.com/api/v2/sms/status';
  const params = { MessageSid: 'SM1', MessageStatus: 'delivered', ErrorCode: '', Body: 'Grüße & mehr = 100%' };

  it('accepts what Twilio’s own library signs, and nothing else', () => {
    const form = new URLSearchParams(params);
    const signature = twilio.getExpectedTwilioSignature('token', url, params);
    expect(twilio.validateRequest('token', signature, url, params)).toBe(true);
    expect(verifyTwilioSignature('token', url, form, signature)).toBe(true);
    expect(verifyTwilioSignature('other', url, form, signature)).toBe(false);
    expect(verifyTwilioSignature('token', `${url}?x=1`, form, signature)).toBe(false);
    expect(
      verifyTwilioSignature('token', url, new URLSearchParams({ ...params, MessageStatus: 'sent' }), signature),
    ).toBe(false);
    expect(verifyTwilioSignature('token', url, form, undefined)).toBe(false);
    expect(verifyTwilioSignature('token', url, form, signature.slice(0, -4))).toBe(false);
  });

  it('signs repeated parameters as Twilio does', () => {
    const form = new URLSearchParams([
      ['To', '+2'],
      ['To', '+1'],
      ['A', 'x'],
    ]);
    const signature = twilio.getExpectedTwilioSignature('token', url, { To: ['+2', '+1'], A: 'x' });
    expect(verifyTwilioSignature('token', url, form, signature)).toBe(true);
  });
});

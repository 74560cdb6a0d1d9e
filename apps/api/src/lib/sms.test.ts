import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { SMS_RETRY_DELAYS_MS, createSmsProvider } from './sms';

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
    await expect(provider().send('+4917012345', 'Hallo')).resolves.toEqual({ providerId: 'SMok' });
    expect(requests).toBe(3);
  });

  it('gives up after its retries with the last answer', async () => {
    requests = 0;
    answers = Array.from({ length: SMS_RETRY_DELAYS_MS.length + 1 }, () => ({
      status: 500,
      body: { code: 20500, message: 'Internal Server Error' },
    }));
    await expect(provider().send('+4917012345', 'Hallo')).rejects.toThrow(/^Twilio answered 500 \(code 20500\)/);
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
    await expect(provider().send('+49170', 'Hallo')).rejects.toThrow(
      "Twilio answered 400 (code 21211, https://www.twilio.com/docs/errors/21211): The 'To' number +49170 is not a valid phone number.",
    );
    expect(requests).toBe(1);
  });
});

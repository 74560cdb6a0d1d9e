import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import Retell from 'retell-sdk';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { elevenLabsSignature, retellSignature } from './platform-signatures';
import { ELEVENLABS_TOLERANCE_MS, RETELL_TOLERANCE_MS, verifyElevenLabs, verifyRetell, verifyVapi } from './verifiers';

const body = JSON.stringify({ event: 'call_ended', call: { call_id: 'c-1', transcript: 'Grüße aus Köln – ✓' } });
const KEY = 'key_retell_0123456789abcdef';
const SECRET = 'wsec_0123456789abcdef0123456789abcdef';
const elevenlabs = new ElevenLabsClient({ apiKey: 'unused' });

/** Whether the ElevenLabs SDK accepts the request. */
const sdkAccepts = (raw: string, header: string, secret: string) =>
  elevenlabs.webhooks.constructEvent(raw, header, secret).then(
    () => true,
    () => false,
  );

describe('the platforms’ signatures, checked as their SDKs check them', () => {
  it('Retell: agrees with Retell.verify on fresh, tampered, stale, future and malformed signatures', async () => {
    const now = Date.now();
    const cases: { header: string; raw?: string; key?: string }[] = [
      { header: await Retell.sign(body, KEY) },
      { header: retellSignature(body, KEY, now - RETELL_TOLERANCE_MS + 2000) },
      { header: retellSignature(body, KEY, now + RETELL_TOLERANCE_MS - 2000) },
      { header: retellSignature(body, KEY, now - RETELL_TOLERANCE_MS - 2000) },
      { header: retellSignature(body, KEY, now + RETELL_TOLERANCE_MS + 2000) },
      { header: await Retell.sign(body, KEY), raw: `${body} ` },
      { header: await Retell.sign(body, KEY), key: 'another-key' },
      { header: (await Retell.sign(body, KEY)).toUpperCase().replace('V=', 'v=').replace(',D=', ',d=') },
      { header: 'v=abc,d=00' },
      { header: '' },
    ];
    for (const { header, raw = body, key = KEY } of cases) {
      const sdk = await Retell.verify(raw, key, header);
      expect(verifyRetell({ raw, headers: { 'x-retell-signature': header }, now: Date.now() }, key), header).toBe(sdk);
    }
    expect(await Retell.verify(body, KEY, cases[0]!.header)).toBe(true);
  });

  it('ElevenLabs: agrees with webhooks.constructEvent on fresh, tampered, stale and malformed signatures', async () => {
    const seconds = Math.floor(Date.now() / 1000);
    const cases: { header: string; raw?: string; secret?: string }[] = [
      { header: elevenLabsSignature(body, SECRET) },
      { header: elevenLabsSignature(body, SECRET, seconds - ELEVENLABS_TOLERANCE_MS / 1000 + 60) },
      { header: elevenLabsSignature(body, SECRET, seconds - ELEVENLABS_TOLERANCE_MS / 1000 - 60) },
      { header: elevenLabsSignature(body, SECRET, seconds + 3600) },
      { header: elevenLabsSignature(body, SECRET), raw: body.replace('Köln', 'Bonn') },
      { header: elevenLabsSignature(body, SECRET), secret: 'another-secret' },
      { header: elevenLabsSignature(body, SECRET).split(',').reverse().join(',') },
      { header: `t=${seconds}` },
      { header: '' },
    ];
    for (const { header, raw = body, secret = SECRET } of cases) {
      const sdk = await sdkAccepts(raw, header, secret);
      const ours = verifyElevenLabs({ raw, headers: { 'elevenlabs-signature': header }, now: Date.now() }, secret);
      expect(ours, header).toBe(sdk);
    }
    expect(await sdkAccepts(body, elevenLabsSignature(body, SECRET), SECRET)).toBe(true);
  });

  it('Vapi: the server URL’s secret must be sent exactly', () => {
    const request = (value?: string) => ({ raw: body, headers: { 'x-vapi-secret': value }, now: Date.now() });
    expect(verifyVapi(request(SECRET), SECRET)).toBe(true);
    expect(verifyVapi(request(`${SECRET}x`), SECRET)).toBe(false);
    expect(verifyVapi(request(SECRET.toUpperCase()), SECRET)).toBe(false);
    expect(verifyVapi(request(undefined), SECRET)).toBe(false);
    // The same token under the name Vapi's older documents give it.
    expect(verifyVapi({ raw: body, headers: { 'x-vapi-signature': SECRET }, now: Date.now() }, SECRET)).toBe(true);
  });

  it('Vapi: an HMAC credential with Vapi’s defaults (x-signature of "timestamp.body", x-timestamp)', () => {
    const hmac = (stamp: string, raw = body, secret = SECRET) =>
      crypto.createHmac('sha256', secret).update(`${stamp}.${raw}`).digest('hex');
    const signed = (stamp: string, signature = hmac(stamp)) => ({
      raw: body,
      headers: { 'x-signature': signature, 'x-timestamp': stamp },
      now: Date.now(),
    });
    const seconds = String(Math.floor(Date.now() / 1000));
    const ms = String(Date.now());
    expect(verifyVapi(signed(seconds), SECRET)).toBe(true);
    expect(verifyVapi(signed(ms), SECRET)).toBe(true);
    expect(verifyVapi(signed(seconds, `sha256=${hmac(seconds)}`), SECRET)).toBe(true);
    expect(verifyVapi(signed(seconds, hmac(seconds, `${body} `)), SECRET)).toBe(false);
    expect(verifyVapi(signed(seconds, hmac(seconds, body, 'other')), SECRET)).toBe(false);
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect(verifyVapi(signed(old), SECRET)).toBe(false);
    expect(verifyVapi(signed('abc', hmac('abc')), SECRET)).toBe(false);
  });
});

import crypto from 'node:crypto';
import type { PlatformSource } from '@phonebot/shared/phonebots';

/**
 * The platforms' own checks of a request, written with node:crypto, each exactly as the platform's SDK does it (the
 * tests compare them with the SDKs): over the raw body, with the SDK's time tolerance.
 */

/** The request as a verifier sees it: its raw body, its headers (lower case), and now. */
export type SignedRequest = { raw: string; headers: Record<string, string | string[] | undefined>; now: number };

const hmacHex = (secret: string, input: string) => crypto.createHmac('sha256', secret).update(input).digest('hex');

/** Compares in constant time; texts of different lengths differ. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function header(request: SignedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Retell's signature may be at most this far from now, either way (`Retell.verify`: five minutes). */
export const RETELL_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Retell: `x-retell-signature: v=<milliseconds>,d=<hex HMAC-SHA256 of body + milliseconds>`, keyed with the Retell
 * API key, the time within five minutes of now.
 */
export function verifyRetell(request: SignedRequest, apiKey: string): boolean {
  const match = /^v=(\d+),d=([0-9a-f]{64})$/i.exec(header(request, 'x-retell-signature') ?? '');
  if (!match) return false;
  const stamp = Number(match[1]);
  if (!Number.isSafeInteger(stamp) || Math.abs(request.now - stamp) > RETELL_TOLERANCE_MS) return false;
  return sameText(hmacHex(apiKey, request.raw + match[1]), match[2]!.toLowerCase());
}

/** ElevenLabs takes a signature up to 30 minutes old (`webhooks.constructEvent`). */
export const ELEVENLABS_TOLERANCE_MS = 30 * 60 * 1000;

/**
 * ElevenLabs: `ElevenLabs-Signature: t=<seconds>,v0=<hex HMAC-SHA256 of "t.body">`, keyed with the webhook's secret,
 * the time at most 30 minutes in the past.
 */
export function verifyElevenLabs(request: SignedRequest, secret: string): boolean {
  const parts = (header(request, 'elevenlabs-signature') ?? '').split(',');
  const stamp = parts.find((part) => part.startsWith('t='))?.slice(2);
  const signature = parts.find((part) => part.startsWith('v0='));
  if (!stamp || !signature) return false;
  if (Number(stamp) * 1000 < request.now - ELEVENLABS_TOLERANCE_MS) return false;
  return sameText(`v0=${hmacHex(secret, `${stamp}.${request.raw}`)}`, signature);
}

/** Vapi's HMAC credential: a signature at most this far from now (Vapi names no window; the Retell one is taken). */
export const VAPI_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * Vapi: the server URL's secret, sent with every server message as `X-Vapi-Secret` (Vapi's older documents name the
 * same token `X-Vapi-Signature`); or, where an HMAC credential is configured with Vapi's defaults, `x-signature`: the
 * hex HMAC-SHA256 of `"<x-timestamp>.<body>"`, the time (seconds or milliseconds) within five minutes of now.
 */
export function verifyVapi(request: SignedRequest, secret: string): boolean {
  const token = header(request, 'x-vapi-secret') ?? header(request, 'x-vapi-signature');
  if (token !== undefined) return sameText(token, secret);
  const signature = header(request, 'x-signature');
  const stamp = header(request, 'x-timestamp');
  if (!signature || !stamp || !/^\d{1,16}$/.test(stamp)) return false;
  const ms = stamp.length > 11 ? Number(stamp) : Number(stamp) * 1000;
  if (Math.abs(request.now - ms) > VAPI_TOLERANCE_MS) return false;
  return sameText(hmacHex(secret, `${stamp}.${request.raw}`), signature.replace(/^sha256=/, '').toLowerCase());
}

export const VERIFIERS: Record<PlatformSource, (request: SignedRequest, secret: string) => boolean> = {
  retell: verifyRetell,
  elevenlabs: verifyElevenLabs,
  vapi: verifyVapi,
};

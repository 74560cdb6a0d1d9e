import crypto from 'node:crypto';

/**
 * Signatures as the platforms make them, for tests and the docs' examples: ElevenLabs has no signing function in
 * its SDK, so its header is made here as ElevenLabs documents it (the tests check that the SDK accepts it).
 */
export function elevenLabsSignature(raw: string, secret: string, seconds = Math.floor(Date.now() / 1000)): string {
  return `t=${seconds},v0=${crypto.createHmac('sha256', secret).update(`${seconds}.${raw}`).digest('hex')}`;
}

/** Retell's header for a body at a given time (what `Retell.sign` makes for now). */
export function retellSignature(raw: string, apiKey: string, ms = Date.now()): string {
  return `v=${ms},d=${crypto
    .createHmac('sha256', apiKey)
    .update(raw + ms)
    .digest('hex')}`;
}

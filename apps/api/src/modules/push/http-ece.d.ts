/** The part of http_ece (RFC 8188's reference implementation; no types of its own) the push tests use to decrypt. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}

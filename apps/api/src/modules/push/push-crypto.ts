import crypto from 'node:crypto';

/**
 * The two pieces of Web Push cryptography, with node:crypto only: the message encryption of RFC 8291 (the
 * `aes128gcm` content coding of RFC 8188, one record) and the VAPID JWT of RFC 8292 (ES256).
 */

/** A VAPID key pair: the P-256 public key uncompressed (65 bytes) and the private scalar (32 bytes), base64url. */
export type VapidKeys = { publicKey: string; privateKey: string };

const RECORD_SIZE = 4096;

/** A new P-256 key pair in the form VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** The private key as node:crypto signs with it; throws when the two halves are not one P-256 key pair. */
export function vapidSigningKey(keys: VapidKeys): crypto.KeyObject {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  const derived = ecdh.getPublicKey();
  if (!derived.equals(Buffer.from(keys.publicKey, 'base64url'))) {
    throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  }
  return crypto.createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: keys.privateKey,
      x: derived.subarray(1, 33).toString('base64url'),
      y: derived.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * The `Authorization` header of a push to `endpoint` (RFC 8292): a JWT signed with ES256 whose audience is the push
 * service's origin, valid for 12 hours, naming the contact `subject`, and the public key beside it.
 */
export function vapidAuthorization(
  endpoint: string,
  keys: { publicKey: string; signingKey: crypto.KeyObject },
  subject: string,
  now = Date.now(),
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: subject };
  const unsigned = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  const signature = crypto.sign('sha256', Buffer.from(unsigned), { key: keys.signingKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${keys.publicKey}`;
}

/** Whether a browser's p256dh is a point on P-256 (a key nothing can be encrypted for is refused when stored). */
export function isPushPublicKey(p256dh: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Encrypts a message for a browser (RFC 8291): an ephemeral ECDH key with the browser's p256dh, mixed with its auth
 * secret, gives the content key and nonce of one aes128gcm record, whose header carries the salt and the ephemeral
 * public key. Answers the body to POST with `Content-Encoding: aes128gcm`.
 */
export function encryptPush(plaintext: Buffer, subscription: { p256dh: string; auth: string }): Buffer {
  const uaPublic = Buffer.from(subscription.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.auth, 'base64url');
  const ephemeral = crypto.createECDH('prime256v1');
  const asPublic = ephemeral.generateKeys();
  const ecdhSecret = ephemeral.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const salt = crypto.randomBytes(16);
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // The one (and last) record: the message, then its delimiter 0x02 and no padding.
  const sealed = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, sealed, cipher.getAuthTag()]);
}

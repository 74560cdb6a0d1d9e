import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Encrypts third-party secrets at rest with AES-256-GCM; the field name is bound in as associated data. */
export type SecretBox = {
  encrypt: (plain: string, context: string) => string;
  decrypt: (sealed: string, context: string) => string;
  /** A key for another purpose (e.g. signing checkout data), derived so it never equals the encryption key. */
  derive: (purpose: string) => Buffer;
};

const KEY_FILE = 'secrets.key';

/**
 * The key comes from SECRETS_KEY (32 bytes, base64). Without it a development key is generated once into the data
 * directory (readable only by the owner), so a fresh machine works; production sets SECRETS_KEY.
 */
export function loadSecretsKey(secretsKey: string | undefined, dataDir: string): { key: Buffer; generated: boolean } {
  if (secretsKey) {
    const key = Buffer.from(secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 random bytes in base64 (openssl rand -base64 32)');
    return { key, generated: false };
  }
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return { key, generated: false };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, generated: true };
}

export function createSecretBox(key: Buffer): SecretBox {
  return {
    derive(purpose) {
      return Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));
    },
    encrypt(plain, context) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        ciphertext.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unknown secret format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

import crypto from 'node:crypto';
import { API_BASE } from '@phonebot/shared';
import { DAY } from '../../db/time';

/**
 * Known devices: a device on which an account's password was entered before carries a signed mark (a cookie), so
 * failed sign-ins from it are counted on their own (lib/sign-in-limits.ts) and an attack from many addresses does
 * not lock the owner out.
 */

/** The cookie that marks a device on which an account's password was entered (docs/decisions.md). */
const DEVICE_COOKIE = 'pbp_device';
const DEVICE_COOKIE_PATH = `${API_BASE}/login`;
const DEVICE_COOKIE_DAYS = 365;
/** Accounts one device is known for at most (the newest sign-ins). */
const DEVICE_ACCOUNTS = 5;
const DEVICE_PART = '[A-Za-z0-9_-]{22}';
const DEVICE_VALUE = new RegExp(`^${DEVICE_PART}(?:\\.${DEVICE_PART}){0,${DEVICE_ACCOUNTS}}$`);

/** A device's mark as its cookie carries it: the device's random id and a signature per account it knows. */
export type DeviceMark = { id: string; marks: string[] };

/** How a sign-in reads and renews the device mark of the client (the cookie header, and a Set-Cookie to send). */
export type DeviceCookie = { header: string | undefined; set: (setCookie: string) => void };

export function readDeviceMark(cookieHeader: string | undefined): DeviceMark | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    if (!DEVICE_VALUE.test(value)) return undefined;
    const [id, ...marks] = value.split('.');
    return { id: id!, marks };
  }
  return undefined;
}

/**
 * The signature that this device knows this account, bound to the account's password: setting a new password (a
 * reset after a break-in) makes every device a stranger again until the password is entered on it.
 */
function deviceSignature(key: Buffer, deviceId: string, user: { id: number; password_hash: string | null }): string {
  return crypto
    .createHmac('sha256', key)
    .update(`login-device|${deviceId}|${user.id}|${user.password_hash ?? ''}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function knownDevice(
  key: Buffer,
  device: DeviceMark | undefined,
  user: { id: number; password_hash: string | null } | undefined,
): boolean {
  if (!device || !user) return false;
  const expected = Buffer.from(deviceSignature(key, device.id, user));
  return device.marks.some((mark) => {
    const given = Buffer.from(mark);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** The Set-Cookie of a device that just passed the password step of `user`: its known accounts, newest first. */
export function deviceSetCookie(
  deps: { deviceKey: Buffer; publicUrl: string },
  device: DeviceMark | undefined,
  user: { id: number; password_hash: string | null },
): string {
  const id = device?.id ?? crypto.randomBytes(16).toString('base64url');
  const mark = deviceSignature(deps.deviceKey, id, user);
  const marks = [mark, ...(device?.marks ?? []).filter((m) => m !== mark)].slice(0, DEVICE_ACCOUNTS);
  const secure = deps.publicUrl.startsWith('https:') ? '; Secure' : '';
  return (
    `${DEVICE_COOKIE}=${[id, ...marks].join('.')}; Max-Age=${(DEVICE_COOKIE_DAYS * DAY) / 1000}; ` +
    `Path=${DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`
  );
}

import { describe, expect, it } from 'vitest';
import { decodeGuestId, editGuestPath } from './guest-link';

describe('EditGuest route parameter', () => {
  it('is base64 of the user id', () => {
    expect(editGuestPath(15)).toBe(`/editguest/${encodeURIComponent(btoa('15'))}`);
    expect(decodeGuestId(btoa('15'))).toBe(15);
    expect(decodeGuestId(encodeURIComponent(btoa('123456')))).toBe(123456);
  });

  it('rejects anything but a positive whole number', () => {
    for (const bad of [undefined, '', '***', btoa('0'), btoa('-1'), btoa('1.5'), btoa('abc'), btoa('01')]) {
      expect(decodeGuestId(bad)).toBeNull();
    }
  });
});

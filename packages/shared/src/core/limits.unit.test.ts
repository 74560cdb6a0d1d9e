import { describe, expect, it } from 'vitest';
import { smsSegments } from '../calls/schema';
import { idParamSchema } from './fields';
import { maskProviderKey } from '../phonebots/schema';
import { smsAllowedNumbersSchema, smsRecipientAllowed } from '../profile/schema';

describe('maskProviderKey', () => {
  it('shows at most the last 4 characters', () => {
    expect(maskProviderKey('sk-test-abcdefghijklmnopqrstuvwxyz0123456789')).toBe('...6789');
    expect(maskProviderKey('sk-12345678')).toBe('...');
    expect(maskProviderKey('')).toBe('');
    expect(maskProviderKey(null)).toBe('');
  });
});

describe('ids', () => {
  it('are decimal digits only', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(idParamSchema.parse({ id: 42 })).toEqual({ id: 42 });
    for (const id of ['1e3', '0x10', '+1', '-1', '1.5', ' 1', '01', '0', '', '9999999999999999'])
      expect(idParamSchema.safeParse({ id }).success, id).toBe(false);
  });
});

describe('SMS', () => {
  it('counts parts as GSM-7 (160, then 153 each) or UCS-2 (70, then 67 each)', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(459)).segments).toBe(3);
    expect(smsSegments('a'.repeat(460)).segments).toBe(4);
    // Extension characters take two septets; umlauts of the default alphabet one.
    expect(smsSegments('€'.repeat(80)).segments).toBe(1);
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
    expect(smsSegments('äöüß'.repeat(40)).segments).toBe(1);
    expect(smsSegments('ą'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('ą'.repeat(201)).segments).toBe(3);
    expect(smsSegments('😀'.repeat(101)).segments).toBe(4);
  });

  it('goes to the caller or an allowed number or prefix only', () => {
    const allowed = smsAllowedNumbersSchema.parse(['+49 30 1234', '+4940', '+4940']);
    expect(allowed).toEqual(['+49301234', '+4940']);
    expect(smsRecipientAllowed('+4917000000', '+4917000000', [])).toBe(true);
    expect(smsRecipientAllowed('+493012345678', '+4917000000', allowed)).toBe(true);
    expect(smsRecipientAllowed('+88213456789', '+4917000000', allowed)).toBe(false);
    expect(smsAllowedNumbersSchema.safeParse(['0900 123']).success).toBe(false);
  });
});

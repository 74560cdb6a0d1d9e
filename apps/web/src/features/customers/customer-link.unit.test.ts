import { describe, expect, it } from 'vitest';
import { decodeCustomerId, editCustomerPath } from './customer-link';

const segment = (path: string) => decodeURIComponent(path.split('/').pop() ?? '');

describe('EditCustomer route parameter', () => {
  it('is base64 of the JSON {userId, email}, as the spec and the earlier client wrote it', () => {
    const path = editCustomerPath({ userId: 42, email: 'owner@example.com' });
    expect(segment(path)).toBe(btoa(JSON.stringify({ userId: 42, email: 'owner@example.com' })));
    expect(decodeCustomerId(segment(path))).toEqual({ userId: 42, email: 'owner@example.com' });
  });

  it('survives base64 characters that are special in a path, and a non-ASCII address', () => {
    const link = { userId: 7, email: 'jürgen???>>@example.com' };
    const path = editCustomerPath(link);
    expect(segment(path)).toMatch(/[/+]/);
    expect(path.slice('/editcustomer/'.length)).not.toMatch(/[/+]/);
    expect(decodeCustomerId(segment(path))).toEqual(link);
    // A segment whose encoding was doubled on the way still decodes.
    expect(decodeCustomerId(path.split('/').pop())).toEqual(link);
  });

  it('accepts a numeric string id and rejects anything else', () => {
    expect(decodeCustomerId(btoa(JSON.stringify({ userId: '12', email: 'a@b.c' })))).toEqual({
      userId: 12,
      email: 'a@b.c',
    });
    expect(decodeCustomerId(undefined)).toBeNull();
    expect(decodeCustomerId('')).toBeNull();
    expect(decodeCustomerId('not base64!')).toBeNull();
    expect(decodeCustomerId(btoa('not json'))).toBeNull();
    expect(decodeCustomerId(btoa(JSON.stringify({ userId: 0, email: 'a@b.c' })))).toBeNull();
    expect(decodeCustomerId(btoa(JSON.stringify({ userId: -3 })))).toBeNull();
    expect(decodeCustomerId(btoa(JSON.stringify({ email: 'a@b.c' })))).toBeNull();
    expect(decodeCustomerId(btoa(JSON.stringify([1, 2])))).toBeNull();
  });
});

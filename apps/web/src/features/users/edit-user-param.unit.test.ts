import { describe, expect, it } from 'vitest';
import { editUserPath, parseEditUserParam } from './edit-user-param';

describe('the Update User route parameter', () => {
  it('reads back what the list links to, decoded by the router or not', () => {
    const segment = editUserPath({ id: 42, email: 'a/b+c@example.com' }).slice('/edituser/'.length);
    expect(segment).not.toContain('/');
    // No dot: the server serves the app only for paths without a file extension.
    expect(segment).not.toContain('.');
    expect(parseEditUserParam(decodeURIComponent(segment))).toEqual({ userId: 42, userEmail: 'a/b+c@example.com' });
    expect(parseEditUserParam(segment)).toEqual({ userId: 42, userEmail: 'a/b+c@example.com' });
  });

  it('accepts a numeric string id and a missing e-mail', () => {
    expect(parseEditUserParam('{"userId":"7"}')).toEqual({ userId: 7, userEmail: '' });
  });

  it('refuses anything that names no positive user id', () => {
    for (const raw of [
      undefined,
      '',
      'abc',
      '%E0%A4%A',
      'null',
      '[1]',
      '{"userId":0}',
      '{"userId":-3}',
      '{"userId":1.5}',
      '{"userId":"1e3"}',
      '{"userId":true}',
      '{"userEmail":"x@example.com"}',
      '{"userId":99999999999999999999}',
    ]) {
      expect(parseEditUserParam(raw), String(raw)).toBeNull();
    }
  });
});

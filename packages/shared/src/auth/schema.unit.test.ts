import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema, resetFormSchema } from './schema';
import { parseListQuery } from '../core/list-query';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('gives the required messages for empty fields', () => {
    expect(firstMessages(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
    });
  });

  it('tells an invalid address from a missing one and lower-cases addresses', () => {
    expect(firstMessages(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual({ email: 'emailInvalid' });
    expect(loginSchema.parse({ email: ' Jane@Example.COM ', password: 'x' }).email).toBe('jane@example.com');
  });

  it('checks length and confirmation of a new password', () => {
    const short = registerFormSchema.safeParse({
      company_name: 'A GmbH',
      name: 'A',
      email: 'a@b.de',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(firstMessages(short)).toEqual({ password: 'passwordMin' });
    const mismatch = resetFormSchema.safeParse({ newPassword: 'long-enough', confirmPassword: 'different' });
    expect(firstMessages(mismatch)).toEqual({ confirmPassword: 'passwordsMismatch' });
    const missing = resetFormSchema.safeParse({ newPassword: 'long-enough', confirmPassword: '' });
    expect(firstMessages(missing)).toEqual({ confirmPassword: 'confirmPasswordRequired' });
  });

  it('asks the company name on the form, and only optionally on the wire', () => {
    const form = registerFormSchema.safeParse({
      name: 'A',
      email: 'a@b.de',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    });
    expect(firstMessages(form)).toEqual({ company_name: 'companyNameRequired' });
    const wire = { name: 'A', email: 'a@b.de', password: 'long-enough', password_confirmation: 'long-enough' };
    expect(registerSchema.parse(wire).company_name).toBeUndefined();
    expect(registerSchema.parse({ ...wire, company_name: '  A GmbH ' }).company_name).toBe('A GmbH');
  });

  it('never trims a password', () => {
    expect(loginSchema.parse({ email: 'a@b.de', password: '  spaced  ' }).password).toBe('  spaced  ');
  });
});

describe('list query', () => {
  it('falls back to defaults for bad values', () => {
    expect(parseListQuery({ page: '0', per_page: '1000', sort: 'x;y', date: '2026-13' })).toEqual({
      page: 1,
      per_page: 20,
    });
    expect(parseListQuery({ page: '3', per_page: 'all', sort: '-created_at', date: '2026-11-21' })).toEqual({
      page: 3,
      per_page: 'all',
      sort: '-created_at',
      date: '2026-11-21',
    });
  });
});

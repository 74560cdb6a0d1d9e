import { describe, expect, it } from 'vitest';
import { formatDate, formatDue, intlLocale } from './dates';

// A fixed local time, so the assertions do not depend on the machine's time zone.
const afternoon = new Date(2026, 10, 23, 15, 12);

describe('formatDate', () => {
  it('writes dates and times the way each language does', () => {
    expect(formatDate(afternoon, 'de')).toBe('23.11.2026, 15:12');
    expect(formatDate(afternoon, 'de', 'date')).toBe('23.11.2026');
    expect(formatDate(afternoon, 'de', 'month')).toBe('November 2026');
    expect(formatDate(afternoon, 'en-GB')).toBe('23 Nov 2026, 15:12');
    expect(formatDate(afternoon, 'en-US', 'date')).toBe('Nov 23, 2026');
    expect(formatDate(afternoon, 'en-US', 'month')).toBe('November 2026');
  });

  it('reads ISO timestamps and gives nothing for a missing or broken one', () => {
    expect(formatDate(afternoon.toISOString(), 'de')).toBe('23.11.2026, 15:12');
    expect(formatDate(null, 'de')).toBe('');
    expect(formatDate('', 'de')).toBe('');
    expect(formatDate('not a date', 'de')).toBe('');
  });
});

describe('intlLocale', () => {
  it('uses the browser’s variant of the chosen language, else the language itself', () => {
    expect(intlLocale('en', ['de-DE', 'en-GB', 'en-US'])).toBe('en-GB');
    expect(intlLocale('de', ['de-AT', 'en'])).toBe('de-AT');
    expect(intlLocale('de', ['en-US'])).toBe('de');
    expect(intlLocale('en', [])).toBe('en');
  });
});

describe('formatDue', () => {
  // Local times, so the assertions hold in any time zone.
  const friday = new Date(2026, 11, 11, 18, 0);
  const monday = new Date(2026, 11, 14, 9, 0);

  it('names a deadline within a week by its weekday and time', () => {
    expect(formatDue(monday.toISOString(), 'en-GB', friday)).toBe('Mon 09:00');
    expect(formatDue(monday, 'en-US', friday)).toBe('Mon 09:00');
    expect(formatDue(monday.toISOString(), 'de', friday)).toBe('Mo 09:00');
  });

  it('names an overdue deadline of the last days the same way', () => {
    expect(formatDue(friday.toISOString(), 'en-GB', monday)).toBe('Fri 18:00');
  });

  it('names a deadline further away by its day and month', () => {
    const later = new Date(2026, 11, 23, 7, 5);
    expect(formatDue(later.toISOString(), 'en-GB', friday)).toBe('23 Dec 07:05');
    expect(formatDue(later.toISOString(), 'de', friday)).toBe('23. Dez. 07:05');
  });

  it('gives nothing for a call without a deadline', () => {
    expect(formatDue(null, 'en')).toBe('');
    expect(formatDue('nonsense', 'en')).toBe('');
  });
});

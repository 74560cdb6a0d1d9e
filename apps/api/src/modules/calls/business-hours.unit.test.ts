import { describe, expect, it } from 'vitest';
import { type BusinessHours, businessHoursSchema } from '@phonebot/shared/customers';
import { addBusinessMinutes, zonedMoment } from './business-hours';

const office = (week: BusinessHours['week'] | Partial<BusinessHours['week']>, holidays: string[] = []) =>
  businessHoursSchema.parse({ time_zone: 'Europe/Berlin', week, holidays });

const weekdays = (intervals: [string, string][]) => ({
  mon: intervals,
  tue: intervals,
  wed: intervals,
  thu: intervals,
  fri: intervals,
});

describe('addBusinessMinutes', () => {
  const hours = office(weekdays([['08:00', '17:00']]));

  it('counts a call after closing on Friday from Monday’s opening', () => {
    // Friday 11 December 2026, 18:00 in Berlin (CET, UTC+1): 60 minutes are due Monday at 09:00.
    expect(addBusinessMinutes('2026-12-11T17:00:00.000Z', 60, hours)).toBe('2026-12-14T08:00:00.000Z');
  });

  it('counts from the arrival while open, and carries the rest over to the next day', () => {
    expect(addBusinessMinutes('2026-12-09T09:00:00.000Z', 30, hours)).toBe('2026-12-09T09:30:00.000Z');
    // Wednesday 16:30: 30 minutes that day, 30 on Thursday from 08:00.
    expect(addBusinessMinutes('2026-12-09T15:30:00.000Z', 60, hours)).toBe('2026-12-10T07:30:00.000Z');
    // A full day (1,440 minutes) is two working days of nine hours and six hours of the third.
    expect(addBusinessMinutes('2026-12-07T07:00:00.000Z', 1440, hours)).toBe('2026-12-09T13:00:00.000Z');
  });

  it('counts a call before opening from the opening', () => {
    expect(addBusinessMinutes('2026-12-09T05:00:00.000Z', 60, hours)).toBe('2026-12-09T08:00:00.000Z');
  });

  it('skips holidays', () => {
    const christmas = office(weekdays([['08:00', '17:00']]), ['2026-12-24', '2026-12-25']);
    // Wednesday 23 December, 16:30: 30 minutes that day, the rest on Monday 28 December.
    expect(addBusinessMinutes('2026-12-23T15:30:00.000Z', 60, christmas)).toBe('2026-12-28T07:30:00.000Z');
  });

  it('counts intervals split over lunch', () => {
    const split = office(
      weekdays([
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ]),
    );
    // 11:30 + 60 minutes: 30 before lunch, 30 after.
    expect(addBusinessMinutes('2026-12-09T10:30:00.000Z', 60, split)).toBe('2026-12-09T12:30:00.000Z');
    // Arriving during lunch counts from 13:00.
    expect(addBusinessMinutes('2026-12-09T11:15:00.000Z', 15, split)).toBe('2026-12-09T12:15:00.000Z');
  });

  it('follows the clocks across the weekend they change', () => {
    // Friday 27 March 2026, 16:30 CET: 30 minutes on Friday, 30 on Monday 30 March from 08:00 CEST (UTC+2).
    expect(addBusinessMinutes('2026-03-27T15:30:00.000Z', 60, hours)).toBe('2026-03-30T06:30:00.000Z');
    // Friday 23 October 2026, 16:30 CEST: Monday 26 October opens at 08:00 CET (UTC+1).
    expect(addBusinessMinutes('2026-10-23T14:30:00.000Z', 60, hours)).toBe('2026-10-26T07:30:00.000Z');
  });

  it('gives a night interval across the spring change its real length', () => {
    const night = office({ sun: [['00:00', '06:00']] });
    // Sunday 29 March 2026 00:00-06:00 in Berlin lasts five hours: 00:00 CET is 23:00Z, 06:00 CEST 04:00Z.
    expect(addBusinessMinutes('2026-03-28T23:00:00.000Z', 300, night)).toBe('2026-03-29T04:00:00.000Z');
    // A sixth hour is the next Sunday's first.
    expect(addBusinessMinutes('2026-03-28T23:00:00.000Z', 360, night)).toBe('2026-04-04T23:00:00.000Z');
  });

  it('reads each company’s own time zone', () => {
    const newYork = businessHoursSchema.parse({ time_zone: 'America/New_York', week: weekdays([['09:00', '17:00']]) });
    // Friday 11 December 2026, 17:30 in New York (UTC-5): due Monday 10:00 there.
    expect(addBusinessMinutes('2026-12-11T22:30:00.000Z', 60, newYork)).toBe('2026-12-14T15:00:00.000Z');
  });

  it('counts an interval to midnight and a day without intervals', () => {
    const weekend = office({ sat: [['20:00', '24:00']] });
    expect(addBusinessMinutes('2026-12-12T19:00:00.000Z', 240, weekend)).toBe('2026-12-12T23:00:00.000Z');
    expect(addBusinessMinutes('2026-12-12T19:00:00.000Z', 241, weekend)).toBe('2026-12-19T19:01:00.000Z');
  });
});

describe('zonedMoment', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

  it('reads a local time the clocks skip as just after the change', () => {
    expect(new Date(zonedMoment(day('2026-03-29'), 150, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('reads ordinary local times in summer and in winter', () => {
    expect(new Date(zonedMoment(day('2026-07-01'), 9 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(new Date(zonedMoment(day('2026-12-01'), 9 * 60, 'Europe/Berlin')).toISOString()).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });
});

describe('businessHoursSchema', () => {
  const valid = {
    time_zone: 'europe/berlin',
    week: {
      mon: [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ],
    },
  };

  it('takes a valid week and writes it out in full', () => {
    const parsed = businessHoursSchema.parse({ ...valid, holidays: ['2026-12-25', '2026-12-24', '2026-12-25'] });
    expect(parsed.time_zone).toBe('Europe/Berlin');
    expect(parsed.week.tue).toEqual([]);
    expect(parsed.holidays).toEqual(['2026-12-24', '2026-12-25']);
  });

  it.each([
    [{ ...valid, time_zone: 'Mars/Olympus' }, 'businessHoursTimeZoneInvalid'],
    [{ ...valid, week: { mon: [['12:00', '08:00']] } }, 'businessHoursIntervalsInvalid'],
    [
      {
        ...valid,
        week: {
          mon: [
            ['08:00', '12:00'],
            ['11:00', '17:00'],
          ],
        },
      },
      'businessHoursIntervalsInvalid',
    ],
    [
      {
        ...valid,
        week: {
          mon: [
            ['13:00', '17:00'],
            ['08:00', '12:00'],
          ],
        },
      },
      'businessHoursIntervalsInvalid',
    ],
    [{ ...valid, week: { mon: [['8:00', '12:00']] } }, 'businessHoursIntervalsInvalid'],
    [{ ...valid, week: { mon: [['08:00', '24:01']] } }, 'businessHoursIntervalsInvalid'],
    [{ ...valid, week: { monday: [['08:00', '12:00']] } }, 'businessHoursIntervalsInvalid'],
    [{ ...valid, week: {} }, 'businessHoursEmpty'],
    [{ ...valid, holidays: ['2026-02-30'] }, 'businessHoursHolidaysInvalid'],
    [{ ...valid, holidays: ['25.12.2026'] }, 'businessHoursHolidaysInvalid'],
  ])('refuses %j', (input, message) => {
    const parsed = businessHoursSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

import { z } from 'zod';
import type { MessageKey } from '../core/messages';

/**
 * A company's business hours: its time zone, the opening intervals of each weekday (local "HH:MM", "24:00" ends a
 * day) and the days it is closed. When set, callback deadlines count business minutes only; null: around the clock.
 */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The most intervals one weekday may have, and the most holidays a company may list. */
export const BUSINESS_INTERVALS_MAX = 8;
export const BUSINESS_HOLIDAYS_MAX = 400;

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Minutes since midnight of a local "HH:MM". */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Whether the runtime knows this IANA time zone; answers its canonical name (`europe/berlin` → `Europe/Berlin`). */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Whether a YYYY-MM-DD names a day of the calendar (2026-02-30 does not). */
export function isCalendarDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const message = (key: MessageKey) => ({ error: () => key });

const timeSchema = z.string(message('businessHoursIntervalsInvalid')).regex(TIME, 'businessHoursIntervalsInvalid');

const intervalSchema = z
  .tuple([timeSchema, timeSchema], message('businessHoursIntervalsInvalid'))
  .refine(([start, end]) => minutesOfTime(start) < minutesOfTime(end), 'businessHoursIntervalsInvalid');

/** One weekday's intervals: each starts before it ends, in order, none overlapping the one before. */
const daySchema = z
  .array(intervalSchema, message('businessHoursIntervalsInvalid'))
  .max(BUSINESS_INTERVALS_MAX, 'businessHoursIntervalsInvalid')
  .refine(
    (intervals) =>
      intervals.every((interval, i) => i === 0 || minutesOfTime(interval[0]) >= minutesOfTime(intervals[i - 1]![1])),
    'businessHoursIntervalsInvalid',
  );

const weekSchema = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, daySchema.optional()])) as Record<
      Weekday,
      z.ZodOptional<typeof daySchema>
    >,
    message('businessHoursIntervalsInvalid'),
  )
  .transform(
    (week) => Object.fromEntries(WEEKDAYS.map((day) => [day, week[day] ?? []])) as Record<Weekday, [string, string][]>,
  )
  .refine((week) => WEEKDAYS.some((day) => week[day].length > 0), 'businessHoursEmpty');

export const businessHoursSchema = z.strictObject(
  {
    time_zone: z.string(message('businessHoursTimeZoneInvalid')).transform((zone, ctx) => {
      const canonical = canonicalTimeZone(zone);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: 'businessHoursTimeZoneInvalid' satisfies MessageKey });
      return z.NEVER;
    }),
    week: weekSchema,
    holidays: z
      .array(
        z.string(message('businessHoursHolidaysInvalid')).refine(isCalendarDay, 'businessHoursHolidaysInvalid'),
        message('businessHoursHolidaysInvalid'),
      )
      .max(BUSINESS_HOLIDAYS_MAX, 'businessHoursHolidaysInvalid')
      .default([])
      .transform((days) => [...new Set(days)].sort()),
  },
  message('businessHoursIntervalsInvalid'),
);
export type BusinessHours = z.output<typeof businessHoursSchema>;

/** Stored business hours (JSON), or null when there are none or what is stored does not read. */
export function parseBusinessHours(stored: string | null | undefined): BusinessHours | null {
  if (!stored) return null;
  try {
    const parsed = businessHoursSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** As the API answers it: every weekday named, the holidays in order. */
export const businessHoursAttributesSchema = z
  .object({
    time_zone: z.string(),
    week: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(z.tuple([z.string(), z.string()]))])) as Record<
        Weekday,
        z.ZodArray<z.ZodTuple<[z.ZodString, z.ZodString]>>
      >,
    ),
    holidays: z.array(z.string()),
  })
  .nullable();

/** How a country writes its phone numbers: its calling code, its trunk prefix (none: '') and its international prefix. */
export type PhoneCountry = { code: string; trunk: string; international: string };

/** The countries a company's phone numbers can be read for (the call search's number normalisation). */
export const PHONE_COUNTRIES = {
  DE: { code: '49', trunk: '0', international: '00' },
  AT: { code: '43', trunk: '0', international: '00' },
  CH: { code: '41', trunk: '0', international: '00' },
  LI: { code: '423', trunk: '', international: '00' },
  LU: { code: '352', trunk: '', international: '00' },
  NL: { code: '31', trunk: '0', international: '00' },
  BE: { code: '32', trunk: '0', international: '00' },
  FR: { code: '33', trunk: '0', international: '00' },
  IT: { code: '39', trunk: '', international: '00' },
  ES: { code: '34', trunk: '', international: '00' },
  PT: { code: '351', trunk: '', international: '00' },
  PL: { code: '48', trunk: '', international: '00' },
  CZ: { code: '420', trunk: '', international: '00' },
  DK: { code: '45', trunk: '', international: '00' },
  SE: { code: '46', trunk: '0', international: '00' },
  NO: { code: '47', trunk: '', international: '00' },
  FI: { code: '358', trunk: '0', international: '00' },
  GB: { code: '44', trunk: '0', international: '00' },
  IE: { code: '353', trunk: '0', international: '00' },
  US: { code: '1', trunk: '1', international: '011' },
  CA: { code: '1', trunk: '1', international: '011' },
} as const satisfies Record<string, PhoneCountry>;
export type PhoneCountryCode = keyof typeof PHONE_COUNTRIES;

/** A company's country for reading phone numbers: ISO 3166-1 alpha-2 (any case), one of PHONE_COUNTRIES. */
export const DEFAULT_COUNTRY: PhoneCountryCode = 'DE';
export const defaultCountrySchema = z
  .string(message('defaultCountryInvalid'))
  .transform((code) => code.trim().toUpperCase())
  .refine((code): code is PhoneCountryCode => Object.hasOwn(PHONE_COUNTRIES, code), 'defaultCountryInvalid');

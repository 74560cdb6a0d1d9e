import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BusinessHours, WEEKDAYS, type Weekday, businessHoursSchema } from '@phonebot/shared/customers';
import { profileRoutes } from '@phonebot/shared/profile';
import { callApi } from '../../lib/api-client';
import { companyKeys } from './api';

/** The business hours as the editor holds them: each interval as two texts, the holidays one per line. */
export type HoursDraft = {
  enabled: boolean;
  time_zone: string;
  week: Record<Weekday, { from: string; until: string }[]>;
  holidays: string;
};

const OFFICE = { from: '08:00', until: '17:00' };

/** The hours as the API answers them (the profile's and a customer's `business_hours`); null: switched off. */
export type StoredHours = {
  time_zone: string;
  week: Record<Weekday, readonly (readonly unknown[])[]>;
  holidays: string[];
};

/** The stored hours as a draft; without any, a working week of 08:00-17:00 in the browser's time zone, switched off. */
export function draftOf(hours: StoredHours | null, browserZone: string): HoursDraft {
  if (!hours) {
    const week = Object.fromEntries(
      WEEKDAYS.map((day) => [day, day === 'sat' || day === 'sun' ? [] : [{ ...OFFICE }]]),
    ) as HoursDraft['week'];
    return { enabled: false, time_zone: browserZone, week, holidays: '' };
  }
  const week = Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      hours.week[day].map(([from, until]) => ({ from: String(from ?? ''), until: String(until ?? '') })),
    ]),
  ) as HoursDraft['week'];
  return { enabled: true, time_zone: hours.time_zone, week, holidays: hours.holidays.join('\n') };
}

/**
 * The draft as the API takes it, checked with the contract's schema: null when switched off, else the hours, or the
 * message key of the first problem.
 */
export function hoursOf(draft: HoursDraft): { hours: BusinessHours | null } | { error: string } {
  if (!draft.enabled) return { hours: null };
  const parsed = businessHoursSchema.safeParse({
    time_zone: draft.time_zone.trim(),
    week: Object.fromEntries(
      WEEKDAYS.map((day) => [day, draft.week[day].map(({ from, until }) => [from.trim(), until.trim()])]),
    ),
    holidays: draft.holidays
      .split(/[\s,;]+/)
      .map((day) => day.trim())
      .filter(Boolean),
  });
  return parsed.success ? { hours: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'invalidInput' };
}

/** Saves only the business hours (null: around the clock). */
export function useUpdateBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hours: BusinessHours | null) =>
      (
        await callApi(profileRoutes.updateCompanyProfile, {
          body: { data: { type: 'profile' as const, attributes: { business_hours: hours } } },
        })
      ).data.attributes,
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.profile(), saved),
  });
}

/** Every time zone the browser knows, for the picker (the stored one first when the browser lacks it). */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

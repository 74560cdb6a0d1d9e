import { useTranslation } from 'react-i18next';

/**
 * Dates and times as the user's language writes them, through Intl, in the browser's time zone. English follows the
 * browser's own English (en-GB writes 23 Nov 2026, en-US Nov 23, 2026); German writes 23.11.2026, 15:12.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The Intl locale for an interface language: the browser's variant of that language when it has one. */
export function intlLocale(language: string, preferred: readonly string[] = browserLanguages()): string {
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language;
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const formats = {
  /** Date and time of day: tables, notes, audit entries. */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** A calendar day. */
  date: { dateStyle: 'medium' },
  /** A month of a year (Calls History). */
  month: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof formats;

/**
 * One Intl.DateTimeFormat per locale and format: building one costs far more than formatting with it, and a call
 * list formats two or three dates per row.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${name}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** Formats an ISO timestamp (or a Date) in `locale`; an empty or invalid value gives ''. */
export function formatDate(value: string | Date | null | undefined, locale: string, format: DateFormat = 'dateTime') {
  const date = value instanceof Date ? value : parse(value);
  return date ? formatter(locale, format, formats[format]).format(date) : '';
}

/** The formatter of the current interface language: `format(iso)`, `format(iso, 'date')`, `format(date, 'month')`. */
export function useFormatDate(): (value: string | Date | null | undefined, format?: DateFormat) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.resolvedLanguage ?? 'en');
  return (value, format) => formatDate(value, locale, format);
}

/** Call screens' YYYY-MM-DD,HH:MM, until they format with formatDate. */
export function formatTableDate(iso: string | null | undefined): string {
  const d = parse(iso);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())},${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Call screens' day, short month, hour:minute (e.g. "21 Nov, 14:05"), until they format with formatDate. */
export function formatCallDate(iso: string | null | undefined, language: string): string {
  const d = parse(iso);
  if (!d) return '';
  const day = formatter(language, 'callDay', { day: 'numeric', month: 'short' }).format(d);
  return `${day}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const DUE_WEEK_MS = 6 * 24 * 60 * 60 * 1000;

/**
 * A callback deadline as a list row names it, short and in the browser's time zone: the weekday and time within a
 * week either way of `now` ("Mon 09:00", German "Mo 09:00"), else the day and month with the time ("23 Nov 09:00");
 * an empty or invalid value gives ''. The row adds its own word ("due …").
 */
export function formatDue(value: string | Date | null | undefined, locale: string, now: Date = new Date()): string {
  const date = value instanceof Date ? value : parse(value);
  if (!date) return '';
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const near = Math.abs(date.getTime() - now.getTime()) < DUE_WEEK_MS;
  const day = near
    ? formatter(locale, 'dueWeekday', { weekday: 'short' }).format(date)
    : formatter(locale, 'dueDay', { day: 'numeric', month: 'short' }).format(date);
  return `${day} ${time}`;
}

/**
 * Builds the call list's date formats for `language` ahead of its first rows (a call screen that is starting calls it
 * while it waits for its answers): the first Intl.DateTimeFormat of a page loads the locale's data and costs far more
 * than the next, and a row is drawn in one piece.
 */
export function prepareCallDates(language: string): void {
  const now = new Date();
  formatCallDate(now.toISOString(), language);
  formatDue(now, intlLocale(language), now);
  formatDue(new Date(now.getTime() + 2 * DUE_WEEK_MS), intlLocale(language), now);
}

/** Date display of SPEC §9, in the browser's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Customers and phonebot tables: YYYY-MM-DD,HH:MM. */
export function formatTableDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())},${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Calls lists: day, short month, hour:minute (e.g. "21 Nov, 14:05"), in the interface language. */
export function formatCallDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(d);
  return `${day}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A local calendar day as YYYY-MM-DD (the API's `date` parameter). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

import { PAYMENT_STATUS } from '@phonebot/shared/phonebots';
import type { UsageAttributes } from '@phonebot/shared/usage';
import { toCsv } from './csv';

export type PaymentState = keyof typeof PAYMENT_STATUS | 'unknown' | 'deleted';

/** The payment state of a row: the phonebot's payment_status by name, `deleted` once the phonebot is gone. */
export function paymentState(row: Pick<UsageAttributes, 'payment_status' | 'license_key'>): PaymentState {
  if (row.license_key === null || row.payment_status === null) return 'deleted';
  const found = Object.entries(PAYMENT_STATUS).find(([, code]) => code === row.payment_status);
  return found ? (found[0] as keyof typeof PAYMENT_STATUS) : 'unknown';
}

/** The rows whose customer, phonebot or subscription contains the search, ignoring case. */
export function filterUsage(rows: readonly UsageAttributes[], search: string | undefined): UsageAttributes[] {
  const term = search?.trim().toLowerCase() ?? '';
  if (term === '') return [...rows];
  return rows.filter((row) =>
    [row.customer_name, row.phonebot, row.subscription_id ?? ''].some((text) => text.toLowerCase().includes(term)),
  );
}

/**
 * The export: one line per phonebot with its payment state and calls in each month (oldest first, the chosen month
 * last). The header is English in every interface language, so scripts can read the file.
 */
export function usageCsv(rows: readonly UsageAttributes[], months: readonly string[]): string {
  return toCsv(
    ['Customer Name', 'Phonebot', 'License Key', 'Payment Status', 'Paddle Subscription', ...months],
    rows.map((row) => [
      row.customer_name,
      row.phonebot,
      row.license_key ?? '',
      paymentState(row),
      row.subscription_id ?? '',
      ...row.trend,
    ]),
  );
}

import { describe, expect, it } from 'vitest';
import type { UsageAttributes } from '@phonebot/shared/usage';
import { filterUsage, paymentState, usageCsv } from './usage';

const row = (patch: Partial<UsageAttributes>): UsageAttributes => ({
  customer_id: 1,
  customer_name: 'Müller GmbH',
  phonebot_id: 1,
  phonebot: 'Empfang',
  license_key: 'PB-1',
  payment_status: 1,
  subscription_id: 'sub_01abc',
  calls: 3,
  trend: [1, 2, 3],
  ...patch,
});

describe('usage rows', () => {
  it('name the payment state, and a deleted phonebot as such', () => {
    expect(paymentState(row({}))).toBe('active');
    expect(paymentState(row({ payment_status: 3 }))).toBe('past_due');
    expect(paymentState(row({ payment_status: 9 }))).toBe('unknown');
    expect(paymentState(row({ license_key: null, payment_status: null }))).toBe('deleted');
  });

  it('are found by customer, phonebot or subscription', () => {
    const rows = [row({}), row({ customer_name: 'Schmidt', phonebot: 'Notdienst', subscription_id: null })];
    expect(filterUsage(rows, 'müller')).toHaveLength(1);
    expect(filterUsage(rows, 'NOT')).toHaveLength(1);
    expect(filterUsage(rows, 'sub_01')).toHaveLength(1);
    expect(filterUsage(rows, ' ')).toHaveLength(2);
  });

  it('export every month with the payment state', () => {
    const csv = usageCsv(
      [row({}), row({ license_key: null, payment_status: null, subscription_id: null })],
      ['2026-01', '2026-02', '2026-03'],
    );
    expect(csv.split('\r\n')).toEqual([
      '"Customer Name","Phonebot","License Key","Payment Status","Paddle Subscription","2026-01","2026-02","2026-03"',
      '"Müller GmbH","Empfang","PB-1","active","sub_01abc","1","2","3"',
      '"Müller GmbH","Empfang","","deleted","","1","2","3"',
      '',
    ]);
  });
});

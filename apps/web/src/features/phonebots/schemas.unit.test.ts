import { describe, expect, it } from 'vitest';
import { PHONEBOT_DEFAULTS } from '@phonebot/shared/phonebots';
import { formValuesOf, lazyCreateFormSchema, lazyUpdateFormSchema, paymentStatusName, stripQuotes } from './schemas';
import type { PhonebotAttributes } from './api';

/** An answer as older servers sent it: flags as 1 or '1', numbers as text (hence the cast). */
const answer = (settings: Record<string, unknown>) =>
  ({
    license_Key: 'PB-1',
    bezeichnung: 'Desk',
    created_at: '2025-01-01T10:00:00Z',
    ...settings,
  }) as unknown as PhonebotAttributes;

describe('phonebot form values', () => {
  it('starts a new phonebot with the defaults of docs/product.md §9 and one empty category term', () => {
    const values = formValuesOf();
    expect(values.chatmodel).toBe('gpt-4o');
    expect(values.abort_time).toBe(30);
    expect(values.web_log_enabled).toBe(true);
    expect(values.sip_port).toBe('');
    expect(values.category_terms).toEqual(['']);
    expect(values.mcp_servers).toEqual([]);
    expect(Object.keys(values).sort()).toEqual(Object.keys(PHONEBOT_DEFAULTS).sort());
  });

  it('shows flags sent as 1 or "1" as booleans, keeps secrets empty and reads both transfer spellings', () => {
    const values = formValuesOf(
      answer({
        realtime_api: 1,
        useSRTP: '1',
        web_log_enabled: '0',
        attendedtransfer: 1,
        sip_port: '5060',
        apen_ai_key: '...qrst',
        category_terms: ['Sales', 7],
        mcp_servers: [{ url: 'https://mcp.example.com' }, { nope: true }],
      }),
    );
    expect(values).toMatchObject({
      realtime_api: true,
      useSRTP: true,
      web_log_enabled: false,
      attendedTransfer: true,
      sip_port: 5060,
      apen_ai_key: '',
      sip_passwd: '',
      category_terms: ['Sales'],
      mcp_servers: [{ url: 'https://mcp.example.com' }],
    });
  });

  it('strips double quotes around a category term only when they wrap it', () => {
    expect(stripQuotes('"Sales"')).toBe('Sales');
    expect(stripQuotes('"')).toBe('"');
    expect(stripQuotes('"Sal')).toBe('"Sal');
    expect(stripQuotes('Sales')).toBe('Sales');
  });

  it('validates with the shared schema: empty terms and MCP rows dropped, bounds reported at their field', async () => {
    const create = await lazyCreateFormSchema.load();
    const values = { ...formValuesOf(), bezeichnung: ' Desk ', category_terms: ['Sales', '', 'Support'] };
    const parsed = create.parse({ ...values, mcp_servers: [{ url: '' }] });
    expect(parsed).toMatchObject({ bezeichnung: 'Desk', category_terms: ['Sales', 'Support'], mcp_servers: [] });

    const update = await lazyUpdateFormSchema.load();
    const bad = update.safeParse({ ...values, sip_port: 70000 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sip_port', 'outOfRange'],
    ]);
  });

  it('names the payment status of docs/product.md §6', () => {
    expect([0, 1, 2, 3, 4, 9, undefined].map(paymentStatusName)).toEqual([
      'inactive',
      'active',
      'paused',
      'past_due',
      'canceled',
      'unknown',
      'unknown',
    ]);
  });
});

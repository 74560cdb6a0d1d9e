import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { CallerExportDocument } from '@phonebot/shared/callers';
import { exportFileName } from './export-file';
import { callerSummaryHtml } from './summary';

const t = ((key: string, options: Record<string, unknown> = {}) =>
  `${key.split('.').pop()}${Object.values(options)
    .map((v) => ` ${String(v)}`)
    .join('')}`) as unknown as TFunction;

const doc: CallerExportDocument = {
  data: [
    {
      type: 'calls',
      id: '7',
      attributes: {
        caller_number: '+4930123',
        response: [
          { action: 'UserRecognizedText', text: 'Hallo <script>alert(1)</script>' },
          { action: 'BotSaid', text: 'Guten Tag' },
        ],
        notes: [
          {
            type: 'notes',
            id: '1',
            attributes: { text: 'Rückruf & Angebot', created_at: '2026-11-01T10:00:00.000Z', author: 'Ann' },
          },
        ],
        sms: [],
        started_at: null,
        duration_s: 42,
        status: 'New',
        priority: 'Normal Callback',
        selected_category: null,
        phonebot_name: 'Empfang',
        created_at: '2026-11-01T09:00:00.000Z',
      } as unknown as CallerExportDocument['data'][number]['attributes'],
    },
  ],
  meta: {
    number: '+4930123',
    calls: 1,
    notes: 1,
    sms: 0,
    company_name: 'Firma "A"',
    exported_at: '2026-11-24T10:00:00.000Z',
  },
};

describe('the caller summary page', () => {
  it('shows every call with its conversation and notes, every value escaped', () => {
    const html = callerSummaryHtml(doc, t, 'de');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('heading +4930123');
    expect(html).toContain('counts 1 1 0');
    expect(html).toContain('Hallo &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Rückruf &amp; Angebot');
    expect(html).toContain('Firma &quot;A&quot;');
    expect(html).toContain('<strong>caller:</strong>');
    expect(html).toContain('<dd>42</dd>');
  });

  it('names the files by the number’s digits', () => {
    expect(exportFileName('+49 30/123', 'json')).toBe('caller-4930123.json');
  });
});

import { describe, expect, it } from 'vitest';
import { smsParts } from './sms-parts';
import { fillSmsTemplate } from './sms-template-values';

describe('SMS parts', () => {
  it('counts GSM-7 texts in 160, then 153 per part', () => {
    expect(smsParts('')).toMatchObject({ encoding: 'GSM-7', parts: 0, characters: 0, remaining: 160 });
    expect(smsParts('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', parts: 1, units: 160, remaining: 0 });
    expect(smsParts('a'.repeat(161))).toMatchObject({ parts: 2, perPart: 153, remaining: 145 });
    expect(smsParts('a'.repeat(306))).toMatchObject({ parts: 2, remaining: 0 });
    expect(smsParts('a'.repeat(307))).toMatchObject({ parts: 3 });
  });

  it('takes German umlauts as GSM-7 and counts extension characters twice', () => {
    expect(smsParts('Grüße aus Köln, Äpfel & Öl')).toMatchObject({ encoding: 'GSM-7', parts: 1 });
    expect(smsParts('€')).toMatchObject({ encoding: 'GSM-7', characters: 1, units: 2 });
    expect(smsParts('{'.repeat(80))).toMatchObject({ units: 160, parts: 1 });
    expect(smsParts('{'.repeat(81))).toMatchObject({ units: 162, parts: 2 });
  });

  it('switches to UCS-2 for any other character: 70, then 67 per part', () => {
    expect(smsParts('Привет')).toMatchObject({ encoding: 'UCS-2', parts: 1, perPart: 70, remaining: 64 });
    expect(smsParts(`${'a'.repeat(69)}ł`)).toMatchObject({ encoding: 'UCS-2', parts: 1, remaining: 0 });
    expect(smsParts(`${'a'.repeat(70)}ł`)).toMatchObject({ encoding: 'UCS-2', parts: 2, perPart: 67 });
    expect(smsParts('ç'.repeat(134))).toMatchObject({ parts: 2, remaining: 0 });
    expect(smsParts('ç'.repeat(135))).toMatchObject({ parts: 3 });
    // An emoji is one character to the user, two UCS-2 units to the network.
    expect(smsParts('Hi 👋')).toMatchObject({ encoding: 'UCS-2', characters: 4, units: 5 });
  });
});

describe('SMS templates', () => {
  it('fill their placeholders, leaving an unknown one out with its space', () => {
    const values = { caller_name: 'Frau Weber', company_name: 'Acme GmbH', user_name: 'Anna' };
    expect(fillSmsTemplate('Hello {caller_name}, {user_name} of {company_name} here.', values)).toBe(
      'Hello Frau Weber, Anna of Acme GmbH here.',
    );
    expect(fillSmsTemplate('Hello {caller_name}, we call back.', { ...values, caller_name: null })).toBe(
      'Hello, we call back.',
    );
    expect(fillSmsTemplate('{unknown} stays', values)).toBe('{unknown} stays');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('quotes every value and doubles quotes inside it', () => {
    expect(csvCell('Acme')).toBe('"Acme"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
  });

  it('keeps plain phone numbers as they are', () => {
    expect(csvCell('+491701234567')).toBe('"+491701234567"');
    expect(csvCell('+49 30 1234567')).toBe('"+49 30 1234567"');
    expect(csvCell('030 1234567')).toBe('"030 1234567"');
  });

  it('neutralises whatever a spreadsheet would run, phone-like or not', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1+1')).toBe('"\'+1+1"');
    expect(csvCell('+49-30-123')).toBe('"\'+49-30-123"');
    expect(csvCell('+49 (30) 123')).toBe('"\'+49 (30) 123"');
    expect(csvCell('+')).toBe('"\'+"');
    expect(csvCell('+ 49')).toBe('"\'+ 49"');
    expect(csvCell('+4930\tcmd')).toBe('"\'+4930\tcmd"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', '+4930', '=1'])).toBe('"a","+4930","\'=1"\r\n');
  });
});

describe('csvRow', () => {
  it('joins the cells with the reader’s list separator and ends the line with CRLF', () => {
    expect(csvRow(['a', 1, null])).toBe('"a","1",""\r\n');
    expect(csvRow(['a', 'b;c'], ';')).toBe('"a";"b;c"\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every value and doubles quotes inside it', () => {
    expect(csvCell('Acme')).toBe('"Acme"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell('Say "hi", please')).toBe('"Say ""hi"", please"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('""');
  });

  it('neutralises cells that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1+1')).toBe('"\'+1+1"');
    expect(csvCell('+49-30-123')).toBe('"\'+49-30-123"');
    expect(csvCell('+')).toBe('"\'+"');
    expect(csvCell('-2+3')).toBe('"\'-2+3"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
  });

  it('keeps plain phone numbers as they are', () => {
    expect(csvCell('+491701234567')).toBe('"+491701234567"');
    expect(csvCell('+49 30 1234567')).toBe('"+49 30 1234567"');
  });

  it('leaves those characters alone when they are not first', () => {
    expect(csvCell('A=B')).toBe('"A=B"');
    expect(csvCell('Müller & Söhne - Empfang')).toBe('"Müller & Söhne - Empfang"');
  });
});

describe('toCsv', () => {
  it('writes the header and the rows, one CRLF-terminated line each', () => {
    expect(
      toCsv(
        ['Customer Name', 'Phonebot', 'Number of Calls'],
        [
          ['Acme', 'Front Desk', 3],
          ['Acme', '=cmd', 0],
        ],
      ),
    ).toBe('"Customer Name","Phonebot","Number of Calls"\r\n"Acme","Front Desk","3"\r\n"Acme","\'=cmd","0"\r\n');
  });
});

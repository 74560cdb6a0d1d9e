/**
 * CSV for spreadsheets (RFC 4180): every value quoted, quotes doubled, lines ended by CRLF. A cell that starts with
 * =, +, -, @, tab or CR would run as a formula when the file is opened, so it gets a leading apostrophe; a plain
 * phone number (+, then digits and spaces) runs nothing and stays as it is, so importers read it unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_PHONE_NUMBER = /^\+\d[\d ]*$/;

export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_PHONE_NUMBER.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

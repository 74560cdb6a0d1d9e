/** What a spreadsheet would run as a formula: a cell starting with =, +, -, @, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain phone number (+, then digits and spaces) starts with + but runs nothing, and importers need it as it is. */
const PLAIN_PHONE_NUMBER = /^\+\d[\d ]*$/;

/**
 * One CSV cell per RFC 4180, always quoted. A cell that a spreadsheet would run as a formula gets a leading
 * apostrophe; a plain phone number stays as it is.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_PHONE_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * One CSV line. `separator` is the list separator of the reader's spreadsheet: `,` in English, `;` where the comma
 * is the decimal mark (German).
 */
export function csvRow(cells: unknown[], separator: ',' | ';' = ','): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

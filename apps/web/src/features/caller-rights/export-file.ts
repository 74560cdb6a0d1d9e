/** The file name of a caller's export: the number's letters and digits only. */
export function exportFileName(number: string, ext: 'json' | 'html'): string {
  return `caller-${number.replace(/[^0-9A-Za-z]+/g, '')}.${ext}`;
}

/**
 * Saves text as a file from the browser. The byte order mark lets spreadsheet programs read the file as UTF-8, so
 * umlauts in customer names survive.
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the blob only after the click handler returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

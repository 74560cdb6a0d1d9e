/**
 * Saves content as a file from the browser (an export, a list as CSV, recovery codes) through an object URL. The
 * link is in the document while it is clicked, and the URL is revoked a moment later: some browsers start reading
 * the blob only after the click handler returns.
 */
export function saveFile(fileName: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a file of the given media type. */
export function saveText(fileName: string, text: string, type: string): void {
  saveFile(fileName, new Blob([text], { type }));
}

/**
 * Saves CSV made in the browser. The byte order mark lets spreadsheet programs read the file as UTF-8, so umlauts
 * in customer names survive.
 */
export function saveCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

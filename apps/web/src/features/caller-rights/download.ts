/** Saves text as a file through an object URL (revoked once the download has started reading it). */
export function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a caller's export: the number's letters and digits only. */
export function exportFileName(number: string, ext: 'json' | 'html'): string {
  return `caller-${number.replace(/[^0-9A-Za-z]+/g, '')}.${ext}`;
}

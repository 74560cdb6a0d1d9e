import type { TFunction } from 'i18next';
import { saveText } from '../../lib/download';
import { fetchCallerExport } from './api';
import { exportFileName } from './export-file';
import { callerSummaryHtml } from './summary';

// Loaded when an export is asked for, so the call screens' first load carries none of it.

/** Saves everything the company keeps of a caller: as JSON, or as a readable HTML summary in `language`. */
export async function saveCallerExport(number: string, format: 'json' | 'html', t: TFunction, language: string) {
  const doc = await fetchCallerExport(number);
  if (format === 'json') {
    saveText(exportFileName(number, 'json'), `${JSON.stringify(doc, null, 2)}\n`, 'application/json');
  } else {
    saveText(exportFileName(number, 'html'), callerSummaryHtml(doc, t, language), 'text/html');
  }
}

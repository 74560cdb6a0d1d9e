import { callRoutes } from '@phonebot/shared/calls';
import { callApiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { currentLanguage } from '../../lib/i18n';
import { LIST_CONFIG, type CallListKind } from './constants';
import { apiQuery, type CallListParams } from './list-params';

// Loaded when the download is asked for, so the call screens' first load carries none of it.

/**
 * Downloads call_log.csv of a list (its view, search, day, filters and sort) from the server, which quotes the values
 * and neutralises formulas. It is written for a spreadsheet in the interface's language (German: semicolons),
 * with times in the company's time zone, else the browser's.
 */
export async function downloadCallLog(kind: CallListKind, params: CallListParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...listed } = apiQuery(params, kind);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = { view: LIST_CONFIG[kind].exportView, ...listed, lang: currentLanguage(), ...(tz ? { tz } : {}) };
  saveFile('call_log.csv', await callApiFile(callRoutes.exportCalls, 'text/csv', { query }));
}

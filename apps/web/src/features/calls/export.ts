import { callRoutes } from '@phonebot/shared/calls';
import { callApiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { LIST_CONFIG, type CallListKind } from './constants';
import { apiQuery, type CallListParams } from './list-params';

// Loaded when the download is asked for, so the call screens' first load carries none of it.

/**
 * Downloads call_log.csv of a list (its view, search, day, filters and sort) from the server, which quotes the values
 * and neutralises formulas.
 */
export async function downloadCallLog(kind: CallListKind, params: CallListParams): Promise<void> {
  const { page: _page, per_page: _perPage, ...listed } = apiQuery(params, kind);
  const query = { view: LIST_CONFIG[kind].exportView, ...listed };
  saveFile('call_log.csv', await callApiFile(callRoutes.exportCalls, 'text/csv', { query }));
}

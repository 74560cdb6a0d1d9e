import { isMessageKey } from '@phonebot/shared';
import { isApiError } from '../../lib/api-client';
import type { ErrorText } from '../../lib/api-errors';

/**
 * The first message per field of a 422 answer, keyed by the form's paths. Unlike lib/api-errors' fieldErrors this
 * keeps nested pointers whole (`/data/attributes/mcp_servers/0/url` -> `mcp_servers.0.url`), since the phonebot
 * form has lists. An error with the generic code `invalidInput` shows its own detail, which says more.
 */
export function formErrorsOf(error: unknown): Record<string, ErrorText> {
  const result: Record<string, ErrorText> = {};
  if (!isApiError(error)) return result;
  for (const item of error.errors) {
    const pointer = item.source?.pointer;
    if (!pointer) continue;
    const path = pointer
      .replace(/^\/data\/attributes/, '')
      .split('/')
      .filter(Boolean)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.');
    if (path === '' || path in result) continue;
    const text =
      isMessageKey(item.code) && !(item.code === 'invalidInput' && item.detail) ? item.code : item.detail || item.title;
    if (text) result[path === 'attendedtransfer' ? 'attendedTransfer' : path] = text;
  }
  return result;
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, contractQueryString } from '@phonebot/shared';
import { auditRoutes } from '@phonebot/shared/audit';
import { ApiError, callApi } from '../../lib/api-client';
import { getToken } from '../../lib/auth-token';

/** The audit log's filters as the screen keeps them in the address. */
export type AuditFilters = { user?: number; action?: string; from?: string; to?: string; page: number };

export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = { all: ['audit'] as const };

function query(filters: AuditFilters, withPage: boolean) {
  return {
    ...(filters.user !== undefined ? { user: filters.user } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(withPage ? { page: filters.page, per_page: AUDIT_PAGE_SIZE } : {}),
  };
}

export function useAuditEvents(filters: AuditFilters) {
  return useQuery({
    queryKey: [...auditKeys.all, filters],
    queryFn: ({ signal }) => callApi(auditRoutes.list, { query: query(filters, true) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads audit_log.csv of the filtered entries (the api client reads JSON only, so this fetches it itself). */
export async function downloadAuditLog(filters: AuditFilters): Promise<void> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${auditRoutes.export.path}${contractQueryString(query(filters, false))}`, {
    headers: { Accept: 'text/csv', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
  }).catch(() => {
    throw new ApiError(0, [
      { status: '0', code: 'serviceUnavailable', title: 'Unreachable', detail: 'The server could not be reached.' },
    ]);
  });
  if (!response.ok)
    throw new ApiError(response.status, [
      { status: String(response.status), title: response.statusText, detail: response.statusText },
    ]);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit_log.csv';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

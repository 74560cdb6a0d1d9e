import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditRoutes } from '@phonebot/shared/audit';
import { callApi, callApiFile } from '../../lib/api-client';
import { saveFile } from '../../lib/download';

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

/** Downloads audit_log.csv of the filtered entries. */
export async function downloadAuditLog(filters: AuditFilters): Promise<void> {
  saveFile('audit_log.csv', await callApiFile(auditRoutes.export, 'text/csv', { query: query(filters, false) }));
}

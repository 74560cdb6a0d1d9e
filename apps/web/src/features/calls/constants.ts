import { PAGE_SIZES_MAIN, PAGE_SIZES_SMALL } from '@phonebot/shared';

/**
 * docs/product.md §4 and §9: the dismissible notice 'Call logs are deleted after 30 days.' shows only when this flag is on.
 * Off by default, like the server's retention (CALL_RETENTION_DAYS unset): the notice must not promise a deletion
 * that the deployment does not do. Turn it on together with the retention.
 */
export const SHOW_RETENTION_NOTICE = false;

/** docs/product.md §9: the message preview shows this many characters, then '...'. */
export const PREVIEW_LENGTH = 20;

/** The call lists of docs/product.md §4: the full dashboard, new calls, completed calls and the simple dashboard. */
export type CallListKind = 'dashboard' | 'new' | 'completed' | 'simple';

export type PageSize = number | 'all';

type ListConfig = {
  /** The API's list endpoint. */
  path: string;
  /** The `view` of GET /calls/export that lists the same calls. */
  exportView: 'open' | 'new' | 'completed' | 'all';
  pageSizes: readonly PageSize[];
  defaultPageSize: PageSize;
};

/** docs/product.md §9 page sizes: main dashboard 20 (default), 50, 100, All; new and completed 5 (default) to All; simple 5. */
export const LIST_CONFIG: Record<CallListKind, ListConfig> = {
  dashboard: { path: '/callsview', exportView: 'open', pageSizes: PAGE_SIZES_MAIN, defaultPageSize: 20 },
  new: { path: '/newcalls', exportView: 'new', pageSizes: PAGE_SIZES_SMALL, defaultPageSize: 5 },
  completed: { path: '/completed', exportView: 'completed', pageSizes: PAGE_SIZES_SMALL, defaultPageSize: 5 },
  simple: { path: '/calls', exportView: 'all', pageSizes: [5], defaultPageSize: 5 },
};

/** Sort fields offered by the sort select of the new and completed screens (docs/product.md §4). */
export const TRIAGE_SORT_FIELDS = ['created_at', 'priority', 'status'] as const;

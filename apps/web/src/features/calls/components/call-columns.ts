import { DUE_SORT } from '../list-params';

/** The columns of the call table; each screen shows its own list of them. */
export type CallColumn =
  | 'phonebot'
  | 'priority'
  | 'caller'
  | 'status'
  | 'text'
  | 'action'
  | 'dateTime'
  | 'remove'
  | 'preview'
  | 'due'
  | 'owner'
  | 'recording'
  | 'menu';

/**
 * The inbox screens (dashboard, new and completed calls), one line per call: caller, the first words of the summary,
 * phonebot, priority, due, owner, status, the recording's length and the row's menu with every action of the spec.
 */
export const DENSE_COLUMNS: readonly CallColumn[] = [
  'caller',
  'preview',
  'phonebot',
  'priority',
  'due',
  'owner',
  'status',
  'recording',
  'menu',
];

/** docs/product.md §4, the simple variant: Phonebot, Caller, Text, Action, Date/Time, Remove. */
export const SIMPLE_COLUMNS: readonly CallColumn[] = ['phonebot', 'caller', 'text', 'action', 'dateTime', 'remove'];

/** Columns only someone who may change calls sees (a guest only reads the log). */
export const MANAGE_COLUMNS: ReadonlySet<CallColumn> = new Set(['remove']);

/** The columns whose header names live with the dense list's texts. */
export type DenseLabel = 'preview' | 'due' | 'owner' | 'recording' | 'menu';
export const DENSE_LABELS: ReadonlySet<CallColumn> = new Set<DenseLabel>([
  'preview',
  'due',
  'owner',
  'recording',
  'menu',
]);

/** The API's sort field of a column, for sortable headers. */
export const SORT_FIELDS: Partial<Record<CallColumn, string>> = {
  phonebot: 'phonebot',
  priority: 'priority',
  caller: 'caller_number',
  status: 'status',
  dateTime: 'created_at',
  due: DUE_SORT,
};

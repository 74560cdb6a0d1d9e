/** The columns of the call table; each screen shows its own list of them. */
export type CallColumn =
  | 'phonebot'
  | 'category'
  | 'priority'
  | 'phoneNumber'
  | 'caller'
  | 'status'
  | 'messagePreview'
  | 'text'
  | 'action'
  | 'notes'
  | 'dateTime'
  | 'actions'
  | 'remove';

/** docs/product.md §4, the full variant: phonebot, category, priority, phone number, status, message preview, notes, date/time, actions. */
export const FULL_COLUMNS: readonly CallColumn[] = [
  'phonebot',
  'category',
  'priority',
  'phoneNumber',
  'status',
  'messagePreview',
  'notes',
  'dateTime',
  'actions',
];

/** docs/product.md §4, the simple variant: Phonebot, Caller, Text, Action, Date/Time, Remove. */
export const SIMPLE_COLUMNS: readonly CallColumn[] = ['phonebot', 'caller', 'text', 'action', 'dateTime', 'remove'];

/** Columns only someone who may change calls sees (a guest only reads the log). */
export const MANAGE_COLUMNS: ReadonlySet<CallColumn> = new Set(['actions', 'remove']);

/** The API's sort field of a column, for sortable headers. */
export const SORT_FIELDS: Partial<Record<CallColumn, string>> = {
  phonebot: 'phonebot',
  category: 'category',
  priority: 'priority',
  phoneNumber: 'caller_number',
  caller: 'caller_number',
  status: 'status',
  dateTime: 'created_at',
};

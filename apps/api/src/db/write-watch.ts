import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Rows of a table and the columns whose change matters to a watcher (deleting a row always matters). */
export type WatchedTables = Readonly<Record<string, readonly string[]>>;

/**
 * The rows a signed-in session's check reads: its access token (revoked or deleted), its user (role, status,
 * company) and its company (status). Migration 20261124171318-session-rows-notify notifies the same changes on
 * PostgreSQL.
 */
export const SESSION_ROWS: WatchedTables = {
  access_tokens: ['revoked_reason', 'user_id'],
  users: ['role', 'status', 'customer_id'],
  customers: ['status'],
};

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

function columnName(node: OperationNode): string | undefined {
  if (node.kind !== 'ColumnNode') return undefined;
  return (node as unknown as { column: { name: string } }).column.name;
}

/**
 * Tells listeners when this process writes rows that matter to them: an update of a watched column, or a delete,
 * of a watched table. It sees every query built through this database handle (inside transactions too) at the
 * moment it is sent, before the commit; what other processes write arrives through the event transport instead.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Set<(table: string) => void>();

  constructor(private readonly tables: WatchedTables) {}

  onWrite(listener: (table: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.listeners.size > 0 && (node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode')) {
      const table = this.written(node);
      if (table) for (const listener of this.listeners) listener(table);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  private written(node: RootOperationNode): string | undefined {
    if (node.kind === 'DeleteQueryNode') {
      return node.from.froms.map(tableName).find((table) => table !== undefined && table in this.tables);
    }
    if (node.kind !== 'UpdateQueryNode') return undefined;
    const table = tableName(node.table);
    if (table === undefined || !(table in this.tables)) return undefined;
    const columns = this.tables[table]!;
    return node.updates?.some((update) => columns.includes(columnName(update.column) ?? '')) ? table : undefined;
  }
}

import { type Kysely, sql } from 'kysely';

const PREVIEW_LENGTH = 200;
const BATCH = 500;

type Turn = { text?: unknown; action?: unknown };

/** The caller's first words: the first caller turn with text, else the first turn with text (at most 200 characters). */
function previewOf(response: string): string {
  let turns: Turn[];
  try {
    const parsed: unknown = JSON.parse(response);
    turns = Array.isArray(parsed) ? (parsed as Turn[]) : [];
  } catch {
    turns = [];
  }
  const text = (turn: Turn) => (typeof turn?.text === 'string' ? turn.text : '');
  const first =
    turns.find((t) => typeof t?.action === 'string' && /user/i.test(t.action) && text(t).trim()) ??
    turns.find((t) => text(t).trim());
  return first ? text(first).slice(0, PREVIEW_LENGTH) : '';
}

/**
 * Keeps each call's preview in its own column, so the lists no longer read and parse whole conversations. Existing
 * rows are filled in batches by id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('calls')
    .addColumn('preview', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  for (let after = 0; ;) {
    const rows = (await db
      .selectFrom('calls')
      .select(['id', 'response'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as { id: number | string; response: string }[];
    if (rows.length === 0) break;
    const previews = rows.map((row) => ({ id: Number(row.id), preview: previewOf(row.response) }));
    const changed = previews.filter((row) => row.preview !== '');
    if (changed.length) {
      await db
        .updateTable('calls')
        .set({
          preview: sql`case ${sql.join(
            changed.map((row) => sql`when id = ${row.id} then ${row.preview}`),
            sql` `,
          )} else preview end`,
        })
        .where(
          'id',
          'in',
          changed.map((row) => row.id),
        )
        .execute();
    }
    after = previews[previews.length - 1]!.id;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('preview').execute();
}

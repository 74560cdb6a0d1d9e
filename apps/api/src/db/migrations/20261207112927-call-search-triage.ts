import { type Kysely, sql } from 'kysely';
import { columnTypes } from './dialect';

/**
 * PostgreSQL: each call's status, priority, category and phonebot beside its search document (`call_search.status`,
 * `.priority`, `.selected_category`, `.phonebot_id`), with indexes `(customer_id, status, priority)`,
 * `(customer_id, selected_category)` and `(customer_id, phonebot_id)`. A search within a view, a priority, a category
 * or a phonebot (the open inbox, its important calls) then intersects the word's GIN list with those indexes before
 * any document is read, instead of reading every match of the word and then its call to test the filter. A trigger
 * on `calls` keeps them as the call's in the statement that changes the call, whatever changes it (the product's
 * services, a seed, an operator's SQL); a new call's row copies them when it is indexed (search.index.ts). The table is written anew, as the migration `call-search-company-terms` did: quicker than
 * updating a million rows under their GIN index, and no dead rows. SQLite has nothing of it (FTS5 finds the rows by
 * the calls' own indexes).
 */

/** The columns of the call kept beside its document, as the list of an insert, and taken from the call `c`. */
const TRIAGE = 'status, priority, selected_category, phonebot_id, ';
const TRIAGE_OF_C = 'c.status, c.priority, c.selected_category, c.phonebot_id, ';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
async function rewrite(db: Kysely<any>, withTriage: boolean): Promise<void> {
  const triage = withTriage
    ? 'status text not null, priority text not null, selected_category text, phonebot_id integer not null,'
    : '';
  await sql
    .raw(
      `create table call_search_new (
    call_id bigint primary key references calls (id) on delete cascade,
    customer_id integer not null,
    created_at timestamptz not null,
    ${triage}
    document tsvector not null
  )`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into call_search_new (call_id, customer_id, created_at, ${withTriage ? TRIAGE : ''}document)
    select s.call_id, s.customer_id, s.created_at, ${withTriage ? TRIAGE_OF_C : ''}s.document
    from call_search s join calls c on c.id = s.call_id`,
    )
    .execute(db);
  // The swap as `call-search-company-terms` does it, written out again: migrations share no steps (docs/decisions.md).
  await sql`drop table call_search`.execute(db);
  await sql`alter table call_search_new rename to call_search`.execute(db);
  await sql`alter index call_search_new_pkey rename to call_search_pkey`.execute(db);
  await sql`alter table call_search rename constraint call_search_new_call_id_fkey to call_search_call_id_fkey`.execute(
    db,
  );
  await sql`create index call_search_document_idx on call_search using gin (document)`.execute(db);
  await sql`create index call_search_recent_idx on call_search (customer_id, created_at desc, call_id desc)`.execute(
    db,
  );
  if (withTriage) {
    await sql`create function call_search_triage() returns trigger language plpgsql as $$
      begin
        update call_search set status = new.status, priority = new.priority, selected_category = new.selected_category
        where call_id = new.id;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger call_search_triage after update of status, priority, selected_category on calls
      for each row
      when ((old.status, old.priority, old.selected_category)
        is distinct from (new.status, new.priority, new.selected_category))
      execute function call_search_triage()`.execute(db);
    await sql`create index call_search_triage_idx on call_search (customer_id, status, priority)`.execute(db);
    await sql`create index call_search_category_idx on call_search (customer_id, selected_category)`.execute(db);
    await sql`create index call_search_phonebot_idx on call_search (customer_id, phonebot_id)`.execute(db);
  }
  await sql`analyze call_search`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).isPostgres) await rewrite(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against Kysely<any> on purpose
export async function down(db: Kysely<any>): Promise<void> {
  if (!columnTypes(db).isPostgres) return;
  await sql`drop trigger call_search_triage on calls`.execute(db);
  await sql`drop function call_search_triage()`.execute(db);
  await rewrite(db, false);
}

import type { Kysely } from 'kysely';
import type { CallResource } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { csvRow } from '../../lib/csv';
import { type CallFilter } from './calls.filter';
import { allCalls } from './calls.list';

/**
 * call_log.csv as a spreadsheet opens it: in English comma-separated with the spec's headers, in German
 * semicolon-separated, headers and values (status, priority, no category) in German; both with a UTF-8 BOM (so the
 * spreadsheet reads UTF-8) and times in one named time zone. After the spec's columns: owner, due, completed, notes.
 */
export type ExportLanguage = 'en' | 'de';
export type ExportOptions = { language: ExportLanguage; timeZone: string };

const TEXTS = {
  en: {
    separator: ',',
    headers: ['PhoneBot', 'Category', 'Priority', 'Phone Number', 'Status', 'Message', 'Date/Time'],
    more: ['Owner', 'Due', 'Completed', 'Notes'],
    uncategorized: 'Uncategorized',
    values: {} as Record<string, string>,
  },
  de: {
    separator: ';',
    headers: ['Phonebot', 'Kategorie', 'Priorität', 'Telefonnummer', 'Status', 'Nachricht', 'Datum/Uhrzeit'],
    more: ['Zuständig', 'Fällig', 'Erledigt', 'Notizen'],
    uncategorized: 'Ohne Kategorie',
    values: {
      New: 'Neu',
      'In Progress': 'In Bearbeitung',
      Completed: 'Erledigt',
      'Normal Callback': 'Normaler Rückruf',
      'Important Callback': 'Wichtiger Rückruf',
      'Send Email': 'E-Mail senden',
      Transferred: 'Weitergeleitet',
    } as Record<string, string>,
  },
} as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment as the language writes it in the zone: 2026-12-11 18:00 (English), 11.12.2026 18:00 (German). */
export function exportTime(iso: string | null, options: ExportOptions): string {
  if (!iso) return '';
  let format = formats.get(options.timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: options.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(options.timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return options.language === 'de'
    ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`
    : `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The header line: the time columns name the zone, "Date/Time (Europe/Berlin)". */
export function exportHeader(options: ExportOptions): string {
  const texts = TEXTS[options.language];
  const zoned = (header: string) => `${header} (${options.timeZone})`;
  const [due, completed] = [texts.more[1], texts.more[2]];
  const headers = [
    ...texts.headers.slice(0, 6),
    zoned(texts.headers[6]),
    texts.more[0],
    zoned(due),
    zoned(completed),
    texts.more[3],
  ];
  return '\uFEFF' + csvRow(headers, texts.separator);
}

type Note = { call_id: number; text: string; created_at: string; author: string | null };

/** The notes of some calls, oldest first, with their authors' names. */
async function notesOf(db: Kysely<Database>, customerId: number, ids: number[]): Promise<Map<number, Note[]>> {
  const byCall = new Map<number, Note[]>();
  if (ids.length === 0) return byCall;
  const rows = await db
    .selectFrom('call_notes as n')
    .leftJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.call_id', 'n.text', 'n.created_at', 'u.name as author'])
    .where('n.customer_id', '=', customerId)
    .where('n.call_id', 'in', ids)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  for (const row of rows) {
    const id = Number(row.call_id);
    const list = byCall.get(id) ?? [];
    list.push({ ...row, call_id: id });
    byCall.set(id, list);
  }
  return byCall;
}

/** The lines of a batch of calls. */
export function exportLines(calls: CallResource[], notes: Map<number, Note[]>, options: ExportOptions): string {
  const texts = TEXTS[options.language];
  const value = (text: string) => texts.values[text] ?? text;
  return calls
    .map(({ id, attributes: c }) =>
      csvRow(
        [
          c.bezeichnung,
          c.selected_category ?? texts.uncategorized,
          value(c.priority),
          c.caller_number,
          value(c.status),
          c.message,
          exportTime(c.created_at, options),
          c.assignee_name ?? '',
          exportTime(c.callback_due_at, options),
          exportTime(c.completed_at, options),
          (notes.get(Number(id)) ?? [])
            .map((note) => `${exportTime(note.created_at, options)} ${note.author ?? '-'}: ${note.text}`)
            .join('\n'),
        ],
        texts.separator,
      ),
    )
    .join('');
}

/** Every call of a filter as call_log.csv, in batches, so an export never holds a whole log in memory. */
export async function* callLogCsv(
  db: Kysely<Database>,
  filter: CallFilter,
  sort: string | undefined,
  categories: string[],
  options: ExportOptions,
): AsyncGenerator<string> {
  yield exportHeader(options);
  for await (const batch of allCalls(db, filter, sort, categories)) {
    const notes = await notesOf(
      db,
      filter.customerId,
      batch.map((call) => Number(call.id)),
    );
    yield exportLines(batch, notes, options);
  }
}

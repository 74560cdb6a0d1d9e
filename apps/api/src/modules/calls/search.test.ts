import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/engine';
import { type SignedIn, type TestApp, createTestApp } from '../../../test/app';
import { type CallFilter, filteredCalls } from './calls.filter';
import { deleteOldCalls } from './retention.service';
import { findSearchHits, prepareSearch, recentMatches } from './search.query';

/*
 * The call search (`q`, `filter[q]`, and `search` besides its own fields) on both engines: words by stem in German
 * and English, numbers in any writing, notes and SMS, relevance, highlights, the other filters, and never another
 * company's call or anything of a call that went (deleted, erased, expired).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.stop();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.request({ method, url: `/api/v2${url}`, token, body });

type Company = { admin: SignedIn; botToken: string; licenseKey: string };

async function company(): Promise<Company> {
  const admin = await app.signIn('admin');
  const created = await api('POST', '/vbot', admin.token, {
    data: { type: 'vbots', attributes: { bezeichnung: 'Empfang', category_terms: ['Sales', 'Support'] } },
  });
  expect(created.status).toBe(201);
  return { admin, botToken: created.json.meta.bot_token, licenseKey: created.json.meta.license_Key };
}

let seq = 0;
/** A call through the Bot API (a group of new calls, one statement on PostgreSQL), with what the caller said. */
async function ingest(c: Company, number: string, ...said: string[]): Promise<string> {
  return posted(c, {
    caller_number: number,
    response: said.map((text, i) => ({ action: i % 2 ? 'BotResponseText' : 'UserRecognizedText', text })),
  });
}

/** A call of the given body through the Bot API. */
async function posted(c: Company, body: Record<string, unknown>): Promise<string> {
  const res = await app.request({
    method: 'POST',
    url: '/api/v2/bot/calls',
    token: c.botToken,
    headers: { 'idempotency-key': `search-${++seq}` },
    body,
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

/** A call entered by hand (one call, statements per subscriber). */
async function entered(c: Company, number: string, text: string, attributes: Record<string, unknown> = {}) {
  const res = await api('POST', '/calls', c.admin.token, {
    data: {
      type: 'calls',
      attributes: {
        phonebot: c.licenseKey,
        caller_number: number,
        response: [{ action: 'UserRecognizedText', text }],
        ...attributes,
      },
    },
  });
  expect(res.status, res.body).toBe(201);
  return res.json.data.id as string;
}

type Row = { id: string; attributes: { highlight?: string | null; status: string } };

/** The ids a list finds (its first page of up to 100), in its order. */
async function found(c: Company, query: string): Promise<string[]> {
  const res = await api('GET', `/calls?page[size]=100&${query}`, c.admin.token);
  expect(res.status, res.body).toBe(200);
  expect(res.json.meta.total).toBe(res.json.data.length);
  return (res.json.data as Row[]).map((row) => row.id);
}
const q = (text: string) => `filter[q]=${encodeURIComponent(text)}`;

async function highlightOf(c: Company, query: string, id: string | undefined) {
  const res = await api('GET', `/calls?page[size]=100&${query}`, c.admin.token);
  return (res.json.data as Row[]).find((row) => row.id === id)?.attributes.highlight;
}

describe('the call search', () => {
  let a: Company;
  let b: Company;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    a = await company();
    b = await company();
    ids.heating = await ingest(
      a,
      '+49301234567',
      'Die Heizungen in unseren Häusern sind kaputt.',
      'Ein Kollege ruft zurück.',
    );
    ids.invoice = await ingest(a, '+4989555000', 'I called about my invoices, please call back.');
    ids.plain = await entered(a, '+41449876543', 'Guten Tag, es geht um einen Termin.');
    ids.withheld = await entered(a, 'anonymous', 'Unbekannter Anruf wegen Wasserschaden');
    // Another company: the same words and the same number.
    ids.theirs = await ingest(b, '+49301234567', 'Die Heizung ist kaputt, bitte Rückruf.');
  });

  it('finds German and English words by their stems, in any inflection', async () => {
    for (const word of ['Heizung', 'heizungen', 'HEIZUNG', 'Haus', 'Häuser', 'kaputte', 'zurück']) {
      expect(await found(a, q(word)), word).toEqual([ids.heating]);
    }
    for (const word of ['invoice', 'Invoices', 'calling', 'call']) {
      expect(await found(a, q(word)), word).toContain(ids.invoice);
    }
    // Every word must match; the last one also as the beginning of a word while it is typed.
    expect(await found(a, q('Heizung kaputt'))).toEqual([ids.heating]);
    expect(await found(a, q('Heizung Termin'))).toEqual([]);
    expect(await found(a, q('Term'))).toEqual([ids.plain]);
    expect(await found(a, q('Wasserschaden'))).toEqual([ids.withheld]);
    expect(await found(a, q('Nichts dergleichen'))).toEqual([]);
  });

  it('finds the words a word being typed begins, also beside a word of its own stem', async () => {
    const c = await company();
    const own = await ingest(c, '+4930100', 'Gut, danke.');
    const longer = await ingest(c, '+4930101', 'Guten Tag, die Gutschrift fehlt.');
    const compound = await ingest(c, '+4930102', 'Die Heizungsanlage und der Heizkörper.');
    const heating = await ingest(c, '+4930103', 'Die Heizung läuft.');
    // "gut" is a word of its own, and the stem of "guten": both, and every word beginning with it.
    expect((await found(c, q('gut'))).sort()).toEqual([own, longer].sort());
    expect(await found(c, q('Gutschr'))).toEqual([longer]);
    expect((await found(c, q('heiz'))).sort()).toEqual([compound, heating].sort());
    expect((await found(c, q('Heizung'))).sort()).toEqual([compound, heating].sort());
    // Not being typed (another word follows): the word by its stem only.
    expect(await found(c, q('Heizung läuft'))).toEqual([heating]);
    expect(await found(c, q('gut danke'))).toEqual([own]);
  });

  it('finds a call by the same words on both engines: without accents, and the short words of every sentence', async () => {
    const c = await company();
    const transfer = await ingest(c, '+4930200', 'Bitte um Rückruf wegen der Überweisung.');
    const other = await entered(c, '+4930201', 'Die Rechnung ist da.');
    for (const word of ['Ruckruf', 'rückruf', 'UBERWEISUNG', 'um', 'wegen der']) {
      expect(await found(c, q(word)), word).toEqual([transfer]);
    }
    expect(await found(c, q('die'))).toEqual([other]);
    expect(await highlightOf(c, q('ruckruf'), transfer)).toBe('Bitte um <mark>Rückruf</mark> wegen der Überweisung.');
  });

  it('finds a caller by the number in any writing, read in the company’s country', async () => {
    for (const writing of [
      '+49301234567',
      '+49 30 1234567',
      '0049301234567',
      '0049 30 1234567',
      '030 1234567',
      '030/1234567',
      '030-123 45 67',
      '+49 (0)30 1234567',
      '(030) 1234567',
      '1234567',
      '030 123',
    ]) {
      expect(await found(a, q(writing)), writing).toEqual([ids.heating]);
    }
    // Numbers of other countries in their international writings.
    expect(await found(a, q('+41 44 987 65 43'))).toEqual([ids.plain]);
    expect(await found(a, q('0041449876543'))).toEqual([ids.plain]);
    // Another number; a number with a word; the number of a withheld caller is nobody's.
    expect(await found(a, q('030 7654321'))).toEqual([]);
    expect(await found(a, q('030 1234567 Heizung'))).toEqual([ids.heating]);
    expect(await found(a, q('030 1234567 Termin'))).toEqual([]);
    expect(await found(a, q('anonymous'))).toEqual([]);
    expect(await highlightOf(a, q('030 1234567'), ids.heating)).toBe('<mark>+49301234567</mark>');
  });

  it('reads national numbers with the company’s default country', async () => {
    const ch = await company();
    const id = await ingest(ch, '+41441234567', 'Grüezi');
    // Read as German (the default), 044 123… begins +4944123…: not this caller (whose last digits still find it).
    expect(await found(ch, q('044 123'))).toEqual([]);
    expect(await found(ch, q('123 45 67'))).toEqual([id]);
    // A company in Switzerland. (Lists are kept per calls version: the other spellings below are new requests.)
    await app.db.db
      .updateTable('customers')
      .set({ default_country: 'CH' })
      .where('id', '=', ch.admin.customerId!)
      .execute();
    expect(await found(ch, q('044 123 45 67'))).toEqual([id]);
    // Typed so far: the beginning of the number, as Switzerland writes it.
    expect(await found(ch, q('044123'))).toEqual([id]);
  });

  it('never finds another company’s call', async () => {
    for (const text of ['Heizung', '030 1234567', 'Rückruf', 'kaputt']) {
      const ours = await found(a, q(text));
      expect(ours, text).not.toContain(ids.theirs);
      expect(await found(b, q(text)), text).toEqual([ids.theirs]);
    }
    expect(await found(b, q('Termin'))).toEqual([]);
    expect(await found(b, `search=${encodeURIComponent('Termin')}`)).toEqual([]);
  });

  it('finds a call by a word of its notes and its SMS, from the moment they are written', async () => {
    const id = await ingest(a, '+4940111222', 'Bitte um Rückruf');
    expect(await found(a, q('Schornsteinfeger'))).toEqual([]);
    const note = await api('POST', `/calls/${id}/notes`, a.admin.token, {
      data: { type: 'notes', attributes: { text: 'Kunde wünscht Schornsteinfeger <bald>' } },
    });
    expect(note.status, note.body).toBe(201);
    expect(await found(a, q('Schornsteinfeger'))).toEqual([id]);
    expect(await highlightOf(a, q('Schornsteinfeger'), id)).toBe(
      'Kunde wünscht <mark>Schornsteinfeger</mark> &lt;bald&gt;',
    );
    const sms = await api('POST', `/calls/${id}/sms`, a.admin.token, {
      data: { type: 'sms', attributes: { to: '+4940111222', message: 'Ihr Termin am Donnerstag ist bestätigt.' } },
    });
    expect(sms.status, sms.body).toBe(201);
    expect(await found(a, q('Donnerstag'))).toEqual([id]);
    // The note's words still find it after the SMS re-indexed the call.
    expect(await found(a, q('Schornsteinfeger'))).toEqual([id]);
  });

  it('orders by relevance unless a sort is chosen, and combines with the other filters', async () => {
    const c = await company();
    const often = await entered(c, '+4930111', 'Wasser Wasser Wasser im Keller');
    const once = await entered(
      c,
      '+4930222',
      'Guten Tag, ich rufe an, weil gestern Abend etwas Wasser durch die Decke kam und der Hausmeister nicht da ist.',
      { priority: 'Important Callback' },
    );
    expect(await found(c, q('Wasser'))).toEqual([often, once]);
    expect(await found(c, `${q('Wasser')}&sort=-created_at`)).toEqual([once, often]);
    expect(await found(c, `${q('Wasser')}&filter[priority]=Important%20Callback`)).toEqual([once]);
    await api('PATCH', `/calls/${often}`, c.admin.token, {
      data: { type: 'calls', id: often, attributes: { status: 'Completed' } },
    });
    expect(await found(c, `${q('Wasser')}&filter[view]=open`)).toEqual([once]);
    expect(await found(c, `${q('Wasser')}&filter[view]=completed`)).toEqual([often]);
    expect(await found(c, `${q('Keller')}&filter[view]=open`)).toEqual([]);
    // The original lists take q too, and their search finds what q finds besides status, priority, phonebot, category.
    const open = await api('GET', `/callsview?q=Wasser`, c.admin.token);
    expect(open.json.data.map((row: Row) => row.id)).toEqual([once]);
    const searched = await api('GET', `/completed?search=Keller`, c.admin.token);
    expect(searched.json.data.map((row: Row) => row.id)).toEqual([often]);
    expect(searched.json.data[0].attributes.highlight).toBe('Wasser Wasser Wasser im <mark>Keller</mark>');
    const byStatus = await api('GET', `/callsview?search=important`, c.admin.token);
    expect(byStatus.json.data.map((row: Row) => row.id)).toEqual([once]);
    expect(byStatus.json.data[0].attributes.highlight).toBeNull();
    // Without a search, rows carry no highlight.
    const plain = await api('GET', `/calls`, c.admin.token);
    expect(plain.json.data[0].attributes).not.toHaveProperty('highlight');
  });

  it('finds a call within a view, a priority, a category and a phonebot as they are now, however they were changed', async () => {
    const c = await company();
    const first = await ingest(c, '+4930311', 'Die Markise klemmt');
    const second = await entered(c, '+4930312', 'Markise reparieren', { priority: 'Important Callback' });
    const third = await ingest(c, '+4930313', 'Neue Markise bestellen');
    const within = (query: string) => found(c, `${q('Markise')}&${query}`).then((list) => [...list].sort());
    expect(await within('filter[view]=open')).toEqual([first, second, third].sort());
    // In bulk, one by one, and by a priority that moves its deadline.
    const bulk = await api('PATCH', '/updateBulkStatus', c.admin.token, {
      calls: [
        { id: Number(first), status: 'Completed' },
        { id: Number(second), status: 'In Progress' },
      ],
    });
    expect(bulk.status, bulk.body).toBe(200);
    expect(await within('filter[view]=completed')).toEqual([first]);
    expect(await within('filter[status]=In%20Progress')).toEqual([second]);
    await api('PATCH', `/calls/${third}`, c.admin.token, {
      data: { type: 'calls', id: third, attributes: { priority: 'Important Callback', status: 'In Progress' } },
    });
    await api('PATCH', `/calls/${second}`, c.admin.token, {
      data: { type: 'calls', id: second, attributes: { priority: 'Normal Callback' } },
    });
    expect(await within('filter[view]=open&filter[priority]=Important%20Callback')).toEqual([third]);
    expect(await within('filter[view]=open&filter[priority]=Normal%20Callback')).toEqual([second]);
    expect(await within('filter[view]=open&filter[status]=Completed')).toEqual([]);
    expect(await within('filter[view]=new')).toEqual([]);
    // A category set and cleared; the phonebot's calls.
    await api('PATCH', `/calls/${first}`, c.admin.token, {
      data: { type: 'calls', id: first, attributes: { selected_category: 'Sales' } },
    });
    expect(await within('filter[category]=Sales')).toEqual([first]);
    expect(await within('filter[category]=Uncategorized')).toEqual([second, third].sort());
    await api('PATCH', `/calls/${first}`, c.admin.token, {
      data: { type: 'calls', id: first, attributes: { selected_category: null } },
    });
    expect(await within('filter[category]=Sales')).toEqual([]);
    expect(await within(`filter[phonebot]=${c.licenseKey}&filter[category]=Uncategorized`)).toEqual(
      [first, second, third].sort(),
    );
    const elsewhere = await company();
    expect(await within(`filter[phonebot]=${elsewhere.licenseKey}`)).toEqual([]);
    // Also a change that does not go through the product (a seed, an operator's SQL).
    await app.db.db.updateTable('calls').set({ status: 'Completed' }).where('id', '=', Number(third)).execute();
    expect(await within('filter[view]=completed&filter[priority]=Important%20Callback')).toEqual([third]);
    // On PostgreSQL the search index keeps each call's status, priority, category and phonebot beside its document:
    // always the call's.
    if (isPostgres(app.db.db)) {
      const differ = await sql<{ n: string }>`select count(*) as n from call_search s join calls c on c.id = s.call_id
        where (s.status, s.priority, s.selected_category, s.phonebot_id)
          is distinct from (c.status, c.priority, c.selected_category, c.phonebot_id)`.execute(app.db.db);
      expect(Number(differ.rows[0]?.n)).toBe(0);
    }
  });

  it('pages a list ordered by relevance as it orders the whole of it, ties newest first', async () => {
    const c = await company();
    const texts = ['Rohr', 'Rohr Rohr', 'Rohr im Bad', 'Rohr Rohr Rohr', 'Rohr', 'Rohr Rohr', 'Rohr'];
    for (const [i, text] of texts.entries()) await entered(c, `+4930555${i}`, text);
    const whole = await found(c, q('Rohr'));
    expect(whole).toHaveLength(texts.length);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await api('GET', `/calls?${q('Rohr')}&page[size]=2&page[number]=${page}`, c.admin.token);
      expect(res.json.meta.total).toBe(texts.length);
      paged.push(...(res.json.data as Row[]).map((row) => row.id));
    }
    expect(paged).toEqual(whole);
  });

  it('finds the same newest calls when a common word’s calls are walked instead of listed', async () => {
    const c = await company();
    const other = await company();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await ingest(c, `+49301000${i}`, `Heizung Nummer ${i}`));
    await ingest(other, '+4930999', 'Heizung woanders');
    const customerId = c.admin.customerId!;
    const search = (await prepareSearch(app.db.db, customerId, 'Heizung'))!;
    const now = new Date().toISOString();
    const open: CallFilter = { customerId, view: 'open', now };
    const fresh: CallFilter = { customerId, view: 'all', status: 'New', now };
    for (const [filtered, triage] of [
      [undefined, {}],
      [filteredCalls(app.db.db, open), { statuses: ['New', 'In Progress'] }],
      // A filter the index's status says all of (PostgreSQL reads no call).
      [filteredCalls(app.db.db, fresh), { whole: true, statuses: ['New'] }],
    ] as const) {
      // Read from the index's lists (every match), and walked (a cap of 2 makes the word common) on PostgreSQL.
      const listed = await findSearchHits(app.db.db, customerId, search, filtered, triage);
      const walked = await findSearchHits(app.db.db, customerId, search, filtered, triage, 2);
      expect(listed.map((hit) => String(hit.id)).sort()).toEqual([...ids].sort());
      expect(walked).toEqual(expect.arrayContaining(listed));
      expect(walked).toHaveLength(listed.length);
    }
  });

  it('reads a word with many matches for a recent span first, growing it while it holds too few (PostgreSQL)', async () => {
    if (!isPostgres(app.db.db)) return;
    const c = await company();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await ingest(c, `+49301100${i}`, `Wasserschaden Nummer ${i}`));
    await ingest(await company(), '+4930998', 'Wasserschaden woanders');
    const customerId = c.admin.customerId!;
    // The calls a day apart, the last one now (the first five days ago).
    const day = 86_400_000;
    for (const [i, id] of ids.entries()) {
      const at = new Date(Date.now() - (ids.length - 1 - i) * day).toISOString();
      await sql`update call_search set created_at = ${at} where call_id = ${Number(id)}`.execute(app.db.db);
    }
    const search = (await prepareSearch(app.db.db, customerId, 'Wasserschaden'))!;
    const query = sql`${search.tsquery}::tsquery`;
    const newest = (found: number[] | undefined) => found?.map(String);
    await app.db.db.transaction().execute(async (trx) => {
      // Eight matches expected over five days: the last 1.9 days hold the two newest.
      expect(newest(await recentMatches(trx, customerId, query, sql``, 8, 2))).toEqual([ids[5], ids[4]]);
      // Expected a hundred times as often: the span grows from an hour to 2.4 days, the three newest.
      expect(newest(await recentMatches(trx, customerId, query, sql``, 600, 3))).toEqual([ids[5], ids[4], ids[3]]);
      // Never as many as asked for within half of the time: left to reading every match.
      expect(await recentMatches(trx, customerId, query, sql``, 60, 5)).toBeUndefined();
    });
  });

  it('highlights the matching piece, HTML-escaped, matches in <mark>, cut at words', async () => {
    const c = await company();
    const id = await entered(
      c,
      '+4930333',
      `Vorweg: ${'sehr lange Einleitung '.repeat(8)}<script>alert('Heizung & Co')</script> "Heizungsbau" ${'und noch mehr Text '.repeat(12)}Ende`,
    );
    const highlight = await highlightOf(c, q('heizung'), id);
    expect(highlight).toMatch(/^…/);
    expect(highlight).toMatch(/…$/);
    expect(highlight).toContain(
      '&lt;script&gt;alert(&#39;<mark>Heizung</mark> &amp; Co&#39;)&lt;/script&gt; &quot;<mark>Heizungsbau</mark>&quot;',
    );
    expect(highlight).not.toMatch(/<(?!\/?mark>)/);
    expect(highlight!.length).toBeLessThan(300);
  });

  it('forgets a call that is deleted, expires or whose caller is erased, also by the words of its notes', async () => {
    const c = await company();
    const deleted = await ingest(c, '+4930444555', 'Gelöschter Auftrag Fensterbank');
    const erased = await ingest(c, '+4917099887766', 'Ich heiße Erika Mustermann');
    await api('POST', `/calls/${erased}/notes`, c.admin.token, {
      data: { type: 'notes', attributes: { text: 'Notiz zu Zitronenbaum' } },
    });
    expect(await found(c, q('Fensterbank'))).toEqual([deleted]);
    expect(await found(c, q('Zitronenbaum'))).toEqual([erased]);

    expect((await api('DELETE', `/calls/${deleted}`, c.admin.token)).status).toBe(204);
    expect(await found(c, q('Fensterbank'))).toEqual([]);
    expect(await found(c, q('030 444555'))).toEqual([]);

    const erase = await api('DELETE', `/callers/${encodeURIComponent('+4917099887766')}`, c.admin.token);
    expect(erase.status, erase.body).toBe(200);
    for (const text of ['Zitronenbaum', 'Mustermann', '0170 99887766', '99887766']) {
      expect(await found(c, q(text)), text).toEqual([]);
      expect(await found(c, `search=${encodeURIComponent(text)}`), text).toEqual([]);
    }

    const old = await ingest(c, '+4930999', 'Uralter Auftrag Kachelofen');
    const aged = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await app.db.db.updateTable('calls').set({ created_at: aged }).where('id', '=', Number(old)).execute();
    await deleteOldCalls(app.db.db, 30);
    expect(await found(c, q('Kachelofen'))).toEqual([]);
  });

  it('finds a call by its summary and its caller’s name, with a highlight from them', async () => {
    const c = await company();
    const id = await posted(c, {
      caller_number: '+4940111222',
      response: [{ action: 'UserRecognizedText', text: 'Guten Tag.' }],
      summary: 'Die Anruferin meldet einen Wasserrohrbruch im Keller.',
      caller_name: 'Gisela Brandtner',
    });
    for (const text of ['Wasserrohrbruch', 'Kellers', 'Brandtner', 'gisela']) {
      expect(await found(c, q(text)), text).toEqual([id]);
      expect(await found(c, `search=${encodeURIComponent(text)}`), text).toEqual([id]);
    }
    expect(await highlightOf(c, q('Wasserrohrbruch'), id)).toContain('<mark>Wasserrohrbruch</mark>');
    expect(await highlightOf(c, q('Brandtner'), id)).toContain('<mark>Brandtner</mark>');
    // A note indexes the call again: its summary and name stay found.
    const note = await api('POST', `/calls/${id}/notes`, c.admin.token, {
      data: { type: 'notes', attributes: { text: 'Installateur informiert' } },
    });
    expect(note.status, note.body).toBe(201);
    expect(await found(c, q('Brandtner Installateur'))).toEqual([id]);
  });

  it('asks for nothing with an empty search, and refuses one that is too long', async () => {
    const all = await found(a, '');
    expect(await found(a, 'q=')).toEqual(all);
    expect(await found(a, q('  !!  '))).toEqual(all);
    const long = await api('GET', `/calls?q=${'a'.repeat(201)}`, a.admin.token);
    expect(long.status).toBe(400);
  });
});

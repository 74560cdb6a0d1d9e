import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { registerTranslations } from '../../../lib/i18n';
import { type CallList, type CallRow, useCallList, useMarkNotified } from '../api';
import { compareCalls, pageOf } from '../call-rows';
import { type CallListParams, listSort, useCallListParams } from '../list-params';
import { callsTranslations } from '../locales';
import { CallListScreen, type CallListView, type CallScreenProps } from './call-list-screen';
import type { CallChange } from './use-call-actions';

registerTranslations(callsTranslations);

/** The calls this visit of the screen has listed, for one search, day and phonebot. */
type Visit = { filter: string; answer: CallList | undefined; rows: ReadonlyMap<number, CallRow> };

function withAnswer(visit: Visit, filter: string, answer: CallList | undefined): Visit {
  const rows = new Map(visit.filter === filter ? visit.rows : []);
  for (const row of answer?.rows ?? []) rows.set(row.id, row);
  return { filter, answer, rows };
}

function withChange(visit: Visit, change: CallChange): Visit {
  const rows = new Map(visit.rows);
  for (const id of change.ids) {
    const row = rows.get(id);
    if (!row) continue;
    if ('deleted' in change) rows.delete(id);
    else rows.set(id, { ...row, ...change.patch });
  }
  return { ...visit, rows };
}

/**
 * /newcalls: the calls nobody was notified of. Opening the screen marks the calls it lists notified (docs/product.md §6), and
 * the server then stops listing them, so a poll would take every row away seconds after it appeared. The screen
 * therefore keeps the calls of this visit: it asks for all unnotified calls of its search and day, adds each
 * poll's arrivals, marks them, and sorts and pages the visit's calls itself. The user's own changes update the
 * kept rows; a deleted call leaves them.
 */
export function NewCallsPage({ canManage, viewer }: CallScreenProps) {
  const [params, update] = useCallListParams('new');
  // /newcalls/{id}: the new calls of one phonebot (its license key, the API's phonebot filter).
  const phonebot = useParams().id;
  const serverParams: CallListParams = {
    page: 1,
    per_page: 'all',
    sort: undefined,
    search: params.search,
    q: params.q,
    date: params.date,
    phonebot,
  };
  const query = useCallList('new', serverParams);
  const filter = JSON.stringify([params.search ?? '', params.q ?? '', params.date ?? '', phonebot ?? '']);
  const answer = query.isPlaceholderData ? undefined : query.data;

  const [visit, setVisit] = useState<Visit>({ filter, answer: undefined, rows: new Map() });
  // A new answer or filter is folded into the visit while rendering, so no frame shows the rows without it.
  if (visit.filter !== filter || (answer !== undefined && answer !== visit.answer)) {
    setVisit(withAnswer(visit, filter, answer));
  }

  const markNotified = useMarkNotified();
  const marked = useRef(new Set<number>());
  const { mutate } = markNotified;
  useEffect(() => {
    // Marking is a change to the calls, which guests may only read.
    if (!canManage) return;
    const ids = [...visit.rows.keys()].filter((id) => !marked.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    mutate(ids, {
      // Tried again with the next poll.
      onError: () => ids.forEach((id) => marked.current.delete(id)),
    });
  }, [visit, mutate, canManage]);

  const onChanged = (change: CallChange) => setVisit((current) => withChange(current, change));

  const sorted = [...visit.rows.values()].sort(compareCalls(listSort(params, 'new')));
  const view: CallListView = {
    rows:
      answer === undefined && visit.rows.size === 0 && !query.isError
        ? undefined
        : pageOf(sorted, params.page, params.per_page),
    total: sorted.length,
    newCallsCount: 0,
    stale: query.isPlaceholderData,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };

  return (
    <CallListScreen
      kind="new"
      canManage={canManage}
      viewer={viewer}
      params={params}
      update={update}
      view={view}
      onChanged={onChanged}
    />
  );
}

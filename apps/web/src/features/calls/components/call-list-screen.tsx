import { type ReactNode, Suspense, lazy, useDeferredValue, useEffect, useState } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { OnceOpened } from '../../../components/once-opened';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { type CallRow, callDetailQuery, useCallCounts } from '../api';
import { useCallsLive } from '../live';
import { type CallListKind, LIST_CONFIG } from '../constants';
import { inboxTranslations } from '../inbox-locales';
import { type CallListParams, listSort, sortParam } from '../list-params';
import { denseTranslations } from '../dense-locales';
import { BulkStatusBar } from './bulk-status-bar';
import { noteFieldId } from './note-field';
import { DENSE_COLUMNS, SIMPLE_COLUMNS } from './call-columns';
import { CallListFilters } from './call-list-filters';
import { CallListToolbar } from './call-list-toolbar';
import { CallsTable } from './calls-table';
import { NewCallAlert, RetentionNotice } from './call-notices';
import { EmptyInbox } from './empty-inbox';
import { KeysHelpDialog } from './inbox-keys';
import { useInboxKeyActions } from './use-inbox-key-actions';
import { ListPlaceholder } from './list-placeholder';
import { PageSizeSelect, Pager } from './list-controls';
import { LiveStatus } from './live-status';
import { QueueChips } from './queue-chips';
import { type CallChange, useCallActions } from './use-call-actions';
import { useCallDialogs } from './use-call-dialogs';
import type { Viewer } from './viewer';

registerTranslations(inboxTranslations);
registerTranslations(denseTranslations);

/** From this width the open call sits beside the list; below, it is a page of its own. */
const SPLIT_QUERY = '(min-width: 1200px)';

/** What a screen shows of its list, whether the rows come straight from the server or are held by the screen. */
export type CallListView = {
  /** Undefined until the first answer. */
  rows: CallRow[] | undefined;
  total: number;
  newCallsCount: number;
  /** The rows are the previous list's while the next one loads. */
  stale: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
};

export type CallScreenProps = {
  /** Whether the role may change calls (calls.manage); a guest reads the log only. */
  canManage: boolean;
  /** Who is looking, for assignments; unknown until the profile is read. */
  viewer?: Viewer;
};

type CallListScreenProps = CallScreenProps & {
  kind: CallListKind;
  params: CallListParams;
  update: (patch: Partial<CallListParams>, options?: { replace?: boolean; keepPage?: boolean }) => void;
  view: CallListView;
  onChanged?: (change: CallChange) => void;
};

/**
 * The open call's view, loaded when a call is first opened or the list first has the pointer or the focus (it is
 * most of the call screens' code, and the list's first paint does not need it).
 */
const loadCallDetail = () => import('./call-detail');
const CallDetail = lazy(async () => ({ default: (await loadCallDetail()).CallDetail }));
const preloadCallDetail = () => void loadCallDetail().catch(() => {});

const NO_VIEWER: Viewer = { userId: undefined, assignAny: false, pickAssignee: false, managePhonebots: false };

/**
 * One call screen of docs/product.md §4: the full dashboard, new calls, completed calls or the simple dashboard. They share the
 * table, its actions and modals, and differ in their controls and columns. The first three are the callback inbox:
 * the open call beside the list (from 1200 px) or on its own page, the keyboard keys, and on the dashboard the
 * quick filters with their counts.
 */
export function CallListScreen(props: CallListScreenProps) {
  const { kind, canManage, params, update, view, onChanged } = props;
  const viewer = props.viewer ?? NO_VIEWER;
  const live = useCallsLive();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [helpOpen, setHelpOpen] = useState(false);
  const [cursorId, setCursorId] = useState<number | undefined>(undefined);
  const wide = useMediaQuery(SPLIT_QUERY, true, { getInitialValueInEffect: false });

  const simple = kind === 'simple';
  const inbox = !simple;
  // The open call follows the URL, but is set at once when the user opens or closes one: the router applies the
  // URL in a transition, and a key pressed right after must already act on the new state.
  const [openNow, setOpenNow] = useState(params.call);
  const [urlCall, setUrlCall] = useState(params.call);
  if (params.call !== urlCall) {
    setUrlCall(params.call);
    setOpenNow(params.call);
  }
  const openId = inbox ? openNow : undefined;
  const asPage = openId !== undefined && !wide;
  const counts = useCallCounts(kind === 'dashboard');
  const openCall = useQuery({ ...callDetailQuery(openId ?? 0), enabled: openId !== undefined });

  // The first render shows the title and the placeholder even when the first page is already in the cache (it is
  // asked for while the screen's code loads): the rows then render in a transition, in slices that leave the main
  // thread free, instead of delaying the first paint. Later answers render at once.
  const firstRows = useDeferredValue<CallRow[] | undefined | null>(view.rows, null);
  const listRows = firstRows === null || firstRows === undefined ? undefined : view.rows;
  const rows = listRows ?? [];
  // Only what is on screen is acted on: a selected call that left the list (deleted, completed elsewhere) is dropped.
  // The selection itself is kept by id, so a poll or a live update that brings new rows does not clear it.
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  const open = (id: number | undefined, options: { replace?: boolean } = {}) => {
    setOpenNow(id);
    if (id !== undefined) setCursorId(id);
    update({ call: id }, { keepPage: true, replace: options.replace ?? wide });
  };

  const actions = useCallActions((change) => {
    onChanged?.(change);
    if ('deleted' in change && openId !== undefined && change.ids.includes(openId)) open(undefined);
  });
  const dialogs = useCallDialogs({ actions, canManage, onBulkSnoozed: () => setSelected(new Set()) });

  const lastPage = params.per_page === 'all' ? 1 : Math.max(1, Math.ceil(view.total / params.per_page));
  const beyondEnd = listRows !== undefined && !view.stale && params.page > lastPage;
  useEffect(() => {
    // The last rows of the last page went (deleted, completed, a shorter list): show the new last page.
    if (beyondEnd) update({ page: lastPage }, { replace: true });
  }, [beyondEnd, lastPage, update]);

  /** The call the keys act on: the open one, else the one the cursor is on. */
  const current: CallRow | undefined =
    (openId !== undefined ? (rows.find((row) => row.id === openId) ?? openCall.data) : undefined) ??
    rows.find((row) => row.id === cursorId);

  useInboxKeyActions({
    enabled: inbox,
    rows,
    current,
    openId,
    cursorId,
    setCursorId,
    open,
    wide,
    asPage,
    canManage,
    viewer,
    actions,
    dialogs,
    selected,
    setSelected,
    openHelp: () => setHelpOpen(true),
  });

  const empty =
    kind === 'dashboard' && !params.search && !params.q && !params.date && !params.caller && !params.phonebot ? (
      <EmptyInbox
        params={params}
        noPhonebots={counts.data?.phonebots === 0}
        managePhonebots={viewer.managePhonebots}
        update={update}
      />
    ) : undefined;

  // Until the first page is in (and on the dashboard the quick filters' counts), one placeholder stands for the
  // quick filters, the New Call Alert, the list and the open call: they then appear together at their final size,
  // so nothing on screen moves when the answers arrive (docs/performance.md, "Web app in Lighthouse").
  const waiting =
    (listRows === undefined && !view.error) || (kind === 'dashboard' && counts.isPending && counts.failureCount === 0);

  let body: ReactNode;
  if (listRows === undefined) {
    body = null;
  } else {
    body = (
      <CallsTable
        rows={rows}
        columns={simple ? SIMPLE_COLUMNS : DENSE_COLUMNS}
        dense={inbox}
        canManage={canManage}
        actions={actions}
        selection={simple ? undefined : { selected, onChange: setSelected }}
        sorting={
          inbox
            ? {
                sort: listSort(params, kind),
                onSort: (field) => {
                  const now = listSort(params, kind);
                  // Ascending on the first click (docs/product.md §4.10), then the other way.
                  const direction = now.field === field && now.direction === 'asc' ? 'desc' : 'asc';
                  update({ sort: sortParam({ field, direction }, kind, params) });
                },
              }
            : undefined
        }
        onPreview={(row) => dialogs.openPreview(row.id)}
        onNotes={(row) => dialogs.openNotes(row.id)}
        onSms={dialogs.openSms}
        onOpen={inbox ? (row) => open(row.id) : undefined}
        openId={openId}
        cursorId={cursorId}
        empty={empty}
        stale={view.stale}
      />
    );
  }

  const list = (
    <Paper
      withBorder
      p={inbox ? 'xs' : 'md'}
      miw={0}
      onPointerEnter={inbox ? preloadCallDetail : undefined}
      onFocusCapture={inbox ? preloadCallDetail : undefined}
    >
      <Stack gap={inbox ? 'xs' : 'md'}>
        <CallListFilters
          kind={kind}
          params={params}
          update={update}
          quickFilters={
            kind === 'dashboard' ? (
              <QueueChips params={params} counts={counts.data} onChange={(patch) => update(patch)} />
            ) : undefined
          }
        />
        {/* The bulk bar comes with a selection, so the list keeps its room until then. */}
        {canManage && !simple && listRows !== undefined && selectedIds.length > 0 && (
          <BulkStatusBar
            selectedIds={selectedIds}
            actions={actions}
            onDone={() => setSelected(new Set())}
            viewer={inbox ? viewer : undefined}
            onSnooze={inbox ? (ids) => dialogs.openSnooze({ ids }) : undefined}
            categories={[...new Set(rows.filter((row) => selected.has(row.id)).flatMap((row) => row.category_terms))]}
          />
        )}
        {body}
        {listRows !== undefined && (
          <Pager
            page={params.page}
            perPage={params.per_page}
            total={view.total}
            onChange={(page) => update({ page })}
            size={
              LIST_CONFIG[kind].pageSizes.length > 1 ? (
                <PageSizeSelect
                  value={params.per_page}
                  options={LIST_CONFIG[kind].pageSizes}
                  onChange={(per_page) => update({ per_page })}
                />
              ) : undefined
            }
          />
        )}
      </Stack>
    </Paper>
  );

  const detail =
    openId !== undefined ? (
      <Suspense fallback={<PageLoader />}>
        <CallDetail
          key={openId}
          callId={openId}
          canManage={canManage}
          viewer={viewer}
          actions={actions}
          asPage={asPage}
          onClose={() => open(undefined)}
          onOpen={(id) => open(id)}
          onSms={dialogs.openSms}
          onSnooze={(row) => dialogs.openSnooze({ row })}
          noteInputId={noteFieldId(openId)}
        />
      </Suspense>
    ) : null;

  let main: ReactNode;
  // Until a call is opened the list has the whole width, with every column.
  if (waiting && !asPage)
    main = <ListPlaceholder chips={kind === 'dashboard'} split={inbox && wide && openId !== undefined} />;
  else if (!inbox) main = list;
  else if (asPage)
    main = (
      <Paper withBorder p="md">
        {detail}
      </Paper>
    );
  else if (wide && openId !== undefined)
    main = (
      <div className="inbox-split">
        {list}
        <Paper withBorder p="md" className="inbox-pane">
          {detail}
        </Paper>
      </div>
    );
  else main = list;

  return (
    <Stack gap="md" className="calls-screen">
      <CallListToolbar
        kind={kind}
        params={params}
        total={view.total}
        onKeysHelp={inbox ? () => setHelpOpen(true) : undefined}
      />

      {!asPage && (
        <>
          <LiveStatus state={live.state} />
          {kind === 'dashboard' && !waiting && (
            <>
              <RetentionNotice />
              <NewCallAlert count={view.newCallsCount} />
            </>
          )}
          {view.error ? (
            <QueryError query={{ error: view.error, refetch: view.retry, isFetching: view.retrying }} />
          ) : null}
        </>
      )}

      {main}

      {actions.dialog}
      {dialogs.element}
      {inbox && (
        <OnceOpened opened={helpOpen}>
          <KeysHelpDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
        </OnceOpened>
      )}
    </Stack>
  );
}

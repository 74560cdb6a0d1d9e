import { type ReactNode, useEffect, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconChecklist, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert';
import { errorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { type CallRow, downloadCallLog } from '../api';
import { useCallsLive } from '../live';
import { LIST_CONFIG, type CallListKind } from '../constants';
import { type CallListParams, LIST_FILTERS, sortParam, sortState } from '../list-params';
import { BulkStatusBar } from './bulk-status-bar';
import { CallsTable, FULL_COLUMNS, SIMPLE_COLUMNS } from './calls-table';
import { NewCallAlert, RetentionNotice } from './call-notices';
import { ActiveFilters, DayFilter, PageSizeSelect, Pager, SearchBox, TriageSort } from './list-controls';
import { LiveStatus } from './live-status';
import { UrgentAlertsButton } from './urgent-alerts-button';
import { MessagePreviewModal } from './message-preview-modal';
import { NotesModal } from './notes-modal';
import { SmsModal } from './sms-modal';
import { type CallChange, useCallActions } from './use-call-actions';

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
};

type CallListScreenProps = CallScreenProps & {
  kind: CallListKind;
  params: CallListParams;
  update: (patch: Partial<CallListParams>, options?: { replace?: boolean }) => void;
  view: CallListView;
  onChanged?: (change: CallChange) => void;
};

const TITLES: Record<CallListKind, 'pages.viewCallLogs' | 'pages.newCalls' | 'pages.completedCalls' | 'pages.calls'> = {
  dashboard: 'pages.viewCallLogs',
  new: 'pages.newCalls',
  completed: 'pages.completedCalls',
  simple: 'pages.calls',
};

/**
 * One call screen of docs/product.md §4: the full dashboard, new calls, completed calls or the simple dashboard. They share the
 * table, its actions and modals, and differ in their controls and columns.
 */
export function CallListScreen({ kind, canManage, params, update, view, onChanged }: CallListScreenProps) {
  const { t } = useTranslation();
  const live = useCallsLive();
  const actions = useCallActions(onChanged);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [notesId, setNotesId] = useState<number | null>(null);
  const [smsCall, setSmsCall] = useState<CallRow | null>(null);
  const [downloading, setDownloading] = useState(false);

  const config = LIST_CONFIG[kind];
  const simple = kind === 'simple';
  const rows = view.rows ?? [];
  // Only what is on screen is acted on: a selected call that left the list (deleted, completed elsewhere) is dropped.
  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  const lastPage = params.per_page === 'all' ? 1 : Math.max(1, Math.ceil(view.total / params.per_page));
  const beyondEnd = view.rows !== undefined && !view.stale && params.page > lastPage;
  useEffect(() => {
    // The last rows of the last page went (deleted, completed, a shorter list): show the new last page.
    if (beyondEnd) update({ page: lastPage }, { replace: true });
  }, [beyondEnd, lastPage, update]);

  async function download() {
    if (view.total === 0) {
      notifyError(t('noDataToExport'));
      return;
    }
    setDownloading(true);
    try {
      await downloadCallLog(kind, params);
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    } finally {
      setDownloading(false);
    }
  }

  const controls: ReactNode[] = [
    <SearchBox
      key="search"
      value={params.search}
      placeholder={simple ? t('calls.toolbar.searchPhonebotPlaceholder') : t('calls.toolbar.searchPlaceholder')}
      onChange={(search) => update({ search: search || undefined }, { replace: true })}
    />,
  ];
  if (!simple) controls.push(<DayFilter key="date" value={params.date} onChange={(date) => update({ date })} />);
  if (kind === 'new' || kind === 'completed') {
    controls.push(
      <TriageSort key="sort" sort={sortState(params.sort)} onChange={(sort) => update({ sort: sortParam(sort) })} />,
    );
  }
  if (config.pageSizes.length > 1) {
    controls.push(
      <PageSizeSelect
        key="size"
        value={params.per_page}
        options={config.pageSizes}
        onChange={(per_page) => update({ per_page })}
      />,
    );
  }

  let body: ReactNode;
  if (view.rows === undefined && view.error) {
    body = null;
  } else if (view.rows === undefined) {
    body = <Skeleton height={240} />;
  } else {
    body = (
      <CallsTable
        rows={rows}
        columns={simple ? SIMPLE_COLUMNS : FULL_COLUMNS}
        canManage={canManage}
        actions={actions}
        selection={simple ? undefined : { selected, onChange: setSelected }}
        sorting={
          kind === 'dashboard'
            ? {
                sort: sortState(params.sort),
                onSort: (field) => {
                  const current = sortState(params.sort);
                  const direction = current.field === field && current.direction === 'asc' ? 'desc' : 'asc';
                  update({ sort: sortParam({ field, direction }) });
                },
              }
            : undefined
        }
        onPreview={(row) => setPreviewId(row.id)}
        onNotes={(row) => setNotesId(row.id)}
        onSms={setSmsCall}
        stale={view.stale}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1}>{t(TITLES[kind])}</Title>
        <Group gap="sm">
          {kind === 'dashboard' && (
            <>
              <UrgentAlertsButton />
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void download()}
                loading={downloading}
              >
                {t('calls.toolbar.download')}
              </Button>
              <Button component={Link} to="/completed" leftSection={<IconChecklist size={16} aria-hidden />}>
                {t('calls.toolbar.completedLogs')}
              </Button>
            </>
          )}
          {(kind === 'new' || kind === 'completed') && (
            <Button
              component={Link}
              to="/viewcalllogs"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('calls.toolbar.backToDashboard')}
            </Button>
          )}
        </Group>
      </Group>

      <LiveStatus state={live.state} />

      {kind === 'dashboard' && (
        <>
          <RetentionNotice />
          <NewCallAlert count={view.newCallsCount} />
        </>
      )}

      {view.error ? (
        <RetryAlert message={translateText(t, errorText(view.error))} onRetry={view.retry} retrying={view.retrying} />
      ) : null}

      <Paper withBorder p="md">
        <Stack gap="md">
          <Group gap="md" align="flex-end">
            {controls}
          </Group>
          <ActiveFilters
            params={params}
            withDate={simple}
            onClear={() =>
              update({
                ...Object.fromEntries(LIST_FILTERS.map((name) => [name, undefined])),
                ...(simple ? { date: undefined } : {}),
              })
            }
          />
          {canManage && !simple && view.rows !== undefined && (
            <BulkStatusBar selectedIds={selectedIds} actions={actions} onDone={() => setSelected(new Set())} />
          )}
          {body}
          {view.rows !== undefined && (
            <Pager
              page={params.page}
              perPage={params.per_page}
              total={view.total}
              onChange={(page) => update({ page })}
            />
          )}
        </Stack>
      </Paper>

      {actions.dialog}
      <MessagePreviewModal callId={previewId} onClose={() => setPreviewId(null)} />
      <NotesModal callId={notesId} canManage={canManage} onClose={() => setNotesId(null)} />
      <SmsModal call={smsCall} onClose={() => setSmsCall(null)} />
    </Stack>
  );
}

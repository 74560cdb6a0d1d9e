import { type ReactNode, Suspense, lazy } from 'react';
import { Button, Group, Popover, Skeleton, Stack } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useArmedArea, useMadeOnClick } from '../../../components/armed-area';
import type { CallListKind } from '../constants';
import { type CallListParams, LIST_FILTERS, listSort, sortParam } from '../list-params';
import { ActiveFilters, SearchBox, TriageSort } from './list-controls';

// Loaded when the Filters menu first opens (day-filter.tsx).
const DayFilter = lazy(async () => ({ default: (await import('./day-filter')).DayFilter }));

/** The search field's id: the / key puts the focus there. */
export const SEARCH_ID = 'calls-search';

type Update = (patch: Partial<CallListParams>, options?: { replace?: boolean }) => void;

/**
 * What narrows and shapes a call list, in one bar: the search, on the dashboard the quick filters, and a Filters
 * menu with the day and the sort; below it the filters a link set, with a way to clear them. The simple list has
 * its spec's search by phonebot only.
 */
export function CallListFilters({
  kind,
  params,
  update,
  quickFilters,
}: {
  kind: CallListKind;
  params: CallListParams;
  update: Update;
  /** The dashboard's quick filters, shown in the bar. */
  quickFilters?: ReactNode;
}) {
  const { t } = useTranslation();
  const simple = kind === 'simple';
  // The Filters menu is made once the mouse or the focus comes to the bar (useArmedArea).
  const { armed, ref, handlers: arm } = useArmedArea<HTMLDivElement>();
  const activeFilters = (
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
  );
  if (simple) {
    return (
      <>
        <SearchBox
          id={SEARCH_ID}
          value={params.search}
          placeholder={t('calls.toolbar.searchPhonebotPlaceholder')}
          onChange={(search) => update({ search: search || undefined }, { replace: true })}
        />
        {activeFilters}
      </>
    );
  }
  return (
    <>
      <Group gap="xs" align="center" wrap="wrap" role="search" ref={ref} {...arm}>
        {/* The call search (the API's q); the list keeps its other filters. */}
        <SearchBox
          id={SEARCH_ID}
          compact
          value={params.q}
          placeholder={t('dense.search.placeholder')}
          onChange={(q) => update({ q: q || undefined }, { replace: true })}
        />
        <FiltersMenu kind={kind} params={params} update={update} armed={armed} />
        {quickFilters}
      </Group>
      {activeFilters}
    </>
  );
}

/** The day and the sort, behind one button that says how many of them are set. */
function FiltersMenu(props: { kind: CallListKind; params: CallListParams; update: Update; armed: boolean }) {
  const { kind, params, update } = props;
  const { t } = useTranslation();
  const { made, openedAtOnce, onBareClick } = useMadeOnClick(props.armed);
  const set = [params.date, params.sort].filter(Boolean).length;
  const button = (
    <Button
      variant={set > 0 ? 'light' : 'default'}
      size="sm"
      leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
      aria-haspopup="dialog"
      onClick={made ? undefined : onBareClick}
    >
      {set > 0 ? t('dense.filters.buttonActive', { count: set }) : t('dense.filters.button')}
    </Button>
  );
  if (!made) return button;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus defaultOpened={openedAtOnce}>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="group" aria-label={t('dense.filters.label')}>
          <Suspense fallback={<Skeleton h={60} w={300} aria-label={t('calls.toolbar.date')} />}>
            <DayFilter value={params.date} onChange={(date) => update({ date })} />
          </Suspense>
          <TriageSort
            sort={listSort(params, kind)}
            onChange={(sort) => update({ sort: sortParam(sort, kind, params) })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

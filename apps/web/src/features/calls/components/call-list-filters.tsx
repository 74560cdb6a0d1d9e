import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LIST_CONFIG, type CallListKind } from '../constants';
import { type CallListParams, LIST_FILTERS, sortParam, sortState } from '../list-params';
import { ActiveFilters, DayFilter, PageSizeSelect, SearchBox, TriageSort } from './list-controls';

/** The search field's id: the / key puts the focus there. */
export const SEARCH_ID = 'calls-search';
const CONTROLS_ID = 'calls-controls';

/**
 * What narrows and shapes a call list: the search, the day, the sort of the triage screens and the page size, with
 * the filters in force and a way to clear them. On a phone they fold behind one button, so the calls come first.
 */
export function CallListFilters({
  kind,
  params,
  update,
  folded,
  onFold,
}: {
  kind: CallListKind;
  params: CallListParams;
  update: (patch: Partial<CallListParams>, options?: { replace?: boolean }) => void;
  /** Whether the controls are folded away; undefined where they do not fold (a wide window). */
  folded: boolean | undefined;
  onFold: () => void;
}) {
  const { t } = useTranslation();
  const config = LIST_CONFIG[kind];
  const simple = kind === 'simple';
  const controls: ReactNode[] = [
    <SearchBox
      key="search"
      id={SEARCH_ID}
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

  // The controls whose value narrows or shapes the list (the quick filters show their own state).
  const setControls = [params.search, params.date].filter(Boolean).length;

  return (
    <>
      {folded !== undefined && (
        <Button
          variant="default"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={!folded}
          aria-controls={CONTROLS_ID}
          onClick={onFold}
        >
          {setControls > 0 ? t('inbox.filters.toggleActive', { count: setControls }) : t('inbox.filters.toggle')}
        </Button>
      )}
      {/* Folded, the controls stay mounted (hidden), so a search typed just before keeps its way to the URL. */}
      <Group id={CONTROLS_ID} gap="md" align="flex-end" style={folded ? { display: 'none' } : undefined}>
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
    </>
  );
}

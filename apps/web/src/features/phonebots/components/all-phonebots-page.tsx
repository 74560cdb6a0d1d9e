import { useState } from 'react';
import { ActionIcon, Group, Pagination, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUrlSearch } from '../../../lib/use-url-search';
import { useTranslation } from 'react-i18next';
import { parseListQuery } from '@phonebot/shared';
import { QueryState } from '../../../components/query-state';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { useAllPhonebots, type AllPhonebotsQuery } from '../api';
import { phonebotsTranslations } from '../locales';
import { OfflineAlertBadge } from './offline-banner';
import { ServiceStatusBadge } from './status-badges';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { EmptyTableRow } from '../../../components/empty-table-row';

registerTranslations(phonebotsTranslations);

const SEARCH_DELAY_MS = 300;

/** The list state lives in the URL (page, per_page, search); a bad value falls back to the schema's default. */
function useListState(): [AllPhonebotsQuery, (next: Partial<AllPhonebotsQuery>) => void] {
  const [params, setParams] = useUrlSearch();
  const { page, per_page, search } = parseListQuery(Object.fromEntries(params));
  const update = (next: Partial<AllPhonebotsQuery>) => {
    setParams(
      (current) => {
        const merged = { ...parseListQuery(Object.fromEntries(current)), ...next };
        const fresh = new URLSearchParams();
        if (merged.page !== 1) fresh.set('page', String(merged.page));
        if (merged.per_page !== 20) fresh.set('per_page', String(merged.per_page));
        if (merged.search) fresh.set('search', merged.search);
        return fresh;
      },
      // Typing a search replaces the history entry; moving to another page adds one.
      { replace: 'search' in next },
    );
  };
  return [{ page, per_page, search }, update];
}

/** /phonebots: every customer's phonebots (super), searched and paged on the server. */
export function AllPhonebotsPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [query, setQuery] = useListState();
  const [searchText, setSearchText] = useState(query.search ?? '');
  const applySearch = useDebouncedSearch(
    (value: string) => setQuery({ search: value.trim(), page: 1 }),
    SEARCH_DELAY_MS,
  );
  const phonebots = useAllPhonebots(query);

  const total = phonebots.data?.total ?? 0;
  const perPage = query.per_page === 'all' ? Math.max(total, 1) : query.per_page;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const offset = query.per_page === 'all' ? 0 : (query.page - 1) * query.per_page;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.allPhonebots')}</Title>
      <TextInput
        label={t('phonebots.list.searchLabel')}
        placeholder={t('phonebots.list.searchPlaceholder')}
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchText}
        onChange={(event) => {
          setSearchText(event.currentTarget.value);
          applySearch(event.currentTarget.value);
        }}
        maw={420}
      />
      <QueryState query={phonebots}>
        {(page) => (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-busy={phonebots.isPlaceholderData}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('phonebots.list.number')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.customer')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.phonebot')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.licenseKey')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.openAiKey')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.status')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.createdAt')}</Table.Th>
                    <Table.Th scope="col">{t('phonebots.list.action')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.data.length === 0 ? (
                    <EmptyTableRow columns={8}>{t('noPhonebotsFound')}</EmptyTableRow>
                  ) : (
                    page.data.map(({ attributes: phonebot }, index) => (
                      <Table.Tr key={phonebot.license_Key}>
                        <Table.Td>{offset + index + 1}</Table.Td>
                        <Table.Td>{phonebot.customer_name}</Table.Td>
                        <Table.Td>{phonebot.bezeichnung}</Table.Td>
                        <Table.Td ff="monospace">{phonebot.license_Key}</Table.Td>
                        {/* Masked by the server (docs/product.md §9); shown as given. */}
                        <Table.Td ff="monospace">{phonebot.apen_ai_key}</Table.Td>
                        <Table.Td>
                          <ServiceStatusBadge pstatus={phonebot.pstatus} />
                          <OfflineAlertBadge since={phonebot.offline_alerted_at} />
                        </Table.Td>
                        <Table.Td>{formatDate(phonebot.created_at)}</Table.Td>
                        <Table.Td>
                          <ActionIcon
                            component={Link}
                            to={`/editphonebot/${encodeURIComponent(phonebot.license_Key)}`}
                            variant="subtle"
                            size="lg"
                            aria-label={t('phonebots.list.edit', { name: phonebot.bezeichnung })}
                          >
                            <IconEdit size={18} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      {phonebots.isSuccess && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('phonebots.list.pageOf', { page: query.page, pages, total })}
          </Text>
          <Pagination
            total={pages}
            value={Math.min(query.page, pages)}
            onChange={(page) => setQuery({ page })}
            aria-label={t('phonebots.list.pages')}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? t('common.previous') : control === 'next' ? t('common.next') : control,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}

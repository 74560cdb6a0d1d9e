import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconSearch, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES_MAIN } from '@phonebot/shared';
import { QueryState } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { customersQuery, useDisableCustomer, useEnableCustomer, type Customer } from '../api';
import { editCustomerPath } from '../customer-link';
import { useListState } from '../list-state';
import { customersTranslations } from '../locales';
import { SortableTh } from './sortable-th';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { EmptyTableRow } from '../../../components/empty-table-row';

registerTranslations(customersTranslations);

const DEFAULT_SORT = '-created_at';
const SEARCH_DELAY_MS = 300;

/** How a confirmation names a customer: its company when it has one, else its owner. */
function customerName(customer: Customer): string {
  return customer.attributes.company_name || customer.attributes.name;
}

/** Customers list of docs/product.md §4: search, sort and paging on the server, Enable and Disable after a confirmation. */
export function CustomersPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { query, update } = useListState();
  const customers = useQuery(customersQuery(query));
  const enable = useEnableCustomer();
  const disable = useDisableCustomer();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState(query.search ?? '');
  const applySearch = useDebouncedSearch(
    (value: string) => update({ search: value.trim(), page: undefined }, { replace: true }),
    SEARCH_DELAY_MS,
  );

  const handleEnable = async (customer: Customer) => {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: t('customers.enableText', { name: customerName(customer) }),
      confirmLabel: t('customers.enableConfirm'),
    });
    if (!confirmed) return;
    enable.mutate(Number(customer.id), {
      onSuccess: () => notifySuccess(t('customerEnabled')),
      onError: () => notifyError(t('customerEnableError')),
    });
  };

  const handleDisable = async (customer: Customer) => {
    const confirmed = await confirm({
      title: t('deleteConfirmTitle'),
      text: t('customers.disableText', { name: customerName(customer) }),
      confirmLabel: t('customers.disableConfirm'),
      danger: true,
    });
    if (!confirmed) return;
    disable.mutate(Number(customer.id), {
      onSuccess: () => notifySuccess(t('customers.disabled')),
      onError: () => notifyError(t('customers.disableError')),
    });
  };

  const busy = (mutation: { isPending: boolean; variables: number | undefined }, customer: Customer) =>
    mutation.isPending && mutation.variables === Number(customer.id);

  const columns = {
    company: t('customers.columns.company'),
    name: t('customers.columns.name'),
    email: t('customers.columns.email'),
    status: t('customers.columns.status'),
    createdAt: t('customers.columns.createdAt'),
  };
  const sortProps = { sort: query.sort, defaultSort: DEFAULT_SORT, onSort: (sort: string) => update({ sort }) };

  const content = (
    <QueryState query={customers}>
      {(page) => {
        const { data: rows, meta } = page;
        const pages = meta.per_page === 'all' ? 1 : Math.max(1, Math.ceil(meta.total / meta.per_page));
        return (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={900} type="native">
              <Table
                striped
                highlightOnHover
                verticalSpacing="sm"
                style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh label={columns.company} field="company_name" {...sortProps} />
                    <SortableTh label={columns.name} field="name" {...sortProps} />
                    <SortableTh label={columns.email} field="email" {...sortProps} />
                    <SortableTh label={columns.status} field="status" {...sortProps} />
                    <SortableTh label={columns.createdAt} field="created_at" {...sortProps} />
                    <Table.Th>{t('customers.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 ? (
                    <EmptyTableRow columns={6}>{t('noUsersFound')}</EmptyTableRow>
                  ) : (
                    rows.map((customer) => {
                      const { attributes } = customer;
                      const active = attributes.status === 'Active';
                      return (
                        <Table.Tr key={customer.id}>
                          <Table.Td fw={600}>{attributes.company_name}</Table.Td>
                          <Table.Td>{attributes.name}</Table.Td>
                          <Table.Td>{attributes.email}</Table.Td>
                          <Table.Td>
                            <Badge color={active ? 'green' : 'gray'} variant="filled">
                              {t(`customers.status.${attributes.status}`)}
                            </Badge>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(attributes.created_at)}</Table.Td>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                component={Link}
                                to={editCustomerPath({ userId: Number(customer.id), email: attributes.email })}
                                size="xs"
                                variant="default"
                                leftSection={<IconPencil size={14} aria-hidden />}
                              >
                                {t('customers.edit')}
                              </Button>
                              {active ? (
                                <Button
                                  size="xs"
                                  color="red"
                                  variant="outline"
                                  leftSection={<IconUserOff size={14} aria-hidden />}
                                  loading={busy(disable, customer)}
                                  onClick={() => void handleDisable(customer)}
                                >
                                  {t('customers.disable')}
                                </Button>
                              ) : (
                                <Button
                                  size="xs"
                                  leftSection={<IconUserCheck size={14} aria-hidden />}
                                  loading={busy(enable, customer)}
                                  onClick={() => void handleEnable(customer)}
                                >
                                  {t('customers.enable')}
                                </Button>
                              )}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('customers.total', { count: meta.total })}
              </Text>
              {pages > 1 && (
                <Box component="nav" aria-label={t('customers.pagination.label')}>
                  <Pagination
                    total={pages}
                    value={Math.min(query.page, pages)}
                    onChange={(page) => update({ page: String(page) })}
                    getControlProps={(control) =>
                      control === 'previous'
                        ? { 'aria-label': t('customers.pagination.previous') }
                        : control === 'next'
                          ? { 'aria-label': t('customers.pagination.next') }
                          : {}
                    }
                    getItemProps={(page) => ({ 'aria-label': t('customers.pagination.page', { page }) })}
                  />
                </Box>
              )}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.customers')}</Title>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('customers.search')}
          placeholder={t('customers.searchPlaceholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <NativeSelect
          label={t('customers.pageSize')}
          value={String(query.per_page)}
          onChange={(event) => update({ per_page: event.currentTarget.value, page: undefined })}
          data={PAGE_SIZES_MAIN.map((size) => ({
            value: String(size),
            label: size === 'all' ? t('common.all') : String(size),
          }))}
          w={140}
        />
      </Group>
      {content}
      {dialog}
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Paper, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useResetSecondFactor } from '../../two-factor';
import { roleLabel, usersTranslations } from '../../users';
import { customerUsersTranslations, useCustomerUsers } from '../customer-users';

registerTranslations(usersTranslations);
registerTranslations(customerUsersTranslations);

/**
 * The customer's users for the super, with whether two-factor sign-in is on, and a reset of a lost second factor
 * (asked first; audited; the user is mailed).
 */
export function CustomerUsersCard({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useCustomerUsers(ownerId, debounced);
  const queryClient = useQueryClient();
  const reset = useResetSecondFactor(
    () => void queryClient.invalidateQueries({ queryKey: ['customers', ownerId, 'users'] }),
  );

  const content = (
    <QueryState query={users} loading={<Skeleton height={120} />}>
      {({ data, meta }) => {
        if (data.length === 0) return <Text size="sm">{t('customerUsers.none')}</Text>;
        return (
          <>
            <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} pos="relative">
              <Table aria-label={t('customerUsers.tableLabel')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('customerUsers.name')}</Table.Th>
                    <Table.Th>{t('customerUsers.email')}</Table.Th>
                    <Table.Th>{t('customerUsers.role')}</Table.Th>
                    <Table.Th>{t('customerUsers.twoFactor')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>{user.attributes.name}</Table.Td>
                      <Table.Td>{user.attributes.email}</Table.Td>
                      <Table.Td>{roleLabel(t, user.attributes.role)}</Table.Td>
                      <Table.Td>
                        <Badge color={user.attributes.mfa_enabled ? 'green' : 'gray'} variant="filled">
                          {user.attributes.mfa_enabled ? t('customerUsers.on') : t('customerUsers.off')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {user.attributes.mfa_enabled && (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            aria-label={t('customerUsers.resetFor', { email: user.attributes.email })}
                            loading={reset.resetting === Number(user.id)}
                            onClick={() => void reset.run({ id: Number(user.id), email: user.attributes.email })}
                          >
                            {t('customerUsers.reset')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {meta.total > data.length && (
              <Text size="sm" c="dimmed">
                {t('customerUsers.more', { shown: data.length, total: meta.total })}
              </Text>
            )}
          </>
        );
      }}
    </QueryState>
  );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="customer-users-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="customer-users-title">
          {t('customerUsers.title')}
        </Title>
        <Text size="sm">{t('customerUsers.hint')}</Text>
        <TextInput
          label={t('customerUsers.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {content}
      </Stack>
      {reset.dialog}
    </Paper>
  );
}

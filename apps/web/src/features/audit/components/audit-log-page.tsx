import { useState } from 'react';
import {
  Anchor,
  Autocomplete,
  Button,
  Code,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useUrlSearch } from '../../../lib/use-url-search';
import { useTranslation } from 'react-i18next';
import { isIsoDay } from '@phonebot/shared';
import { ListTable } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { AUDIT_PAGE_SIZE, type AuditFilters, downloadAuditLog, useAuditEvents } from '../api';
import { auditTranslations } from '../locales';

registerTranslations(auditTranslations);

/** Actions the portal records, offered as suggestions; any other action (or a prefix with a dot) can be typed. */
const KNOWN_ACTIONS = [
  'login',
  'login.failed',
  'login.mfa_failed',
  'mfa.',
  'mfa.enable',
  'mfa.disable',
  'mfa.reset',
  'session.',
  'password.change',
  'password.reset',
  'email.change',
  'user.',
  'company.update',
  'phonebot.update',
  'customer.',
  'guest.',
  'settings.',
  'permission.refused',
];

/** The filters from the address; a bad value is dropped, so a pasted link can never break the screen. */
function readFilters(params: URLSearchParams): AuditFilters {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return isIsoDay(value) ? value : undefined;
  };
  const user = Number(params.get('user'));
  const action = params.get('action') ?? '';
  const page = Number(params.get('page'));
  return {
    user: Number.isInteger(user) && user > 0 ? user : undefined,
    action: /^[a-z_.]{1,60}$/.test(action) ? action : undefined,
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The audit log: company admins see their company's entries, the super all; filters live in the address. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [params, setParams] = useUrlSearch();
  const filters = readFilters(params);
  const events = useAuditEvents(filters);
  const [action, setAction] = useState(filters.action ?? '');
  const [downloading, setDownloading] = useState(false);

  const update = (changes: Partial<Record<'user' | 'action' | 'from' | 'to' | 'page', string | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditLog(filters);
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
    setDownloading(false);
  };

  const content = (
    <QueryState query={events}>
      {(answer) => {
        const rows = answer.data;
        const total = answer.meta.total;
        const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('audit.total', { count: total })}
            </Text>
            <ListTable
              minWidth={900}
              isEmpty={rows.length === 0}
              emptyText={t('audit.empty')}
              headers={[
                t('audit.when'),
                t('audit.who'),
                t('audit.company'),
                t('audit.what'),
                t('audit.object'),
                t('audit.where'),
              ]}
            >
              {rows.map(({ id, attributes: a }) => (
                <Table.Tr key={id} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.created_at, 'dateTime')}</Table.Td>
                  <Table.Td>
                    {a.actor_user_id === null ? (
                      // A failed sign-in's author is unknown (its account is the object); other entries without a user
                      // are the server's own.
                      t(a.action === 'login.failed' ? 'audit.notSignedIn' : 'audit.system')
                    ) : (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        aria-label={t('audit.filterByUser', { name: a.actor_email ?? a.actor_name ?? '' })}
                        onClick={() => update({ user: String(a.actor_user_id) })}
                      >
                        {a.actor_name ?? a.actor_email ?? `#${a.actor_user_id}`}
                      </Anchor>
                    )}
                    {a.actor_email && (
                      <Text size="xs" c="dimmed">
                        {a.actor_email}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{a.company_name ?? ''}</Table.Td>
                  <Table.Td>
                    <Code>{a.action}</Code>
                  </Table.Td>
                  <Table.Td>{a.target ?? ''}</Table.Td>
                  <Table.Td>{a.ip ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={filters.page} onChange={(page) => update({ page: String(page) })} />
              </Group>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.auditLog')}</Title>
      <Text>{t('audit.intro')}</Text>
      <Paper withBorder p="md" component="section" aria-label={t('audit.filters')}>
        <Group align="flex-end" gap="md">
          <Autocomplete
            label={t('audit.action')}
            description={t('audit.actionHint')}
            data={KNOWN_ACTIONS}
            value={action}
            onChange={setAction}
            onOptionSubmit={(value) => update({ action: value })}
            onBlur={() => update({ action: action.trim() || undefined })}
            w={240}
          />
          <TextInput
            label={t('audit.from')}
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => update({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            label={t('audit.to')}
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => update({ to: event.currentTarget.value || undefined })}
          />
          {filters.user !== undefined && (
            <TextInput label={t('audit.user')} value={`#${filters.user}`} readOnly w={120} />
          )}
          <Button
            variant="default"
            onClick={() => {
              setAction('');
              setParams(() => new URLSearchParams(), { replace: true });
            }}
          >
            {t('audit.clear')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => void download()}
          >
            {t('audit.csv')}
          </Button>
        </Group>
      </Paper>
      {content}
    </Stack>
  );
}

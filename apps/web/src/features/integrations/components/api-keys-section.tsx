import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type ApiKeyScope } from '@phonebot/shared/api-keys';
import { useConfirm } from '../../../components/use-confirm';
import { ListTable } from '../../../components/list-table';
import { QueryState } from '../../../components/query-state';
import { errorText, fieldErrors } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api';
import { SecretOnceModal } from '../../../components/secret-once';
import { IntegrationSection } from './integration-section';

/** i18next reads ':' as a namespace separator, so the scopes' texts are keyed with '_'. */
const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '_') as 'calls_read';

/** The company's API keys: name, scopes, created, last used; create (token shown once) and revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const format = useFormatDate();
  const { confirm, dialog } = useConfirm();
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<string | null>(null);

  const onRevoke = async (id: string) => {
    const sure = await confirm({
      title: t('integrations.apiKeys.revokeTitle'),
      text: t('integrations.apiKeys.revokeText'),
      confirmLabel: t('integrations.apiKeys.revoke'),
      danger: true,
    });
    if (!sure) return;
    try {
      await revoke.mutateAsync(id);
      notifySuccess(t('integrations.apiKeys.revoked'));
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };

  const content = (
    <QueryState query={keys}>
      {(list) => (
        <ListTable
          headers={[
            t('integrations.apiKeys.name'),
            t('integrations.apiKeys.scopes'),
            t('integrations.apiKeys.created'),
            t('integrations.apiKeys.lastUsed'),
            t('common.actions'),
          ]}
          emptyText={t('integrations.apiKeys.empty')}
          isEmpty={list.length === 0}
          minWidth={720}
        >
          {list.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Text fw={600}>{key.attributes.name}</Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {key.attributes.token_start}…
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {key.attributes.scopes.map((scope) => (
                    <Badge key={scope} variant="light" tt="none">
                      {t(`integrations.scopes.${scopeKey(scope)}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                {format(key.attributes.created_at)}
                {key.attributes.created_by && (
                  <Text size="sm" c="dimmed">
                    {key.attributes.created_by}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {key.attributes.last_used_at ? format(key.attributes.last_used_at) : t('integrations.apiKeys.never')}
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => void onRevoke(key.id)}
                  aria-label={`${t('integrations.apiKeys.revoke')}: ${key.attributes.name}`}
                >
                  {t('integrations.apiKeys.revoke')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </QueryState>
  );

  return (
    <IntegrationSection
      title={t('integrations.apiKeys.title')}
      intro={t('integrations.apiKeys.intro')}
      addLabel={t('integrations.apiKeys.add')}
      onAdd={() => setCreating(true)}
      dialogs={
        <>
          <CreateApiKeyModal
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(created) => {
              setCreating(false);
              setToken(created);
            }}
          />
          <SecretOnceModal
            title={t('integrations.apiKeys.tokenTitle')}
            label={t('integrations.apiKeys.tokenLabel')}
            warning={t('apiKeyTokenShownOnce')}
            value={token}
            onClose={() => setToken(null)}
            texts={{
              copy: t('integrations.apiKeys.copy'),
              copied: t('integrations.apiKeys.copied'),
              done: t('integrations.apiKeys.done'),
            }}
          />
          {dialog}
        </>
      }
    >
      {content}
    </IntegrationSection>
  );
}

function CreateApiKeyModal(props: { opened: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['calls:read']);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const created = await create.mutateAsync({ name: name.trim(), scopes });
      setName('');
      setScopes(['calls:read']);
      setErrors({});
      props.onCreated(created.attributes.token ?? '');
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, text]) => [field, translateText(t, text)])));
      if (Object.keys(found).length === 0) notifyError(translateText(t, errorText(error)));
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('integrations.apiKeys.add')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('integrations.apiKeys.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            maxLength={100}
            data-autofocus
          />
          <Checkbox.Group
            label={t('integrations.apiKeys.scopes')}
            value={scopes}
            onChange={(value) => setScopes(value as ApiKeyScope[])}
            error={errors.scopes}
            required
          >
            <Stack gap="xs" mt="xs">
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={`${t(`integrations.scopes.${scopeKey(scope)}`)} (${scope})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('integrations.apiKeys.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

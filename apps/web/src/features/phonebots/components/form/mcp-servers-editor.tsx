import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHONEBOT_LIMITS } from '@phonebot/shared/phonebots';
import { usePhonebotFormContext } from './form-context';

/** The MCP servers the OpenAI tool forwards to: a list of URLs, empty ones dropped on save. */
export function McpServersEditor() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const servers = form.values.mcp_servers;

  return (
    <Fieldset legend={t('phonebots.mcp.legend')} variant="unstyled">
      <Stack gap="xs">
        {servers.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('phonebots.mcp.none')}
          </Text>
        )}
        {servers.map((_server, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              type="url"
              label={t('phonebots.mcp.url', { n: index + 1 })}
              placeholder="https://"
              {...form.getInputProps(`mcp_servers.${index}.url`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={form.errors[`mcp_servers.${index}.url`] ? 22 : 2}
              aria-label={t('phonebots.mcp.remove', { n: index + 1 })}
              onClick={() => form.removeListItem('mcp_servers', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={servers.length >= PHONEBOT_LIMITS.mcpServers}
            onClick={() => form.insertListItem('mcp_servers', { url: '' })}
          >
            {t('phonebots.mcp.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

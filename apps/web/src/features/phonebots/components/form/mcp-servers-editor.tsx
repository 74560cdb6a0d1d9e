import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PHONEBOT_LIMITS } from '@phonebot/shared/phonebots';
import { RowListEditor } from '../../../../components/row-list-editor';
import { usePhonebotFormContext } from './form-context';

/** The MCP servers the OpenAI tool forwards to: a list of URLs, empty ones dropped on save. */
export function McpServersEditor() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const servers = form.values.mcp_servers;

  return (
    <RowListEditor
      legend={t('phonebots.mcp.legend')}
      emptyText={t('phonebots.mcp.none')}
      count={servers.length}
      renderRow={(index) => (
        <TextInput
          style={{ flex: 1 }}
          type="url"
          label={t('phonebots.mcp.url', { n: index + 1 })}
          placeholder="https://"
          {...form.getInputProps(`mcp_servers.${index}.url`)}
        />
      )}
      removeLabel={(index) => t('phonebots.mcp.remove', { n: index + 1 })}
      onRemove={(index) => form.removeListItem('mcp_servers', index)}
      rowHasError={(index) => Boolean(form.errors[`mcp_servers.${index}.url`])}
      addLabel={t('phonebots.mcp.add')}
      addDisabled={servers.length >= PHONEBOT_LIMITS.mcpServers}
      onAdd={() => form.insertListItem('mcp_servers', { url: '' })}
    />
  );
}

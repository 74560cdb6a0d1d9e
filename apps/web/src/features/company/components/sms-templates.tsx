import { ActionIcon, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SMS_TEMPLATES_MAX,
  SMS_TEMPLATE_NAME_MAX,
  SMS_TEMPLATE_TEXT_MAX,
  type SmsTemplate,
} from '@phonebot/shared/customers';
import { QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { registerTranslations } from '../../../lib/i18n';
import { smsTemplatesTranslations, useSmsTemplates, useUpdateSmsTemplates } from '../sms-templates';
import { SettingsCard } from './settings-card';
import { useSaveSettings } from './use-save-settings';

registerTranslations(smsTemplatesTranslations);

/** The company's SMS templates, offered by the SMS dialog (admin, adminuser). */
export function SmsTemplatesCard() {
  const { t } = useTranslation();
  const templates = useSmsTemplates();
  return (
    <SettingsCard
      id="sms-templates-title"
      title={t('smsTemplates.title')}
      description={t('smsTemplates.description', { max: SMS_TEMPLATES_MAX })}
    >
      <QueryState query={templates}>{(found) => <SmsTemplatesForm saved={found.sms_templates} />}</QueryState>
    </SettingsCard>
  );
}

type Row = SmsTemplate & { key: number };
let nextKey = 0;
const rowsOf = (templates: readonly SmsTemplate[]): Row[] => templates.map((t) => ({ ...t, key: nextKey++ }));

function SmsTemplatesForm({ saved }: { saved: readonly SmsTemplate[] }) {
  const { t } = useTranslation();
  const update = useUpdateSmsTemplates();
  const saveSettings = useSaveSettings();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const change = (key: number, patch: Partial<SmsTemplate>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const invalid = rows.some(
    (row) => row.name.trim() === '' || row.text.trim() === '' || row.text.trim().length > SMS_TEMPLATE_TEXT_MAX,
  );

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    void saveSettings(update.mutateAsync(rows.map(({ name, text }) => ({ name: name.trim(), text: text.trim() }))), {
      onSaved: (stored) => setRows(rowsOf(stored.sms_templates)),
      failureText: (error) => (isApiError(error) ? error.message : t('profileUpdateError')),
    });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        {rows.map((row, index) => (
          <Group key={row.key} align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('smsTemplates.name')}
              value={row.name}
              maxLength={SMS_TEMPLATE_NAME_MAX}
              onChange={(event) => change(row.key, { name: event.currentTarget.value })}
              error={row.name.trim() === '' ? t('smsTemplateNameRequired') : undefined}
              style={{ flex: '1 1 12rem' }}
              data-autofocus={index === rows.length - 1 ? true : undefined}
            />
            <Textarea
              label={t('smsTemplates.text')}
              value={row.text}
              autosize
              minRows={2}
              maxRows={6}
              onChange={(event) => change(row.key, { text: event.currentTarget.value })}
              error={row.text.trim() === '' ? t('smsTemplateTextRequired') : undefined}
              description={t('smsTemplates.count', { count: row.text.trim().length, max: SMS_TEMPLATE_TEXT_MAX })}
              style={{ flex: '3 1 18rem' }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              aria-label={t('smsTemplates.remove', { name: row.name || String(index + 1) })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            disabled={rows.length >= SMS_TEMPLATES_MAX}
            onClick={() => setRows((current) => [...current, ...rowsOf([{ name: '', text: '' }])])}
          >
            {t('smsTemplates.add')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={invalid}>
            {t('smsTemplates.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { useFormatDate } from '../../../lib/dates';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { historyTranslations } from '../history-locales';
import { phonebotsTranslations } from '../locales';
import { type PhonebotVersionAttributes, useRestoreVersion, useVersion, useVersions } from '../versions-api';
import { VersionChanges, useFieldLabel } from './version-changes';

registerTranslations(phonebotsTranslations);
registerTranslations(historyTranslations);

type HistoryProps = {
  licenseKey: string;
  /** A guest sees and restores only the greeting and the prompt. */
  guest?: boolean;
  /** After a restore: the settings form starts again from what the phonebot now is. */
  onRestored?: () => void;
};

/** The changes of one version, read when it is opened. */
function VersionDetail({ licenseKey, number }: { licenseKey: string; number: number }) {
  const { t } = useTranslation();
  const detail = useVersion(licenseKey, number);
  if (detail.isError) return <QueryError query={detail} />;
  if (!detail.data) return <PageLoader />;
  const { previous, changes } = detail.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {previous === null
          ? t('phonebotHistory.changesFirst', { number })
          : t('phonebotHistory.changesOf', { number, previous })}
      </Text>
      <VersionChanges changes={changes} />
    </Stack>
  );
}

/** The History tab of a phonebot: its versions, newest first, each with its changes and a restore. */
export function PhonebotHistory({ licenseKey, guest = false, onRestored }: HistoryProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const label = useFieldLabel();
  const versions = useVersions(licenseKey);
  const restore = useRestoreVersion(licenseKey);
  const { confirm, dialog } = useConfirm();
  const [open, setOpen] = useState<number | undefined>(undefined);

  if (versions.isError) return <QueryError query={versions} />;
  if (!versions.data) return <PageLoader />;

  const latest = versions.data[0]?.number;

  const handleRestore = async (version: PhonebotVersionAttributes) => {
    const confirmed = await confirm({
      title: t('phonebotHistory.restoreTitle', { number: version.number }),
      text: t(guest ? 'phonebotHistory.restoreGuestText' : 'phonebotHistory.restoreText', { number: version.number }),
      confirmLabel: t('phonebotHistory.restoreConfirm'),
    });
    if (!confirmed) return;
    try {
      const made = await restore.mutateAsync(version.number);
      notifySuccess(t('phonebotHistory.restored', { number: version.number, new: made.number }));
      setOpen(made.number);
      onRestored?.();
    } catch {
      notifyError(t('phonebotHistory.restoreError'));
    }
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('phonebotHistory.title')}
      </Title>
      {versions.data.length === 0 && <Text>{t('phonebotHistory.empty')}</Text>}
      {versions.data.map((version) => {
        const expanded = open === version.number;
        const detailId = `phonebot-version-${version.number}`;
        return (
          <Paper key={version.number} withBorder p="sm">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700}>{t('phonebotHistory.version', { number: version.number })}</Text>
                  <Text size="sm" c="dimmed">
                    {version.actor_name === null
                      ? t('phonebotHistory.nobody', { date: formatDate(version.created_at) })
                      : t('phonebotHistory.by', { name: version.actor_name, date: formatDate(version.created_at) })}
                  </Text>
                  {version.restored_from !== null && (
                    <Text size="sm">{t('phonebotHistory.restoredFrom', { number: version.restored_from })}</Text>
                  )}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {version.number === 1 && version.actor_name !== null
                      ? t('phonebotHistory.created')
                      : version.fields.length === 0
                        ? t('phonebotHistory.noFields')
                        : t('phonebotHistory.fields', { fields: version.fields.map(label).join(', ') })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="wrap">
                  <Button
                    variant="default"
                    size="sm"
                    aria-expanded={expanded}
                    aria-controls={detailId}
                    onClick={() => setOpen(expanded ? undefined : version.number)}
                  >
                    {t('phonebotHistory.show', { number: version.number })}
                  </Button>
                  {version.number !== latest && (
                    <Button
                      size="sm"
                      leftSection={<IconHistory size={16} aria-hidden />}
                      loading={restore.isPending && restore.variables === version.number}
                      onClick={() => void handleRestore(version)}
                    >
                      {t('phonebotHistory.restore', { number: version.number })}
                    </Button>
                  )}
                </Group>
              </Group>
              <Collapse expanded={expanded} id={detailId}>
                {expanded && <VersionDetail licenseKey={licenseKey} number={version.number} />}
              </Collapse>
            </Stack>
          </Paper>
        );
      })}
      {dialog}
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '@phonebot/shared';
import { QueryState } from '../../../components/query-state';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRole } from '../../auth';
import { useCallerCounts, useEraseCaller } from '../api';
import { callerRightsTranslations } from '../locales';

registerTranslations(callerRightsTranslations);

type CallerRightsActionsProps = {
  /** The caller's number as stored with the calls (E.164). */
  number: string;
  /** Called once the caller is erased (e.g. to close the call that is gone with it). */
  onErased?: () => void;
};

/**
 * A caller's requests of access and erasure, where their calls are shown: "Export this caller's data" (a JSON file
 * of everything) and a readable summary (an HTML page to print or send) for those who may export, "Erase this caller" with a confirmation naming
 * what goes for those who may erase. Shows nothing to the others.
 */
export function CallerRightsActions({ number, onErased }: CallerRightsActionsProps) {
  const { t, i18n } = useTranslation();
  const role = useRole();
  const [erasing, setErasing] = useState(false);
  const [exporting, setExporting] = useState<'json' | 'html' | null>(null);
  if (!role.isSuccess) return null;
  const mayExport = can(role.data, 'callers.export');
  const mayErase = can(role.data, 'callers.erase');
  if (!mayExport && !mayErase) return null;

  const download = async (format: 'json' | 'html') => {
    setExporting(format);
    try {
      const { saveCallerExport } = await import('../save-export');
      await saveCallerExport(number, format, t, i18n.language);
      notifySuccess(t('callerRights.exported'));
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Group gap="xs" wrap="wrap" data-testid="caller-rights">
      {mayExport && (
        <>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={exporting === 'json'}
            disabled={exporting !== null}
            onClick={() => void download('json')}
          >
            {t('callerRights.export')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileText size={14} aria-hidden />}
            loading={exporting === 'html'}
            disabled={exporting !== null}
            onClick={() => void download('html')}
          >
            {t('callerRights.exportHtml')}
          </Button>
        </>
      )}
      {mayErase && (
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setErasing(true)}
        >
          {t('callerRights.erase')}
        </Button>
      )}
      {mayErase && (
        <EraseDialog
          number={number}
          opened={erasing}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            onErased?.();
          }}
        />
      )}
    </Group>
  );
}

function EraseDialog(props: { number: string; opened: boolean; onClose: () => void; onErased: () => void }) {
  const { number, opened, onClose, onErased } = props;
  const { t } = useTranslation();
  const counts = useCallerCounts(number, opened);
  const erase = useEraseCaller();

  const confirm = async () => {
    try {
      const gone = await erase.mutateAsync(number);
      notifySuccess(t('callerRights.erased', gone));
      onErased();
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };

  const body = (
    <QueryState query={counts} loading={<Skeleton height={80} />}>
      {(found) => (
        <>
          <Text>{t('callerRights.eraseIntro')}</Text>
          <List data-testid="erase-counts">
            <List.Item>{t('callerRights.eraseCalls', { count: found.calls })}</List.Item>
            <List.Item>{t('callerRights.eraseNotes', { count: found.notes })}</List.Item>
            <List.Item>{t('callerRights.eraseSms', { count: found.sms })}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('callerRights.eraseKept')}
          </Text>
        </>
      )}
    </QueryState>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('callerRights.eraseTitle', { number })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => void confirm()}
            loading={erase.isPending}
            disabled={!counts.isSuccess}
            data-autofocus
          >
            {t('callerRights.eraseConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useState } from 'react';
import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconChecklist, IconDownload, IconKeyboard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useArmedArea } from '../../../components/armed-area';
import { errorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import type { CallListKind } from '../constants';
import type { CallListParams } from '../list-params';
import { UrgentAlertsButton } from './urgent-alerts-button';

const TITLES: Record<CallListKind, 'pages.viewCallLogs' | 'pages.newCalls' | 'pages.completedCalls' | 'pages.calls'> = {
  dashboard: 'pages.viewCallLogs',
  new: 'pages.newCalls',
  completed: 'pages.completedCalls',
  simple: 'pages.calls',
};

/**
 * A call screen's title and its buttons: on the dashboard the urgent alerts, the download of the list and the
 * completed calls; on new and completed calls the way back; on the inbox screens the keyboard keys.
 */
export function CallListToolbar({
  kind,
  params,
  total,
  onKeysHelp,
}: {
  kind: CallListKind;
  params: CallListParams;
  /** How many calls the list has (nothing to download when none). */
  total: number;
  /** Opens the keys' help; left out where the screen has no keys. */
  onKeysHelp?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  // The keys button's tooltip is made once the mouse or the focus comes to the toolbar.
  const { armed, ref, handlers: arm } = useArmedArea<HTMLDivElement>();

  async function download() {
    if (total === 0) {
      notifyError(t('noDataToExport'));
      return;
    }
    setDownloading(true);
    try {
      const { downloadCallLog } = await import('../export');
      await downloadCallLog(kind, params);
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Group justify="space-between" gap="sm" ref={ref} {...arm}>
      <Title order={1} size={kind === 'simple' ? undefined : 'h2'}>
        {t(TITLES[kind])}
      </Title>
      <Group gap="sm" className="inbox-toolbar-actions">
        {kind === 'dashboard' && (
          <>
            <UrgentAlertsButton />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download()}
              loading={downloading}
            >
              {t('calls.toolbar.download')}
            </Button>
            <Button component={Link} to="/completed" leftSection={<IconChecklist size={16} aria-hidden />}>
              {t('calls.toolbar.completedLogs')}
            </Button>
          </>
        )}
        {(kind === 'new' || kind === 'completed') && (
          <Button
            component={Link}
            to="/viewcalllogs"
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('calls.toolbar.backToDashboard')}
          </Button>
        )}
        {onKeysHelp && <KeysButton armed={armed} label={t('inbox.keys.button')} onClick={onKeysHelp} />}
      </Group>
    </Group>
  );
}

function KeysButton({ armed, label, onClick }: { armed: boolean; label: string; onClick: () => void }) {
  const button = (
    <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
      <IconKeyboard size={18} aria-hidden />
    </ActionIcon>
  );
  return armed ? <Tooltip label={label}>{button}</Tooltip> : button;
}

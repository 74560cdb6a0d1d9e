import { Button, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useConfirm } from '../../../components/use-confirm';
import { errorText } from '../../../lib/api-errors';
import { useFormatDate } from '../../../lib/dates';
import { translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useEndOtherSessions, useEndSession, useSessions } from '../api';
import { DeviceCell, useDeviceName } from './device-cell';

type Session = NonNullable<ReturnType<typeof useSessions>['data']>[number];

/** My profile's list of signed-in devices: this one marked; any other can be ended, or all others at once. */
export function SessionsCard() {
  const sessions = useSessions();
  return <QueryState query={sessions}>{(list) => <SessionsList sessions={list} />}</QueryState>;
}

function SessionsList({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const { confirm, dialog } = useConfirm();

  const device = useDeviceName();
  const fail = (error: unknown) => notifyError(translateText(t, errorText(error)));
  const others = sessions.filter((session) => !session.attributes.current).length;

  const endAll = async () => {
    const sure = await confirm({
      title: t('profile.sessions.endOthersTitle'),
      text: t('profile.sessions.endOthersText', { count: others }),
      confirmLabel: t('profile.sessions.endOthers'),
      danger: true,
    });
    if (!sure) return;
    endOthers.mutate(undefined, { onSuccess: () => notifySuccess(t('profile.sessions.ended')), onError: fail });
  };

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.sessions.device')}</Table.Th>
              <Table.Th>{t('profile.sessions.ip')}</Table.Th>
              <Table.Th>{t('profile.sessions.created')}</Table.Th>
              <Table.Th>{t('profile.sessions.lastUsed')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id} data-testid="session-row">
                <Table.Td>
                  <DeviceCell
                    userAgent={session.attributes.user_agent}
                    marker={session.attributes.current && t('profile.sessions.current')}
                  />
                </Table.Td>
                <Table.Td>{session.attributes.ip ?? '–'}</Table.Td>
                <Table.Td>{formatDate(session.attributes.created_at, 'dateTime')}</Table.Td>
                <Table.Td>{formatDate(session.attributes.last_used_at, 'dateTime')}</Table.Td>
                <Table.Td>
                  {!session.attributes.current && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('profile.sessions.endOne', { device: device(session.attributes.user_agent) })}
                      loading={end.isPending && end.variables === Number(session.id)}
                      onClick={() =>
                        end.mutate(Number(session.id), {
                          onSuccess: () => notifySuccess(t('profile.sessions.ended')),
                          onError: fail,
                        })
                      }
                    >
                      {t('profile.sessions.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {others > 0 && (
        <Group justify="flex-end">
          <Button variant="outline" color="red" loading={endOthers.isPending} onClick={() => void endAll()}>
            {t('profile.sessions.endOthers')}
          </Button>
        </Group>
      )}
      {dialog}
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CallListParams } from '../list-params';
import { queueOf } from './queue-chips';

/**
 * What the dashboard's list says when it is empty and no search or day narrows it: no phonebot yet, nothing left
 * to call back, or nothing in the chosen quick filter.
 */
export function EmptyInbox({
  params,
  noPhonebots,
  managePhonebots,
  update,
}: {
  params: CallListParams;
  noPhonebots: boolean;
  managePhonebots: boolean;
  update: (patch: Partial<CallListParams>) => void;
}) {
  const { t } = useTranslation();
  const queue = queueOf(params);
  if (noPhonebots) {
    return (
      <EmptyState title={t('inbox.empty.noPhonebotTitle')} text={t('inbox.empty.noPhonebotText')}>
        {managePhonebots && (
          <Anchor component={Link} to="/vbots">
            {t('inbox.empty.noPhonebotLink')}
          </Anchor>
        )}
      </EmptyState>
    );
  }
  if (queue === 'all')
    return <EmptyState title={t('inbox.empty.caughtUpTitle')} text={t('inbox.empty.caughtUpText')} />;
  return (
    <EmptyState title={t('inbox.empty.filtered')}>
      <Button
        variant="light"
        onClick={() => update({ assignee: undefined, overdue: undefined, priority: undefined, snoozed: undefined })}
      >
        {t('inbox.empty.showAll')}
      </Button>
    </EmptyState>
  );
}

function EmptyState({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <Stack gap={6} align="center" ta="center" py="lg" data-empty-state>
      <Text fw={700}>{title}</Text>
      {text && (
        <Text size="sm" c="dimmed" maw={520}>
          {text}
        </Text>
      )}
      {children}
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const HOUR = 3_600_000;

/** The offered snooze times, from a moment: in 1 and 4 hours, tomorrow at 9:00, next Monday at 9:00 (local time). */
export function snoozeChoices(now: Date) {
  const at9 = (days: number) => {
    const date = new Date(now);
    date.setDate(date.getDate() + days);
    date.setHours(9, 0, 0, 0);
    return date;
  };
  const untilMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { key: 'hour', until: new Date(now.getTime() + HOUR) },
    { key: 'fourHours', until: new Date(now.getTime() + 4 * HOUR) },
    { key: 'tomorrow', until: at9(1) },
    { key: 'nextWeek', until: at9(untilMonday) },
  ] as const;
}

type SnoozeDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The chosen moment as an ISO time. */
  onPick: (until: string) => void;
};

/** Choose until when a call (or the selected calls) leaves the open list. */
export function SnoozeDialog({ opened, onClose, onPick }: SnoozeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('inbox.snooze.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <SnoozeChoices onPick={onPick} />}
    </Modal>
  );
}

function SnoozeChoices({ onPick }: { onPick: (until: string) => void }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState('');
  const [invalid, setInvalid] = useState(false);
  const choices = snoozeChoices(new Date());

  function pickCustom() {
    const until = new Date(custom);
    if (Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
      setInvalid(true);
      return;
    }
    onPick(until.toISOString());
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {choices.map((choice, index) => (
          <Button
            key={choice.key}
            variant="light"
            data-autofocus={index === 0 || undefined}
            onClick={() => onPick(choice.until.toISOString())}
          >
            {t(`inbox.snooze.${choice.key}`)}
          </Button>
        ))}
      </SimpleGrid>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          pickCustom();
        }}
      >
        <Stack gap="xs">
          <TextInput
            type="datetime-local"
            label={t('inbox.snooze.custom')}
            value={custom}
            error={invalid ? t('inbox.snooze.invalid') : undefined}
            onChange={(event) => {
              setCustom(event.currentTarget.value);
              setInvalid(false);
            }}
          />
          <Button type="submit" variant="default" disabled={custom === ''}>
            {t('inbox.snooze.apply')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

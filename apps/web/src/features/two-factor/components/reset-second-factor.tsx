import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/use-confirm';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResetUserMfa } from '../api';
import { twoFactorTranslations } from '../locales';

registerTranslations(twoFactorTranslations);

/** A user whose second factor may be reset: their id and the e-mail the question names. */
type ResetUser = { id: number; email: string };

/**
 * Resets the second factor of a user who lost their phone and recovery codes: asks first, then resets (the user is
 * mailed and sets it up again). `dialog` is the question, to render once; `resetting` is the user being reset.
 */
export function useResetSecondFactor(onReset?: () => void) {
  const { t } = useTranslation();
  const reset = useResetUserMfa(onReset);
  const { confirm, dialog } = useConfirm();
  const run = async (user: ResetUser) => {
    const sure = await confirm({
      title: t('twoFactor.reset.confirmTitle'),
      text: t('twoFactor.reset.confirmText', { email: user.email }),
      confirmLabel: t('twoFactor.reset.button'),
      danger: true,
    });
    if (!sure) return;
    try {
      await reset.mutateAsync(user.id);
      notifySuccess(t('twoFactor.reset.done'));
    } catch (error) {
      notifyError(translateText(t, errorText(error)));
    }
  };
  return { run, dialog, resetting: reset.isPending ? reset.variables : undefined };
}

/** The Update User screen's card to reset the user's lost second factor. */
export function ResetSecondFactor({ user }: { user: ResetUser }) {
  const { t } = useTranslation();
  const { run, dialog, resetting } = useResetSecondFactor();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="user-mfa-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="user-mfa-title">
          {t('twoFactor.reset.title')}
        </Title>
        <Text size="sm">{t('twoFactor.reset.hint')}</Text>
        <Group>
          <Button variant="outline" color="red" loading={resetting === user.id} onClick={() => void run(user)}>
            {t('twoFactor.reset.button')}
          </Button>
        </Group>
      </Stack>
      {dialog}
    </Paper>
  );
}

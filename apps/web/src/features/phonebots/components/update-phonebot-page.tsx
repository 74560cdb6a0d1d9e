import { useState, type ReactNode } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@phonebot/shared';
import { can } from '@phonebot/shared';
import { PAYMENT_STATUS } from '@phonebot/shared/phonebots';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { deleteConfirmation, useConfirm } from '../../../components/use-confirm';
import { isApiError } from '../../../lib/api-client';
import { registerTranslations } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRole } from '../../auth';
import { useDeletePhonebot, usePhonebot, useRegenerateBotToken, useUpdatePhonebot } from '../api';
import { formErrorsOf } from '../form-errors';
import { phonebotsTranslations } from '../locales';
import type { PhonebotAttributes } from '../api';
import { formValuesOf } from '../schemas';
import { BackToList } from './back-to-list';
import { BotTokenModal } from './bot-token-modal';
import { PhonebotForm } from './form/phonebot-form';
import { PhonebotTabs } from './phonebot-tabs';
import { PaymentStatusBadge } from './status-badges';

registerTranslations(phonebotsTranslations);

export type CheckoutSlot = (phonebot: { license_Key: string; payment_status: number }) => ReactNode;

type UpdatePhonebotPageProps = {
  /** The billing feature's checkout button, offered while payment_status is 0 (composed in app/). */
  checkout?: CheckoutSlot;
};

/**
 * /editvbot/{key} and /editphonebot/{key}: one screen for both. The super saves through /phonebot (and may set the
 * payment status by hand); admins and adminusers through /vbot.
 */
export function UpdatePhonebotPage({ checkout }: UpdatePhonebotPageProps) {
  const { t } = useTranslation();
  const licenseKey = useParams().license_Key ?? '';
  const role = useRole();
  const phonebot = usePhonebot(licenseKey);

  // An unknown (or another company's) license key is a page that does not exist, like any unknown address.
  if (isApiError(phonebot.error, 404)) return <NotFoundPage embedded />;

  let content: ReactNode;
  if (role.isSuccess && phonebot.isSuccess) {
    const [found, roleName] = [phonebot.data, role.data];
    content = (
      <PhonebotTabs licenseKey={licenseKey}>
        {(revision) => (
          <PhonebotEditor key={`${licenseKey}:${revision}`} phonebot={found} role={roleName} checkout={checkout} />
        )}
      </PhonebotTabs>
    );
  } else if (role.isError || phonebot.isError) {
    const failed = role.isError ? role : phonebot;
    content = <QueryError query={failed} />;
  } else {
    content = <PageLoader />;
  }

  return (
    <Stack gap="lg">
      <BackToList to={role.data === 'super' ? '/phonebots' : '/vbots'} />
      <Title order={1}>{t('pages.updatePhonebot')}</Title>
      {content}
    </Stack>
  );
}

type PhonebotEditorProps = {
  phonebot: PhonebotAttributes;
  role: Role;
  checkout?: CheckoutSlot;
};

function PhonebotEditor({ phonebot, role, checkout }: PhonebotEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const update = useUpdatePhonebot();
  const remove = useDeletePhonebot();
  const regenerate = useRegenerateBotToken();
  const [botToken, setBotToken] = useState<string | null>(null);
  const isSuper = role === 'super';
  const paymentStatus = phonebot.payment_status ?? 0;
  const [manualPaymentStatus, setManualPaymentStatus] = useState(String(paymentStatus));
  const licenseKey = phonebot.license_Key;
  const listPath = isSuper ? '/phonebots' : '/vbots';

  const handleDelete = async () => {
    const confirmed = await confirm(deleteConfirmation(t));
    if (!confirmed) return;
    try {
      await remove.mutateAsync(licenseKey);
    } catch {
      notifyError(`${t('errorTitle')} ${t('phonebotDeleteError')}`);
      return;
    }
    notifySuccess(`${t('deleted')} ${t('phonebotDeleted')}`);
    await navigate(listPath);
  };

  const handleRegenerate = async () => {
    const confirmed = await confirm({
      title: t('phonebots.token.regenerateTitle'),
      text: t('phonebots.token.regenerateText'),
      confirmLabel: t('phonebots.token.regenerateConfirm'),
    });
    if (!confirmed) return;
    try {
      setBotToken((await regenerate.mutateAsync(licenseKey)).bot_token);
    } catch {
      notifyError(t('phonebots.token.regenerateError'));
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={700} size="lg">
                {phonebot.bezeichnung}
              </Text>
              <Text size="sm" c="dimmed" ff="monospace">
                {t('phonebots.update.licenseKey', { value: licenseKey })}
              </Text>
            </Stack>
            <PaymentStatusBadge value={phonebot.payment_status} />
          </Group>
          {paymentStatus === PAYMENT_STATUS.inactive &&
            checkout?.({ license_Key: licenseKey, payment_status: paymentStatus })}
          <Group gap="sm">
            {/* A new bot token hands out the phonebot's secrets: the company's owners only (with step-up). */}
            {can(role, 'phonebots.botToken') && (
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => void handleRegenerate()}
                loading={regenerate.isPending}
              >
                {t('phonebots.token.regenerate')}
              </Button>
            )}
            {/* The company's admins delete their own phonebots, the super any customer's (DELETE /vbot). */}
            {(can(role, 'phonebots.manage') || can(role, 'phonebots.all')) && (
              <Button
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void handleDelete()}
                loading={remove.isPending}
              >
                {t('phonebots.update.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <PhonebotForm
        mode="update"
        cancelTo={listPath}
        initialValues={formValuesOf(phonebot)}
        stored={phonebot.secrets_set}
        maskedKey={phonebot.secrets_set?.apen_ai_key ? phonebot.apen_ai_key : undefined}
        licenseKey={phonebot.license_Key}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({
              licenseKey,
              attributes: values,
              paymentStatus: isSuper ? Number(manualPaymentStatus) : undefined,
            });
          } catch (error) {
            notifyError(t('phonebotUpdateError'));
            if (isApiError(error, 422)) return formErrorsOf(error);
            return;
          }
          notifySuccess(t('phonebotUpdated'));
          await navigate(listPath);
        }}
        extra={
          isSuper
            ? {
                legend: t('phonebots.payment.section'),
                dirty: manualPaymentStatus !== String(paymentStatus),
                content: (
                  <NativeSelect
                    label={t('phonebots.payment.label')}
                    description={t('phonebots.payment.manualDescription')}
                    value={manualPaymentStatus}
                    onChange={(event) => setManualPaymentStatus(event.currentTarget.value)}
                    data={Object.entries(PAYMENT_STATUS).map(([name, value]) => ({
                      value: String(value),
                      label: t(`phonebots.payment.${name as keyof typeof PAYMENT_STATUS}`),
                    }))}
                    maw={320}
                  />
                ),
              }
            : undefined
        }
      />
      <BotTokenModal token={botToken} onClose={() => setBotToken(null)} />
      {dialog}
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { saveText } from '../../../lib/download';
import { errorText } from '../../../lib/api-errors';
import { registerTranslations, translateText } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmTotp, useDisableTotp, useMfa, useStartTotp } from '../api';
import { twoFactorTranslations } from '../locales';
import { QrCode } from './qr-code';

registerTranslations(twoFactorTranslations);

/** The recovery codes of a new enrolment, shown once with ways to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('twoFactor.recoveryTitle')}</Text>
      <Text size="sm">{t('twoFactor.recoveryNote')}</Text>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>
            <Code>{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => saveText('phonebot-portal-recovery-codes.txt', text, 'text/plain')}>
          {t('twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.done')}</Button>
      </Group>
    </Stack>
  );
}

/** Setting up: QR code (drawn in the browser), the key for typing, and the first code that turns it on. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!start.data) {
    return (
      <Group>
        <Button
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, { onError: (caught) => notifyError(translateText(t, errorText(caught))) })
          }
        >
          {t('twoFactor.enable')}
        </Button>
      </Group>
    );
  }
  const submit = async () => {
    try {
      onCodes(await confirm.mutateAsync(code.replace(/\s+/g, '')));
      notifySuccess(t('twoFactor.enabled'));
    } catch (caught) {
      if (isApiError(caught, 429)) notifyError(t('tooManyRequests'));
      else setError(translateText(t, errorText(caught)));
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <QrCode value={start.data.otpauth_uri} alt={t('twoFactor.qrAlt')} className="" />
        <Text size="sm">
          {t('twoFactor.secret')}: <Code>{start.data.secret}</Code>
        </Text>
        <TextInput
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={confirm.isPending}>
            {t('twoFactor.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Disable() {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const submit = async () => {
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      notifySuccess(t('twoFactor.disabled'));
    } catch (caught) {
      if (isApiError(caught, 429)) notifyError(t('tooManyRequests'));
      else if (isApiError(caught) && caught.code === 'currentPasswordIssue')
        setErrors({ password: translateText(t, errorText(caught)) });
      else setErrors({ code: translateText(t, errorText(caught)) });
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.disableNote')}</Text>
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors({});
          }}
        />
        <TextInput
          label={t('twoFactor.codeOrRecovery')}
          autoComplete="one-time-code"
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setErrors({});
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" variant="outline" loading={disable.isPending}>
            {t('twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** My profile's card for the second factor: its state, setting it up, the recovery codes once, turning it off. */
export function TwoFactorCard() {
  const mfa = useMfa();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <QueryState query={mfa}>
      {(status) =>
        codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : (
          <TwoFactorState status={status} onCodes={setCodes} />
        )
      }
    </QueryState>
  );
}

type MfaStatus = NonNullable<ReturnType<typeof useMfa>['data']>;

function TwoFactorState({ status, onCodes }: { status: MfaStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text>{t(status.enabled ? 'twoFactor.on' : 'twoFactor.off')}</Text>
      {status.required && !status.enabled && <Alert color="orange">{t('twoFactor.required')}</Alert>}
      {status.enabled ? (
        <>
          <Text size="sm" c="dimmed">
            {t('twoFactor.codesLeft', { count: status.recovery_codes_left })}
          </Text>
          <Disable />
        </>
      ) : (
        <Enrol onCodes={onCodes} />
      )}
    </Stack>
  );
}

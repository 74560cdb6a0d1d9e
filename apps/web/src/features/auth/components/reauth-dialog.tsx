import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, getDefaultZIndex } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionRoutes } from '@phonebot/shared/sessions';
import { PasswordField } from '../../../components/form/password-field';
import { OnceOpened } from '../../../components/once-opened';
import { callApi } from '../../../lib/api-client';
import { errorText, type ErrorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { setStepUpPrompt } from '../../../lib/step-up';
import { fetchSecondFactorOn } from '../../two-factor/sign-in';
import { useMe } from '../queries';

/** With two-factor sign-in on, the server takes only a code of the app; without it, only the password. */
type Factor = 'password' | 'code';
type Question = { settle: (confirmed: boolean) => void };

const SIX_DIGITS = /^\d{6}$/;

async function factorOfUser(): Promise<Factor> {
  try {
    return (await fetchSecondFactorOn()) ? 'code' : 'password';
  } catch {
    // The server names the factor it wants when it refuses the password (see `submit`).
    return 'password';
  }
}

/*
 * The dialog usually opens over another one (the form of the action it confirms). Mantine's modals each close on
 * Escape from a listener on the window, so Escape here would close both. This listener comes first, since it is
 * registered when the signed-in shell loads and a screen's modals register theirs later: while the question is open,
 * Escape cancels it and goes no further.
 */
let cancelOpenQuestion: (() => void) | null = null;
window.addEventListener(
  'keydown',
  (event) => {
    if (event.key !== 'Escape' || event.isComposing || cancelOpenQuestion === null) return;
    event.stopImmediatePropagation();
    cancelOpenQuestion();
  },
  { capture: true },
);

/**
 * "Confirm it is you": asks for the current password (or, with two-factor sign-in, a code of the app) when a
 * sensitive action needs a recent step-up, and performs it (POST /me/reauth); lib/step-up.ts then sends the
 * action again. Rendered once in the signed-in shell.
 */
export function ReauthDialog() {
  const { t } = useTranslation();
  const me = useMe();
  const [question, setQuestion] = useState<Question | null>(null);
  const [factor, setFactor] = useState<Factor>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const open = useRef<Question | null>(null);

  useEffect(() => {
    const unregister = setStepUpPrompt(async () => {
      const asked = await factorOfUser();
      return new Promise<boolean>((resolve) => {
        const current: Question = {
          settle: (confirmed) => {
            if (open.current !== current) return;
            open.current = null;
            cancelOpenQuestion = null;
            setQuestion(null);
            resolve(confirmed);
          },
        };
        open.current = current;
        cancelOpenQuestion = () => current.settle(false);
        setFactor(asked);
        setValue('');
        setError(null);
        setSubmitting(false);
        setQuestion(current);
      });
    });
    return () => {
      unregister();
      // Leaving the signed-in shell (a session that ended) cancels the question: the action gets its refusal.
      open.current?.settle(false);
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (question === null || submitting) return;
    const given = factor === 'code' ? value.replace(/\s+/g, '') : value;
    if (factor === 'password' ? given === '' : !SIX_DIGITS.test(given)) {
      setError(factor === 'password' ? 'currentPasswordRequired' : 'mfaCodeInvalid');
      return;
    }
    setSubmitting(true);
    try {
      await callApi(sessionRoutes.reauth, { body: factor === 'code' ? { code: given } : { password: given } });
      question.settle(true);
    } catch (caught) {
      setSubmitting(false);
      const text = errorText(caught);
      // A password for a user with two-factor sign-in (its status could not be read): the server wants a code.
      if (factor === 'password' && text === 'mfaCodeInvalid') {
        setFactor('code');
        setValue('');
      }
      setError(text);
    }
  };

  const shownError = error === null ? undefined : translateText(t, error);
  // The code's field and the password's: the one answer the question asks for.
  const field = {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      setError(null);
    },
    error: shownError,
    'data-autofocus': true,
  };

  // Made when first asked (most visits never are), then kept, so it closes with its transition.
  return (
    <OnceOpened opened={question !== null}>
      <Modal
        opened={question !== null}
        onClose={() => question?.settle(false)}
        title={t('reauth.title')}
        centered
        closeOnEscape={false}
        zIndex={getDefaultZIndex('modal') + 1}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t(factor === 'code' ? 'reauth.codeIntro' : 'reauth.passwordIntro')}</Text>
            {/* Lets a password manager tell which account the password is for. */}
            <input type="text" name="username" autoComplete="username" value={me.data?.email ?? ''} readOnly hidden />
            {factor === 'code' ? (
              <TextInput
                key="code"
                label={t('reauth.code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                {...field}
              />
            ) : (
              <PasswordField
                key="password"
                label={t('reauth.password')}
                name="password"
                autoComplete="current-password"
                {...field}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => question?.settle(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={submitting}>
                {t('reauth.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </OnceOpened>
  );
}

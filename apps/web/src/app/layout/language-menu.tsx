import { useEffect } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMadeOnClick } from '../../components/armed-area';
import { HeaderMenu } from './header-menu';
import { authKeys, saveLanguage, useMe } from '../../features/auth';
import { LANGUAGES, currentLanguage, isLanguage, setLanguage } from '../../lib/i18n';

/**
 * The signed-in header's language choice: an icon that opens the two languages, so it fits a phone's header. The
 * language of the screens is also saved on the account (whenever it differs, including a choice made on the login
 * page), because the mails to the user are written in it.
 */
export function LanguageMenu({ armed }: { armed: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  const saved = useMe().data?.language;
  const queryClient = useQueryClient();
  const { made, openedAtOnce, onBareClick } = useMadeOnClick(armed);

  useEffect(() => {
    if (!saved || saved === language) return;
    saveLanguage(language)
      .then((me) => queryClient.setQueryData(authKeys.me(), me))
      .catch(() => {
        // Kept for the next change or visit; the screens already show the chosen language.
      });
  }, [saved, language, queryClient]);

  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`${t('language.label')}: ${t(`language.${language}`)}`}
      aria-haspopup="menu"
      data-testid="language-menu"
      onClick={made ? undefined : onBareClick}
    >
      <IconLanguage size={20} aria-hidden />
    </ActionIcon>
  );
  // Made once the header is armed, as the account's menu (account-menu.tsx).
  if (!made) return button;
  return (
    <HeaderMenu width={160} openedAtOnce={openedAtOnce} target={button}>
      <Menu.Label>{t('language.label')}</Menu.Label>
      {LANGUAGES.map((value) => (
        <Menu.Item
          key={value}
          lang={value}
          renderRoot={(props) => (
            <button type="button" {...props} role="menuitemradio" aria-checked={language === value} />
          )}
          onClick={() => void setLanguage(value)}
          rightSection={language === value ? <IconCheck size={16} aria-hidden /> : null}
        >
          {t(`language.${value}`)}
        </Menu.Item>
      ))}
    </HeaderMenu>
  );
}

import type { ReactNode } from 'react';
import { IconPhoneCall } from '@tabler/icons-react';
import { PlainLink, PlainSelect, type Navigate } from '../../components/plain/plain-ui';
import { LANGUAGES, currentLanguage, isLanguage, setLanguage, useI18n } from '../../lib/i18n';
import { useOperator } from '../../lib/public-config';
import { operatorParts } from './operator-parts';

/** The operator's footer line, as OperatorFooter shows it on the other screens. */
function PlainOperatorFooter() {
  const { t } = useI18n();
  const operator = useOperator();
  const parts = operator ? operatorParts(operator, (page) => t(`footer.${page}`)) : [];
  if (parts.length === 0) return null;
  return (
    <footer className="pb-footer">
      {parts.map((part, index) => (
        <span key={part.key}>
          {index > 0 && <span aria-hidden>· </span>}
          {part.href ? (
            <a href={part.href} {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {part.text}
            </a>
          ) : (
            part.text
          )}
        </span>
      ))}
    </footer>
  );
}

/**
 * The sign-in screens' frame (brand and language) without Mantine, for the login page, which loads before the
 * rest of the app. It looks like AuthLayout, which frames the other sign-in screens.
 */
export function PlainAuthLayout({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="pb-plain">
      <header className="pb-header">
        <PlainLink to="/login" navigate={navigate} className="pb-brand">
          <IconPhoneCall size={22} aria-hidden />
          {t('app.name')}
        </PlainLink>
        <PlainSelect
          label={t('language.label')}
          value={currentLanguage()}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          onChange={(value) => {
            if (isLanguage(value)) void setLanguage(value);
          }}
        />
      </header>
      <main className="pb-main">{children}</main>
      <PlainOperatorFooter />
    </div>
  );
}

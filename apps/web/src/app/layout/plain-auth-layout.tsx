import type { ReactNode } from 'react';
import { IconPhoneCall } from '@tabler/icons-react';
import { OfflineBanner } from '../../components/offline-banner';
import { PlainLink, PlainSelect, type Navigate } from '../../components/plain/plain-ui';
import { LANGUAGES, currentLanguage, isLanguage, setLanguage, useI18n } from '../../lib/i18n';
import { useOperator } from '../../lib/public-config';
import { type OperatorPart, operatorGroups, operatorParts } from './operator-parts';

/** The operator's footer line, as OperatorFooter shows it on the other screens. */
function PlainOperatorFooter() {
  const { t } = useI18n();
  const operator = useOperator();
  const parts = operator ? operatorParts(operator, (page) => t(`footer.${page}`)) : [];
  if (parts.length === 0) return null;
  const { identity, pages } = operatorGroups(parts);
  const item = (part: OperatorPart) =>
    part.href ? (
      <a href={part.href} {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {part.text}
      </a>
    ) : (
      part.text
    );
  return (
    <footer className="pb-footer">
      {identity.map((part, index) => (
        <span key={part.key} className="pb-footer-part">
          {index > 0 && (
            <span className="pb-footer-sep" aria-hidden>
              ·{' '}
            </span>
          )}
          {item(part)}
        </span>
      ))}
      {pages.length > 0 && (
        <span className="pb-footer-part pb-footer-pages">
          {identity.length > 0 && (
            <span className="pb-footer-sep" aria-hidden>
              ·{' '}
            </span>
          )}
          {pages.map((part, index) => (
            <span key={part.key}>
              {index > 0 && <span aria-hidden> · </span>}
              {item(part)}
            </span>
          ))}
        </span>
      )}
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
      <OfflineBanner inset />
      <main className="pb-main">{children}</main>
      <PlainOperatorFooter />
    </div>
  );
}

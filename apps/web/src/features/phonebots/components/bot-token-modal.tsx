import { useTranslation } from 'react-i18next';
import { SecretOnceModal } from '../../../components/secret-once';

type BotTokenModalProps = {
  /** The token to show; null keeps the modal closed. */
  token: string | null;
  onClose: () => void;
};

/** The bot token is stored only as a hash, so this is the one moment it can be seen (docs/product.md §5.4). */
export function BotTokenModal({ token, onClose }: BotTokenModalProps) {
  const { t } = useTranslation();
  return (
    <SecretOnceModal
      title={t('phonebots.token.title')}
      warning={t('botTokenShownOnce')}
      label={t('phonebots.token.label')}
      value={token}
      onClose={onClose}
      texts={{ copy: t('phonebots.token.copy'), copied: t('phonebots.token.copied'), done: t('phonebots.token.done') }}
    />
  );
}

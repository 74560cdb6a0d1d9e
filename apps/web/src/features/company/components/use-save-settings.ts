import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';

type SaveOptions<Saved> = {
  /** Takes over what was stored, e.g. as the form's new values. */
  onSaved?: (saved: Saved) => void;
  /** The text of a failure's toast; by default the general "could not be updated". */
  failureText?: (error: unknown) => string;
  /** Also told of a failure, e.g. to show a 422's field errors, or the text, in the form. */
  onFailed?: (error: unknown, text: string) => void;
};

/**
 * How the Company Profile's forms save: wait for the update, take over what was stored and say so in a green toast;
 * a failure is said in a red one (and handed to `onFailed`). The returned promise never rejects.
 */
export function useSaveSettings() {
  const { t } = useTranslation();
  return async <Saved>(update: Promise<Saved>, options: SaveOptions<Saved> = {}): Promise<void> => {
    let saved: Saved;
    try {
      saved = await update;
    } catch (error) {
      const text = options.failureText ? options.failureText(error) : t('profileUpdateError');
      options.onFailed?.(error, text);
      notifyError(text);
      return;
    }
    options.onSaved?.(saved);
    notifySuccess(t('successfullyUpdated'));
  };
}

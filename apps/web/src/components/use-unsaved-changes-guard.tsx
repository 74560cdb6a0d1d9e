import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from './use-confirm';

/** A click that would open a link of this app in this tab, and the address it leads to. */
function inAppNavigation(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return undefined;
  if (anchor.target !== '' && anchor.target !== '_self') return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  // A link within the page (the form's section index) leaves nothing behind.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Warns before changes are lost while `dirty`: a link of the app asks first in a dialog, and reloading or closing the
 * tab gets the browser's own question. (The declarative router has no navigation blocker; the browser's Back button
 * is not asked about.) Render the returned dialog once in the screen.
 */
export function useUnsavedChangesGuard(dirty: boolean): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Capturing on the document runs before the router's own link handler, which then never sees the click.
    const onClick = (event: MouseEvent) => {
      const to = inAppNavigation(event);
      if (to === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      void confirm({
        title: t('unsaved.title'),
        text: t('unsaved.text'),
        confirmLabel: t('unsaved.leave'),
        danger: true,
      }).then((leave) => {
        if (leave) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, confirm, navigate, t]);

  return dialog;
}

import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OnceOpened } from './once-opened';

export type ConfirmOptions = {
  title: string;
  text?: string;
  confirmLabel: string;
  /** A destructive action gets a red button. */
  danger?: boolean;
};

/** The question every delete asks (docs/product.md §6): 'Are you sure?', 'You won't be able to revert this!', 'Yes, delete it!'. */
export function deleteConfirmation(t: TFunction): ConfirmOptions {
  return {
    title: t('deleteConfirmTitle'),
    text: t('deleteConfirmText'),
    confirmLabel: t('deleteConfirmButton'),
    danger: true,
  };
}

/**
 * Asks before an action (docs/product.md §6: every delete and every status, priority or category change asks first).
 * `confirm` resolves true when the user confirms and false when they cancel or close the dialog; render `dialog`
 * once in the screen.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <OnceOpened opened={options !== null}>
      <Modal
        opened={options !== null}
        onClose={() => settle(false)}
        title={options?.title}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {options?.text && <Text mb="md">{options.text}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => settle(false)}>
            {t('common.cancel')}
          </Button>
          <Button color={options?.danger ? 'red' : undefined} onClick={() => settle(true)} data-autofocus>
            {options?.confirmLabel}
          </Button>
        </Group>
      </Modal>
    </OnceOpened>
  );
  return { confirm, dialog };
}

import { useRef, useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorText } from '../../../lib/api-errors';
import { translateText } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Me, useRemoveAvatar, useUploadAvatar } from '../api';

type AvatarFieldProps = {
  me: Me;
  alsoInvalidate?: readonly QueryKey[];
};

/**
 * The avatar of the Info card (docs/product.md §4): Select Image without one, Change and Remove with one. A chosen file is
 * uploaded at once; the server judges the content, so its reason is what the user reads when it refuses.
 */
export function AvatarField({ me, alsoInvalidate }: AvatarFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadAvatar(alsoInvalidate);
  const remove = useRemoveAvatar(alsoInvalidate);
  const resetRef = useRef<() => void>(null);
  const [problem, setProblem] = useState<ErrorText | null>(null);
  const busy = upload.isPending || remove.isPending;

  const handleFile = (file: File | null) => {
    // Clear the input so that picking the same file again (say after a refusal) fires again.
    resetRef.current?.();
    if (file === null) return;
    // Checked here only to spare a long upload that the server would refuse anyway.
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem('imageTooLarge');
      return;
    }
    setProblem(null);
    upload.mutate(
      { userId: me.id, file },
      {
        onSuccess: () => notifySuccess(t('successfullyUpdated')),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const handleRemove = () => {
    setProblem(null);
    remove.mutate(me.id, {
      onSuccess: () => notifySuccess(t('successfullyUpdated')),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center" role="group" aria-label={t('profile.image.group')}>
      <Avatar
        src={me.avatar_url}
        alt={me.avatar_url ? t('profile.image.alt', { name: me.name }) : undefined}
        size={96}
        radius={96}
      />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton
            onChange={handleFile}
            accept={AVATAR_TYPES.join(',')}
            resetRef={resetRef}
            disabled={busy}
            inputProps={{ 'aria-label': t('profile.image.input') }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                loading={upload.isPending}
                disabled={busy}
                leftSection={me.avatar_url ? <IconPhoto size={16} aria-hidden /> : <IconUpload size={16} aria-hidden />}
              >
                {me.avatar_url ? t('profile.image.change') : t('profile.image.select')}
              </Button>
            )}
          </FileButton>
          {me.avatar_url && (
            <Button
              variant="default"
              size="xs"
              onClick={handleRemove}
              loading={remove.isPending}
              disabled={busy}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t('profile.image.remove')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('profile.image.hint')}
        </Text>
        {problem !== null && (
          <Text size="sm" c="red.8" role="alert">
            {translateText(t, problem)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

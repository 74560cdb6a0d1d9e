import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function BackToListLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/users1" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('users.backToList')}
      </Group>
    </Anchor>
  );
}

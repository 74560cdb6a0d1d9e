import type { QueryKey } from '@tanstack/react-query';
import { Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@phonebot/shared';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { registerTranslations } from '../../../lib/i18n';
import { useMe } from '../api';
import { profileTranslations } from '../locales';
import { AvatarField } from './avatar-field';
import { ChangePasswordForm } from './change-password-form';
import { ProfileInfoForm } from './profile-info-form';
import { TwoFactorCard } from '../../two-factor';
import { SessionsCard } from './sessions-card';
import { PushCard } from './push-card';

registerTranslations(profileTranslations);

type MyProfilePageProps = {
  /** Queries of other features that show the signed-in user (the navbar's name), refreshed after a change. */
  alsoInvalidate?: readonly QueryKey[];
};

/** User Profile / My profile of docs/product.md §4: the Info card (avatar, name, e-mail) and the Change Password card. */
export function MyProfilePage({ alsoInvalidate }: MyProfilePageProps) {
  const { t } = useTranslation();
  const me = useMe();

  const info = (
    <QueryState query={me}>
      {(data) => (
        <Stack gap="lg">
          <AvatarField me={data} alsoInvalidate={alsoInvalidate} />
          <Divider />
          {/* Keyed by id: a form for another account (after a sign-in in another tab) starts fresh. */}
          <ProfileInfoForm key={data.id} me={data} alsoInvalidate={alsoInvalidate} />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.myProfile')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" component="section" aria-labelledby="profile-info-title">
          <Stack gap="md">
            <Title order={2} fz="h3" id="profile-info-title">
              {t('profile.info')}
            </Title>
            {info}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="profile-password-title">
          <Stack gap="md">
            <Title order={2} fz="h3" id="profile-password-title">
              {t('profile.password.title')}
            </Title>
            <ChangePasswordForm variant="profile" />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="profile-mfa-title">
          <Stack gap="md">
            <Title order={2} fz="h3" id="profile-mfa-title">
              {t('twoFactor.title')}
            </Title>
            <TwoFactorCard />
          </Stack>
        </Paper>
      </SimpleGrid>
      {/* Pushes are about a company's calls: its staff receive them (the super administrator has none). */}
      {me.data && can(me.data.role, 'calls.manage') && (
        <Paper withBorder p="lg" component="section" aria-labelledby="profile-push-title">
          <Stack gap="md">
            <Title order={2} fz="h3" id="profile-push-title">
              {t('profile.push.title')}
            </Title>
            <PushCard />
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="lg" component="section" aria-labelledby="profile-sessions-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="profile-sessions-title">
            {t('profile.sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('profile.sessions.hint')}
          </Text>
          <SessionsCard />
        </Stack>
      </Paper>
    </Stack>
  );
}

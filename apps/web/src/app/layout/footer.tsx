import { Anchor, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COMPANY_INFO } from './company-info';

export function Footer() {
  const { t } = useTranslation();
  const info = COMPANY_INFO;
  return (
    <Stack component="footer" gap="md" mt="xl">
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Stack gap={2}>
          <Text fw={700} size="sm">
            {info.name}
          </Text>
          <Text component="address" size="sm" fs="normal">
            {info.street}
            <br />
            {info.postalCode} {info.city}
            <br />
            {info.country}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text fw={700} size="sm">
            {t('footer.contact')}
          </Text>
          <Text size="sm">
            {t('footer.phone')}:{' '}
            <Anchor href={`tel:${info.phone.replace(/\s/g, '')}`} size="sm">
              {info.phone}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('footer.fax')}: {info.fax}
          </Text>
          <Text size="sm">
            {t('footer.email')}:{' '}
            <Anchor href={`mailto:${info.email}`} size="sm">
              {info.email}
            </Anchor>
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text fw={700} size="sm">
            {t('footer.legal')}
          </Text>
          <Group gap="md">
            <Anchor href={info.links.imprint} size="sm">
              {t('footer.imprint')}
            </Anchor>
            <Anchor href={info.links.privacy} size="sm">
              {t('footer.privacy')}
            </Anchor>
            <Anchor href={info.links.terms} size="sm">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        © {new Date().getFullYear()} {info.name}
      </Text>
    </Stack>
  );
}

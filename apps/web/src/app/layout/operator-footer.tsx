import { Fragment, type ReactNode } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/public-config';

/**
 * One slim line naming the operator of this deployment, as the super set it in Settings (or the environment):
 * name, address, phone, e-mail and the legal pages. A part that is not set is not shown; with none set there is no
 * footer at all.
 */
export function OperatorFooter() {
  const { t } = useTranslation();
  const operator = useOperator();
  if (!operator) return null;

  const parts: { key: string; node: ReactNode }[] = [];
  if (operator.name) parts.push({ key: 'name', node: `© ${new Date().getFullYear()} ${operator.name}` });
  if (operator.address) parts.push({ key: 'address', node: operator.address.replace(/\s*\n\s*/g, ', ') });
  if (operator.phone)
    parts.push({
      key: 'phone',
      node: (
        <Anchor href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`} inherit>
          {operator.phone}
        </Anchor>
      ),
    });
  if (operator.email)
    parts.push({
      key: 'email',
      node: (
        <Anchor href={`mailto:${operator.email}`} inherit>
          {operator.email}
        </Anchor>
      ),
    });
  const links = [
    ['imprint', operator.imprint_url],
    ['privacy', operator.privacy_url],
    ['terms', operator.terms_url],
  ] as const;
  for (const [key, href] of links) {
    if (href)
      parts.push({
        key,
        node: (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
            {t(`footer.${key}`)}
          </Anchor>
        ),
      });
  }
  if (parts.length === 0) return null;

  return (
    <Group component="footer" gap={6} justify="center" py="sm" px="md" wrap="wrap">
      {parts.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 && (
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
          )}
          <Text size="xs" c="dimmed" component="span">
            {part.node}
          </Text>
        </Fragment>
      ))}
    </Group>
  );
}

import { Fragment } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/public-config';
import { operatorParts } from './operator-parts';

/**
 * One slim line naming the operator of this deployment, as the super set it in Settings (or the environment):
 * name, address, phone, e-mail and the legal pages. A part that is not set is not shown; with none set there is no
 * footer at all.
 */
export function OperatorFooter() {
  const { t } = useTranslation();
  const operator = useOperator();
  if (!operator) return null;
  const parts = operatorParts(operator, (page) => t(`footer.${page}`));
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
            {part.href ? (
              <Anchor
                href={part.href}
                inherit
                {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {part.text}
              </Anchor>
            ) : (
              part.text
            )}
          </Text>
        </Fragment>
      ))}
    </Group>
  );
}

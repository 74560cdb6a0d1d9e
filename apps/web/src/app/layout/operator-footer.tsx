import { Anchor, Flex, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperator } from '../../lib/public-config';
import { type OperatorPart, operatorGroups, operatorParts } from './operator-parts';

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

  const { identity, pages } = operatorGroups(parts);

  const item = (part: OperatorPart) => (
    <Text size="xs" c="dimmed" component="span" key={part.key} ta="center">
      {part.href ? (
        <Anchor href={part.href} inherit {...(part.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {part.text}
        </Anchor>
      ) : (
        part.text
      )}
    </Text>
  );
  // A separator between two parts of one line; on a phone the identity parts are lines of their own.
  const separator = (key: string, wide: boolean) => (
    <Text key={key} size="xs" c="dimmed" aria-hidden visibleFrom={wide ? 'sm' : undefined}>
      ·
    </Text>
  );
  const withSeparators = (list: OperatorPart[], wide: boolean) =>
    list.flatMap((part, index) => (index > 0 ? [separator(`sep-${part.key}`, wide), item(part)] : [item(part)]));

  return (
    <Flex
      component="footer"
      direction={{ base: 'column', sm: 'row' }}
      align="center"
      justify="center"
      gap={{ base: 2, sm: 6 }}
      py="sm"
      px="md"
      wrap="wrap"
    >
      {withSeparators(identity, true)}
      {identity.length > 0 && pages.length > 0 && separator('sep-pages', true)}
      {pages.length > 0 && (
        <Group gap={6} justify="center" wrap="nowrap">
          {withSeparators(pages, false)}
        </Group>
      )}
    </Flex>
  );
}

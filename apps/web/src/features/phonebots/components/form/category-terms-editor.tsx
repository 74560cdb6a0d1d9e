import { ActionIcon, Button, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONEBOT_LIMITS } from '@phonebot/shared/phonebots';
import { translateText } from '../../../../lib/i18n';
import { stripQuotes } from '../../schemas';
import { usePhonebotFormContext } from './form-context';

/** 1 to 5 category terms: adding stops at 5 with the spec's message, the last input cannot be removed. */
export function CategoryTermsEditor() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const limitId = useId();
  const terms = form.values.category_terms;
  const atLimit = terms.length >= PHONEBOT_LIMITS.categoryTerms;
  const listError = form.errors.category_terms;

  return (
    <Fieldset legend={t('phonebots.categoryTerms.legend')} variant="unstyled">
      <Stack gap="xs">
        {terms.map((term, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('phonebots.categoryTerms.term', { n: index + 1 })}
              {...form.getInputProps(`category_terms.${index}`)}
              value={term}
              onChange={(event) =>
                form.setFieldValue(`category_terms.${index}`, stripQuotes(event.currentTarget.value))
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={form.errors[`category_terms.${index}`] ? 22 : 2}
              aria-label={t('phonebots.categoryTerms.remove', { n: index + 1 })}
              disabled={terms.length <= 1}
              onClick={() => form.removeListItem('category_terms', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {listError !== undefined && <Input.Error role="alert">{translateText(t, String(listError))}</Input.Error>}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={atLimit}
            aria-describedby={atLimit ? limitId : undefined}
            onClick={() => form.insertListItem('category_terms', '')}
          >
            {t('phonebots.categoryTerms.add')}
          </Button>
          {atLimit && (
            <Text id={limitId} size="sm" c="dimmed">
              {t('categoryTermsMax')}
            </Text>
          )}
        </Group>
      </Stack>
    </Fieldset>
  );
}

import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES } from '@phonebot/shared/calls';
import { usePhonebotFormContext } from './form-context';

const MAX_PAIRS = 20;
const LIST = 'source_mapping.priority_values';

/** The platform's values of the priority field and the priority each one gives the call. */
export function PriorityValuesEditor() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const pairs = form.values.source_mapping.priority_values;

  return (
    <Fieldset legend={t('phonebots.source.priorityValues')} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('phonebots.source.priorityValuesHint')}
        </Text>
        {pairs.map((_pair, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('phonebots.source.platformValue', { n: index + 1 })}
              {...form.getInputProps(`${LIST}.${index}.value`)}
            />
            <NativeSelect
              style={{ flex: 1 }}
              label={t('phonebots.source.givesPriority', { n: index + 1 })}
              data={CALL_PRIORITIES.map((priority) => ({
                value: priority,
                label: t(`phonebots.source.priorities.${priority}`),
              }))}
              {...form.getInputProps(`${LIST}.${index}.priority`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={t('phonebots.source.removeValue', { n: index + 1 })}
              onClick={() => form.removeListItem(LIST, index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={pairs.length >= MAX_PAIRS}
            onClick={() => form.insertListItem(LIST, { value: '', priority: 'Important Callback' })}
          >
            {t('phonebots.source.addValue')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

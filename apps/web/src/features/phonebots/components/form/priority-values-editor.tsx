import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CALL_PRIORITIES } from '@phonebot/shared/calls';
import { RowListEditor } from '../../../../components/row-list-editor';
import { usePhonebotFormContext } from './form-context';

const MAX_PAIRS = 20;
const LIST = 'source_mapping.priority_values';

/** The platform's values of the priority field and the priority each one gives the call. */
export function PriorityValuesEditor() {
  const { t } = useTranslation();
  const form = usePhonebotFormContext();
  const pairs = form.values.source_mapping.priority_values;

  return (
    <RowListEditor
      legend={t('phonebots.source.priorityValues')}
      hint={t('phonebots.source.priorityValuesHint')}
      count={pairs.length}
      renderRow={(index) => (
        <>
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
        </>
      )}
      removeLabel={(index) => t('phonebots.source.removeValue', { n: index + 1 })}
      onRemove={(index) => form.removeListItem(LIST, index)}
      addLabel={t('phonebots.source.addValue')}
      addDisabled={pairs.length >= MAX_PAIRS}
      onAdd={() => form.insertListItem(LIST, { value: '', priority: 'Important Callback' })}
    />
  );
}

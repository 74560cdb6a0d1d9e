import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../../lib/i18n';
import { summaryTranslations } from '../summary-locales';

registerTranslations(summaryTranslations);

type FieldValue = string | number | boolean | null;
type CallSummaryProps = {
  call: { summary: string | null; caller_name: string | null; extracted?: Record<string, FieldValue> | undefined };
};

/**
 * What the phonebot or its platform made of the call, above its conversation: the summary and the caller's name,
 * and beside them the extracted fields as names and values. Nothing when the call has none of them.
 */
export function CallSummary({ call }: CallSummaryProps) {
  const { t, i18n } = useTranslation();
  const fields = Object.entries(call.extracted ?? {});
  if (!call.summary && !call.caller_name && fields.length === 0) return null;
  const shown = (value: FieldValue) =>
    value === null
      ? t('callSummary.none')
      : typeof value === 'boolean'
        ? t(value ? 'callSummary.yes' : 'callSummary.no')
        : typeof value === 'number'
          ? new Intl.NumberFormat(i18n.resolvedLanguage).format(value)
          : value;

  return (
    <SimpleGrid cols={{ base: 1, sm: fields.length > 0 ? 2 : 1 }} spacing="lg" data-call-summary>
      {(call.summary || call.caller_name) && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('callSummary.title')}
          </Title>
          {call.caller_name && (
            <Text size="sm" fw={500}>
              {t('callSummary.callerName', { name: call.caller_name })}
            </Text>
          )}
          {call.summary && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {call.summary}
            </Text>
          )}
        </Stack>
      )}
      {fields.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5" id="call-summary-fields">
            {t('callSummary.fields')}
          </Title>
          <Table withRowBorders={false} verticalSpacing={4} aria-labelledby="call-summary-fields">
            <Table.Tbody>
              {fields.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th scope="row" style={{ fontWeight: 500, width: '40%', overflowWrap: 'anywhere' }}>
                    {name}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </SimpleGrid>
  );
}

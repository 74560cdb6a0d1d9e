import { Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PhonebotVersionChange, lineDiff } from '@phonebot/shared/phonebot-versions';

/** The texts compared line by line: the greeting and the prompt. */
const TEXT_FIELDS = new Set(['ansagetext', 'prompt']);

const lineStyle = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontFamily: 'var(--mantine-font-family-monospace)',
} as const;

/**
 * The lines of a text before and after, each marked: `+` for an added line, `−` for a removed one (and said so to a
 * screen reader), two spaces for an unchanged one; the colours only repeat what the marks say.
 */
function TextDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const lines = lineDiff(before, after);
  return (
    <Box
      component="div"
      role="list"
      fz="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
    >
      {lines.map((line, index) => (
        <Box
          key={index}
          role="listitem"
          px="xs"
          style={lineStyle}
          bg={
            line.op === 'added'
              ? 'var(--mantine-color-green-light)'
              : line.op === 'removed'
                ? 'var(--mantine-color-red-light)'
                : undefined
          }
          td={line.op === 'removed' ? 'line-through' : undefined}
        >
          <span aria-hidden>{line.op === 'added' ? '+ ' : line.op === 'removed' ? '− ' : '  '}</span>
          {line.op !== 'same' && <VisuallyHidden>{t(`phonebotHistory.${line.op}`)}: </VisuallyHidden>}
          {line.text === '' ? ' ' : line.text}
        </Box>
      ))}
    </Box>
  );
}

/** A field's name as the form labels it (a field the form has no label for, by its history name). */
export function useFieldLabel(): (field: string) => string {
  const { t } = useTranslation();
  return (field) =>
    t(`phonebots.fields.${field}`, {
      defaultValue: t(`phonebotHistory.fieldNames.${field}`, { defaultValue: field }),
    });
}

function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changes of one version: texts as a line diff, other settings as before and after, secrets only as changed. */
export function VersionChanges({ changes }: { changes: PhonebotVersionChange[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const empty = t('phonebotHistory.empty_value');
  return (
    <Stack gap="sm">
      {changes.map((change) => (
        <Stack key={change.field} gap={4}>
          <Text fw={600} size="sm">
            {label(change.field)}
          </Text>
          {change.secret ? (
            <Text size="sm">{t('phonebotHistory.secretChanged')}</Text>
          ) : TEXT_FIELDS.has(change.field) ? (
            <TextDiff before={shown(change.before, '')} after={shown(change.after, '')} />
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('phonebotHistory.before')}: {shown(change.before, empty)} → {t('phonebotHistory.after')}:{' '}
              {shown(change.after, empty)}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

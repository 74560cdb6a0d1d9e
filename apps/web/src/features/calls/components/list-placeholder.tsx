import { Paper, Skeleton, Stack } from '@mantine/core';

/** How many placeholder rows stand for the list while it loads: enough to fill a tall window. */
const PLACEHOLDER_ROWS = 16;

/**
 * The quick filters, the list's card and (beside it) the open call as grey blocks of about their final size. The
 * block is at least as tall as the window, so nothing below it (the footer) is in view and moves when the list
 * replaces it.
 */
export function ListPlaceholder({ chips, split }: { chips: boolean; split: boolean }) {
  const card = (
    <Paper withBorder p="xs" miw={0}>
      <Stack gap="xs">
        <Skeleton height={36} width="60%" />
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          <Skeleton key={index} height={36} />
        ))}
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="md" mih="100dvh" aria-hidden data-list-placeholder>
      {chips && <Skeleton height={34} />}
      {split ? (
        <div className="inbox-split">
          {card}
          <Paper withBorder p="md" className="inbox-pane">
            <Skeleton height={120} />
          </Paper>
        </div>
      ) : (
        card
      )}
    </Stack>
  );
}

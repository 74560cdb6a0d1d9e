import { Box, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ListPagerProps = {
  /** Names the navigation landmark, so the two pagers of the screen are told apart. */
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
};

export function ListPager({ label, page, pages, onChange }: ListPagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('guests.pagination.previous') }
            : control === 'next'
              ? { 'aria-label': t('guests.pagination.next') }
              : {}
        }
        getItemProps={(item) => ({ 'aria-label': t('guests.pagination.page', { page: item }) })}
      />
    </Box>
  );
}

import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchBoxProps = {
  label: string;
  placeholder: string;
  /** The search in the URL when the screen opened. */
  initial: string;
  onSearch: (value: string) => void;
};

/**
 * The typed text is kept here: the URL holds the trimmed search, and echoing it back would eat a space while
 * the user types between two words.
 */
export function SearchBox({ label, placeholder, initial, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState(initial);
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        onSearch(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}

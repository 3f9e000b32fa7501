import { useRef, useState } from 'react';
import { TextInput } from '@/components/text-input';
import { Q_MAX_LENGTH, Q_MIN_LENGTH } from '../utils/filters';

/** How long typing must pause before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchBoxProps = {
  value: string;
  onSearch: (q: string) => void;
};

/** The search box: what is typed is searched once typing pauses. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tooShort = text.trim().length > 0 && text.trim().length < Q_MIN_LENGTH;

  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
  };

  return (
    <TextInput
      type="search"
      size="small"
      label="Search"
      placeholder="Name, e-mail, company or comments"
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      helperText={tooShort ? `Type at least ${Q_MIN_LENGTH} characters` : undefined}
      slotProps={{ htmlInput: { maxLength: Q_MAX_LENGTH } }}
      sx={{ maxWidth: { md: 360 } }}
    />
  );
}

import { useId, useRef, useState } from 'react';
import { Q_MAX_LENGTH, Q_MIN_LENGTH } from '../utils/filters';

/** How long typing must pause before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchBoxProps = {
  value: string;
  onSearch: (q: string) => void;
};

/**
 * The search box: what is typed is searched once typing pauses. A plain input with MUI's
 * small outlined look (styles/controls.css): it is on the first screen, where MUI's input
 * would be styled at run time.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tooShort = text.trim().length > 0 && text.trim().length < Q_MIN_LENGTH;

  const handleChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="search-field">
      <input
        id={id}
        type="search"
        className="outlined-input search-field__input"
        placeholder="Name, e-mail, company or comments"
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        maxLength={Q_MAX_LENGTH}
        aria-describedby={tooShort ? helperId : undefined}
      />
      <label htmlFor={id} className="search-field__label">
        Search
      </label>
      {tooShort ? (
        <p id={helperId} className="search-field__helper">
          {`Type at least ${Q_MIN_LENGTH} characters`}
        </p>
      ) : null}
    </div>
  );
}

import { memo } from 'react';

export type FilterChipsProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[];
  /** Keep it the same function across renders, or the chips render again with every search. */
  onChange: (selected: T[]) => void;
};

/** A row of toggle chips (styles/controls.css): any number chosen, none means "no filter". */
function FilterChipsRow<T extends string>({ label, options, selected, onChange }: FilterChipsProps<T>) {
  const toggle = (value: T) =>
    onChange(selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]);
  return (
    <div role="group" aria-label={label} className="toolbar">
      <span className="body2 text-secondary filter-chips__label">{label}</span>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="chip"
          aria-pressed={selected.includes(option.value)}
          onClick={() => toggle(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Memoized, the chosen values compared one by one: the filters are read again from the URL
 * at each change (new arrays, the same values), and a search changes none of the chips.
 */
export const FilterChips = memo(
  FilterChipsRow,
  (previous, next) =>
    previous.label === next.label &&
    previous.options === next.options &&
    previous.onChange === next.onChange &&
    sameItems(previous.selected, next.selected),
) as typeof FilterChipsRow;

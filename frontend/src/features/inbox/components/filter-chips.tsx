export type FilterChipsProps<T extends string> = {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: T[];
  onChange: (selected: T[]) => void;
};

/** A row of toggle chips (styles/controls.css): any number chosen, none means "no filter". */
export function FilterChips<T extends string>({ label, options, selected, onChange }: FilterChipsProps<T>) {
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

import type { SelectHTMLAttributes } from 'react';
import './native-select.css';

export type NativeSelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/**
 * The browser's own select with MUI's NativeSelect look (native-select.css): the same
 * element, keyboard and screen reader behaviour, without MUI's styling at run time.
 */
export function NativeSelect({ disabled, ...select }: NativeSelectProps) {
  return (
    <span className={disabled ? 'native-select native-select--disabled' : 'native-select'}>
      <select {...select} disabled={disabled} className="native-select__input" />
      <svg className="native-select__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M7 10l5 5 5-5z" />
      </svg>
    </span>
  );
}

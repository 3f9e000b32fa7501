import { Transform } from 'class-transformer';

/** Trims a string; other types pass unchanged so that the validators can name them. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims, and turns an empty string into `undefined`: an empty optional field is stored as NULL. */
export const TrimToUndefined = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });

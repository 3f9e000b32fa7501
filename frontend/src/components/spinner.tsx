export type SpinnerProps = {
  large?: boolean;
};

/** A turning ring (styles/site.css), hidden from assistive technology: the text beside it says what is going on. */
export function Spinner({ large = false }: SpinnerProps) {
  return <span className={large ? 'spinner spinner--large' : 'spinner'} role="progressbar" aria-hidden="true" />;
}

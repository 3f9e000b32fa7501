import { Spinner } from './spinner';

export type LoadingScreenProps = {
  label: string;
  /** The whole page is loading: render the page's <main> landmark too. */
  fullPage?: boolean;
};

export function LoadingScreen({ label, fullPage = false }: LoadingScreenProps) {
  const status = (
    <div role="status" className={fullPage ? 'loading-screen loading-screen--page' : 'loading-screen'}>
      <Spinner large />
      <p>{label}</p>
    </div>
  );
  return fullPage ? <main>{status}</main> : status;
}

import { Suspense, useState } from 'react';
import { lazyWithTheme } from '@/components/lazy-with-theme';

// The dialog (MUI's modal, its focus trap and transitions) is fetched on the first click,
// not with the dashboard's first rows.
const ErasePersonDialog = lazyWithTheme(() => import('./erase-person-dialog').then((m) => m.ErasePersonDialog));

/** The "Erase a person" button and, once clicked, its dialog. */
export function ErasePersonButton() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpen(true);
    setOpened(true);
  };
  return (
    <>
      <button type="button" className="btn btn--outlined btn--small btn--error" onClick={show}>
        Erase a person
      </button>
      {/* Mounted from the first click on, so that closing keeps its transition. */}
      {opened ? (
        <Suspense fallback={null}>
          <ErasePersonDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';

// The dialog (MUI's modal, its focus trap and transitions) is fetched on the first click,
// not with the dashboard's first rows.
const ErasePersonDialog = lazy(() => import('./erase-person-dialog').then((m) => ({ default: m.ErasePersonDialog })));

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
      <Button variant="outlined" color="error" size="small" onClick={show}>
        Erase a person
      </Button>
      {/* Mounted from the first click on, so that closing keeps its transition. */}
      {opened ? (
        <Suspense fallback={null}>
          <ErasePersonDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

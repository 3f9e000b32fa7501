import { Suspense, useState } from 'react';
import { lazyWithTheme } from '@/components/lazy-with-theme';

// The confirmation (MUI's Dialog, its modal and transitions) is fetched on the first click,
// not with the drawer: the drawer opens without any styling at run time.
const DeleteContactDialog = lazyWithTheme(() => import('./delete-contact-dialog').then((m) => m.DeleteContactDialog));

export type DeleteContactButtonProps = {
  id: string;
  name: string;
  /** Whether a copy went to the spreadsheet (the sync was on when the lead came), so that its erasure is sent there too. */
  inSpreadsheet: boolean;
  onDeleted: () => void;
};

/** "Delete", confirmed in a dialog: the lead is erased, and its spreadsheet copy when there is one. */
export function DeleteContactButton({ id, name, inSpreadsheet, onDeleted }: DeleteContactButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpen(true);
    setOpened(true);
  };
  return (
    <>
      <button type="button" className="btn btn--outlined btn--small btn--error" onClick={show}>
        Delete
      </button>
      {/* Mounted from the first click on, so that closing keeps its transition. */}
      {opened ? (
        <Suspense fallback={null}>
          <DeleteContactDialog
            open={open}
            id={id}
            name={name}
            inSpreadsheet={inSpreadsheet}
            onClose={() => setOpen(false)}
            onDeleted={onDeleted}
          />
        </Suspense>
      ) : null}
    </>
  );
}

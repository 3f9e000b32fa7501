import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '@/components/toast/toast';
import { useDeleteContact } from '../api/delete-contact';

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
  const remove = useDeleteContact();
  const handleConfirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        onDeleted();
        void toast({ title: 'Submission deleted' });
      },
      onError: (error) => void toast({ title: 'Not deleted', description: error.message, destructive: true }),
    });
  return (
    <>
      <Button color="error" variant="outlined" size="small" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-title" aria-describedby="delete-text">
        <DialogTitle id="delete-title">Delete this submission?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">
            The submission of {name} is erased here{inSpreadsheet ? ' and from the spreadsheet' : ''}. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={handleConfirm} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '@/components/toast/toast';
import { useDeleteContact } from '../api/delete-contact';

export type DeleteContactDialogProps = {
  open: boolean;
  id: string;
  name: string;
  /** Whether a copy went to the spreadsheet (the sync was on when the lead came), so that its erasure is sent there too. */
  inSpreadsheet: boolean;
  onClose: () => void;
  onDeleted: () => void;
};

/** "Delete this submission?": the lead is erased, and its spreadsheet copy when there is one. */
export function DeleteContactDialog({ open, id, name, inSpreadsheet, onClose, onDeleted }: DeleteContactDialogProps) {
  const remove = useDeleteContact();
  const handleConfirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        onClose();
        onDeleted();
        void toast({ title: 'Submission deleted' });
      },
      onError: (error) => void toast({ title: 'Not deleted', description: error.message, destructive: true }),
    });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-title" aria-describedby="delete-text">
      <DialogTitle id="delete-title">Delete this submission?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-text">
          The submission of {name} is erased here{inSpreadsheet ? ' and from the spreadsheet' : ''}. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={handleConfirm} disabled={remove.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

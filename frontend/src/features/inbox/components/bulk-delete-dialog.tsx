import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { countText } from '../utils/count-text';

export type BulkDeleteDialogProps = {
  open: boolean;
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The confirmation of a bulk Delete, worded like one lead's (delete-contact-button). */
export function BulkDeleteDialog({ open, count, pending, onCancel, onConfirm }: BulkDeleteDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="bulk-delete-title" aria-describedby="bulk-delete-text">
      <DialogTitle id="bulk-delete-title">{`Delete ${countText(count, 'submission')}?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="bulk-delete-text">
          {count === 1 ? 'The selected submission is' : `The ${count} selected submissions are`} erased here and from the
          spreadsheet where they were copied. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

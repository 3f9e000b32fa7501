import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextInput } from '@/components/text-input';
import { toast } from '@/components/toast/toast';
import { useCreateErasure } from '../api/create-erasure';

export type ErasePersonDialogProps = {
  open: boolean;
  onClose: () => void;
};

/** "Erase a person": every submission of one e-mail address, here and in the spreadsheet. */
export function ErasePersonDialog({ open, onClose }: ErasePersonDialogProps) {
  const [email, setEmail] = useState('');
  const erase = useCreateErasure();
  const close = () => {
    onClose();
    setEmail('');
  };
  const handleErase = () =>
    erase.mutate(email.trim(), {
      onSuccess: ({ erased }) => {
        close();
        void toast({ title: `Erased ${erased} submission${erased === 1 ? '' : 's'}` });
      },
      onError: (error) => void toast({ title: 'Not erased', description: error.message, destructive: true }),
    });
  return (
    <Dialog open={open} onClose={close} aria-labelledby="erase-title" aria-describedby="erase-text">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          handleErase();
        }}
      >
        <DialogTitle id="erase-title">Erase a person</DialogTitle>
        <DialogContent>
          <DialogContentText id="erase-text" sx={{ mb: 2 }}>
            Every submission with this e-mail address is erased, here and from the spreadsheet. This cannot be undone.
          </DialogContentText>
          <TextInput
            autoFocus
            required
            type="email"
            label="Email Address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 254 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={!email.trim() || erase.isPending}>
            Erase
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

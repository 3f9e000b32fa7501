import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { toast } from '@/components/toast/toast';
import { useUpdateContact } from '../api/update-contact';
import { readNoteDraft, writeNoteDraft } from '../utils/note-draft';

export const NOTE_MAX_LENGTH = 5000;

export type NoteEditorProps = {
  id: string;
  note: string | null;
};

/** The team's note on a lead; saving an empty note clears it. An unsaved edit is kept as a draft (utils/note-draft). */
export function NoteEditor({ id, note }: NoteEditorProps) {
  const [text, setText] = useState(() => readNoteDraft(id) ?? note ?? '');
  const update = useUpdateContact();
  const changed = text !== (note ?? '');
  const edit = (next: string) => {
    setText(next);
    writeNoteDraft(id, next === (note ?? '') ? null : next);
  };

  const handleSave = () =>
    update.mutate(
      { id, changes: { note: text.trim() ? text : null } },
      {
        onSuccess: () => {
          writeNoteDraft(id, null);
          void toast({ title: text.trim() ? 'Note saved' : 'Note cleared' });
        },
        onError: (error) => void toast({ title: 'Note not saved', description: error.message, destructive: true }),
      },
    );

  return (
    <Box component="form" onSubmit={(event) => (event.preventDefault(), handleSave())} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="Note"
        multiline
        value={text}
        onChange={(event) => edit(event.target.value)}
        helperText={changed ? 'Not saved yet' : undefined}
        // A plain <textarea> the user can resize, not MUI's autosizing one: that one measures
        // the page's layout as it mounts, which made opening a lead's drawer several times slower.
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: NOTE_MAX_LENGTH, rows: 4 } }}
      />
      <Box>
        <Button type="submit" variant="outlined" size="small" disabled={!changed || update.isPending}>
          Save note
        </Button>
      </Box>
    </Box>
  );
}

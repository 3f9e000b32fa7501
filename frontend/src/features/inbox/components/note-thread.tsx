import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { useCan, useSessionUser } from '@/lib/session-user';
import { useMinuteClock } from '@/lib/minute-clock';
import type { Note } from '../api/contact-types';
import { useAddNote, useDeleteNote } from '../api/lead-notes';
import { readNoteDraft, writeNoteDraft } from '../utils/note-draft';
import { localTime, relativeTime } from '../utils/relative-time';

export const NOTE_MAX_LENGTH = 5000;

export type NoteThreadProps = {
  leadId: string;
  notes: Note[];
};

function NoteItem({ leadId, note }: { leadId: string; note: Note }) {
  const me = useSessionUser();
  const isAdmin = useCan('delete');
  const now = useMinuteClock();
  const remove = useDeleteNote();
  const mine = note.authorId !== null && note.authorId === me?.id;
  const author = note.authorDisplayName ?? 'Before the thread';
  const handleDelete = () =>
    remove.mutate(
      { leadId, noteId: note.id },
      { onError: (error) => void toast({ title: 'Note not deleted', description: error.message, destructive: true }) },
    );
  return (
    <Box component="li" data-testid="note" sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {mine ? `${author} (me)` : author}
        </Typography>
        <Typography
          component="time"
          variant="caption"
          color="text.secondary"
          dateTime={note.createdAt}
          title={localTime(note.createdAt)}
        >
          {relativeTime(note.createdAt, now)}
        </Typography>
        {mine || isAdmin ? (
          <Button
            size="small"
            onClick={handleDelete}
            disabled={remove.isPending}
            aria-label={`Delete the note by ${author}`}
            sx={{ ml: 'auto', minWidth: 0 }}
          >
            Delete
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note.body}
      </Typography>
    </Box>
  );
}

/** The box that adds a note; what is typed is kept as a draft until it is added (utils/note-draft). */
function AddNote({ leadId }: { leadId: string }) {
  const [text, setText] = useState(() => readNoteDraft(leadId) ?? '');
  const add = useAddNote();
  const edit = (next: string) => {
    setText(next);
    writeNoteDraft(leadId, next || null);
  };
  const handleAdd = () =>
    add.mutate(
      { leadId, body: text },
      {
        onSuccess: () => {
          writeNoteDraft(leadId, null);
          setText('');
        },
        onError: (error) => void toast({ title: 'Note not added', description: error.message, destructive: true }),
      },
    );
  return (
    <Box component="form" onSubmit={(event) => (event.preventDefault(), handleAdd())} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        label="New note"
        multiline
        value={text}
        onChange={(event) => edit(event.target.value)}
        // A plain <textarea> the user can resize, not MUI's autosizing one: that one measures
        // the page's layout as it mounts, which made opening a lead's drawer several times slower.
        slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: NOTE_MAX_LENGTH, rows: 3 } }}
      />
      <Box>
        <Button type="submit" variant="outlined" size="small" disabled={!text.trim() || add.isPending}>
          Add note
        </Button>
      </Box>
    </Box>
  );
}

/** The team's notes on a lead, newest first, each with its author and time; members add, authors (and admins) delete. */
export function NoteThread({ leadId, notes }: NoteThreadProps) {
  const canWrite = useCan('triage');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {canWrite ? <AddNote leadId={leadId} /> : null}
      {notes.length ? (
        <Box component="ul" aria-label="Notes" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {notes.map((note) => (
            <NoteItem key={note.id} leadId={leadId} note={note} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No notes yet.
        </Typography>
      )}
    </Box>
  );
}

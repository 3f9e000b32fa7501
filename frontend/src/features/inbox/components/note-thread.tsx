import { useId, useState } from 'react';
import { toast } from '@/components/toast/toast';
import { useCan, useSessionUser } from '@/lib/session-user';
import { useMinuteClock } from '@/lib/minute-clock';
import type { Note } from '../api/contact-types';
import { useAddNote, useDeleteNote } from '../api/lead-notes';
import { readNoteDraft, writeNoteDraft } from '../utils/note-draft';
import { localTime, relativeTime } from '../utils/relative-time';
import './submission-drawer.css';

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
    <li data-testid="note" className="drawer-stack drawer-stack--tight">
      <div className="note__head">
        <span className="lead-text lead-text--strong">{mine ? `${author} (me)` : author}</span>
        <time className="lead-caption" dateTime={note.createdAt} title={localTime(note.createdAt)}>
          {relativeTime(note.createdAt, now)}
        </time>
        {mine || isAdmin ? (
          <button
            type="button"
            className="btn btn--text btn--small note__delete"
            onClick={handleDelete}
            disabled={remove.isPending}
            aria-label={`Delete the note by ${author}`}
          >
            Delete
          </button>
        ) : null}
      </div>
      <p className="lead-text note__body">{note.body}</p>
    </li>
  );
}

/** The box that adds a note; what is typed is kept as a draft until it is added (utils/note-draft). */
function AddNote({ leadId }: { leadId: string }) {
  const [text, setText] = useState(() => readNoteDraft(leadId) ?? '');
  const add = useAddNote();
  const id = useId();
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
    <form onSubmit={(event) => (event.preventDefault(), handleAdd())} className="drawer-stack">
      <div className="drawer-field">
        <label htmlFor={id}>New note</label>
        <textarea
          className="outlined-input"
          id={id}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => edit(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--outlined btn--small drawer-start" disabled={!text.trim() || add.isPending}>
        Add note
      </button>
    </form>
  );
}

/** The team's notes on a lead, newest first, each with its author and time; members add, authors (and admins) delete. */
export function NoteThread({ leadId, notes }: NoteThreadProps) {
  const canWrite = useCan('triage');
  return (
    <div className="drawer-stack note-thread">
      {canWrite ? <AddNote leadId={leadId} /> : null}
      {notes.length ? (
        <ul aria-label="Notes" className="note-list">
          {notes.map((note) => (
            <NoteItem key={note.id} leadId={leadId} note={note} />
          ))}
        </ul>
      ) : (
        <p className="lead-text text-secondary">No notes yet.</p>
      )}
    </div>
  );
}

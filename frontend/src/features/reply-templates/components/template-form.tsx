import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import templateVariables from '@/generated/reply-template-variables.json';
import { isApiError } from '@/lib/api-client';
import { useSaveReplyTemplate } from '../api/save-reply-template';
import type { ReplyTemplate } from '../api/reply-template-keys';

const EMPTY = { name: '', subject: '', body: '' };
// The variables a template may hold (the API refuses any other), from the API's own list.
const VARIABLES_HINT = `Variables: ${templateVariables.map((name) => `{{${name}}}`).join(', ')}`;

/** What the API said, without the status in front of a refusal's rules ("body has an unknown variable {{lead.email}}"). */
const refusal = (error: Error) => (isApiError(error, 400) ? error.message.replace(/^400: /, '') : error.message);

export type TemplateFormProps = {
  /** The template to change; none for a new one. */
  template?: ReplyTemplate;
  /** The form's accessible name: "New template", "Edit First answer". */
  label: string;
  onSaved: () => void;
  onCancel?: () => void;
};

/** A template's name, optional subject and body; the API checks the variables and says which it does not know. */
export function TemplateForm({ template, label, onSaved, onCancel }: TemplateFormProps) {
  const [draft, setDraft] = useState(template ? { ...template, subject: template.subject ?? '' } : EMPTY);
  const save = useSaveReplyTemplate();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { name: draft.name.trim(), subject: draft.subject.trim() || null, body: draft.body };
    save.mutate(
      { id: template?.id, template: body },
      {
        onSuccess: () => {
          // A fresh form for the next new template.
          if (!template) setDraft(EMPTY);
          onSaved();
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={label} sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Name"
        required
        value={draft.name}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="Subject (optional)"
        value={draft.subject}
        onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
        helperText="Used only until the lead has written; a reply keeps the thread's subject."
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={4}
        value={draft.body}
        onChange={(event) => setDraft({ ...draft, body: event.target.value })}
        helperText={VARIABLES_HINT}
        slotProps={{ htmlInput: { maxLength: 20000 } }}
      />
      {save.isError ? <Alert severity="error">Not saved: {refusal(save.error)}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {template ? 'Save template' : 'Add template'}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </Box>
    </Box>
  );
}

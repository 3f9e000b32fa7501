import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDeleteReplyTemplate } from '../api/delete-reply-template';
import type { ReplyTemplate } from '../api/reply-template-keys';
import { TemplateForm } from './template-form';

/** One template: its name, subject and the start of its body; Edit in place, Delete after a second press. */
export function TemplateCard({ template }: { template: ReplyTemplate }) {
  const [mode, setMode] = useState<'read' | 'edit' | 'delete'>('read');
  const remove = useDeleteReplyTemplate();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} aria-label={`Template ${template.name}`}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {template.name}
      </Typography>
      {mode === 'edit' ? (
        <TemplateForm
          template={template}
          label={`Edit ${template.name}`}
          onSaved={() => setMode('read')}
          onCancel={() => setMode('read')}
        />
      ) : (
        <>
          {template.subject ? <Typography variant="body2">Subject: {template.subject}</Typography> : null}
          {/* The first lines: the whole text is in the form. */}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {template.body}
          </Typography>
          {remove.isError ? <Alert severity="error">Not deleted: {remove.error.message}</Alert> : null}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {mode === 'delete' ? (
              <>
                <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => remove.mutate(template.id)}>
                  {`Delete ${template.name} for good`}
                </Button>
                <Button onClick={() => setMode('read')}>Keep it</Button>
              </>
            ) : (
              <>
                <Button variant="outlined" onClick={() => setMode('edit')} aria-label={`Edit ${template.name}`}>
                  Edit
                </Button>
                <Button color="error" onClick={() => setMode('delete')} aria-label={`Delete ${template.name}`}>
                  Delete
                </Button>
              </>
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}

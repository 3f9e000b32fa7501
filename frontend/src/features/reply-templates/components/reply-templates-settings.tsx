import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useReplyTemplates } from '../api/get-reply-templates';
import { TemplateCard } from './template-card';
import { TemplateForm } from './template-form';

/** Settings' Reply templates section (admins): the team's templates, which the reply box of a lead offers. */
export function ReplyTemplatesSettings() {
  const templates = useReplyTemplates();
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
      <Typography variant="body2" color="text.secondary">
        The reply box of a lead offers these to members and admins, each filled in for the lead and the sender.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h3">
          Templates
        </Typography>
        {templates.isPending ? <Typography>Loading…</Typography> : null}
        {templates.isError ? <Alert severity="error">Could not load the templates: {templates.error.message}</Alert> : null}
        {templates.data?.length === 0 ? <Typography>No templates yet.</Typography> : null}
        {templates.data?.map((template) => (
          <TemplateCard key={template.id} template={template} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h3">
          Add a template
        </Typography>
        <TemplateForm label="New template" onSaved={() => undefined} />
      </Box>
    </Box>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INTERESTS } from '@/config/interests';
import { useTestRouting } from '../api/test-routing';
import type { RoutingSample, Teammate } from '../api/routing-types';
import { decisionText } from '../utils/routing-draft';

const EMPTY: RoutingSample = { interest: 'empower-team', email: '', company: '', utmSource: '', utmCampaign: '', referrer: '' };

/** "Try a lead": the saved rules' answer for a sample lead (the dry run: nothing stored, no turn taken). */
export function TryRouting({ teammates }: { teammates: Teammate[] }) {
  const [sample, setSample] = useState<RoutingSample>(EMPTY);
  const test = useTestRouting();
  const nameOf = (id: string) => teammates.find((t) => t.id === id)?.displayName ?? 'a former teammate';
  const field = (name: keyof RoutingSample, label: string) => (
    <TextField
      size="small"
      label={label}
      value={sample[name] ?? ''}
      onChange={(event) => setSample({ ...sample, [name]: event.target.value })}
    />
  );
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    // Empty optional fields are absent, as in a lead that left them out.
    const given = Object.fromEntries(Object.entries(sample).filter(([, value]) => value !== '')) as RoutingSample;
    test.mutate({ ...given, interest: sample.interest, email: sample.email });
  };
  return (
    <Box component="form" onSubmit={send} aria-labelledby="try-routing-title" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="try-routing-title" variant="h6" component="h3">
        Try a lead
      </Typography>
      <Typography variant="body2">
        Whom the saved rules give such a lead now, and why. Nothing is stored and nobody's turn is taken.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Interest"
          value={sample.interest}
          onChange={(event) => setSample({ ...sample, interest: event.target.value })}
          sx={{ minWidth: 240 }}
        >
          {INTERESTS.map((interest) => (
            <MenuItem key={interest.value} value={interest.value}>
              {interest.label}
            </MenuItem>
          ))}
        </TextField>
        {field('email', 'E-mail')}
        {field('company', 'Company')}
        {field('utmSource', 'Source (utm_source)')}
        {field('utmCampaign', 'Campaign (utm_campaign)')}
        {field('referrer', 'Referrer URL')}
      </Box>
      <Box>
        <Button type="submit" variant="outlined" disabled={test.isPending || sample.email.trim() === ''}>
          Try it
        </Button>
      </Box>
      <div role="status">
        {test.isSuccess ? <Alert severity="info">{`Goes to ${decisionText(test.data, nameOf)}`}</Alert> : null}
      </div>
      {test.isError ? <Alert severity="error">{test.error.message}</Alert> : null}
    </Box>
  );
}

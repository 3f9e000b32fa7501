import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { browserTimeZone } from '@/lib/time-zone';
import { type ResponseTimeSettings, useResponseSettings } from '@/lib/response-settings';
import { useSaveResponseSettings } from '../api/save-response-settings';

const DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WORKWEEK = { timeZone: browserTimeZone(), days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };

function ResponseTimeForm({ settings }: { settings: ResponseTimeSettings }) {
  const save = useSaveResponseSettings();
  const [target, setTarget] = useState(String(settings.targetMinutes));
  const [useHours, setUseHours] = useState(settings.businessHours !== null);
  const [hours, setHours] = useState(settings.businessHours ?? WORKWEEK);
  const [saved, setSaved] = useState(false);
  const targetMinutes = Number(target);
  const targetError = !Number.isInteger(targetMinutes) || targetMinutes < 1 || targetMinutes > 10080;
  const hoursError = useHours && (hours.days.length === 0 || hours.end <= hours.start);
  const toggleDay = (day: number) =>
    setHours({
      ...hours,
      days: hours.days.includes(day) ? hours.days.filter((one) => one !== day) : [...hours.days, day].sort(),
    });

  return (
    <Box
      component="form"
      noValidate
      sx={{ display: 'grid', gap: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        if (targetError || hoursError) return;
        save.mutate({ targetMinutes, businessHours: useHours ? hours : null }, { onSuccess: () => setSaved(true) });
      }}
    >
      <TextField
        label="Target for the first answer (minutes)"
        type="number"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        error={targetError}
        helperText={
          targetError
            ? 'Between 1 and 10080 minutes (a week).'
            : 'A lead still new after this is overdue: its owner is e-mailed once.'
        }
        slotProps={{ htmlInput: { min: 1, max: 10080, step: 1 } }}
        sx={{ maxWidth: 360 }}
      />
      <FormControlLabel
        control={<Checkbox checked={useHours} onChange={(event) => setUseHours(event.target.checked)} />}
        label="Count only business hours"
      />
      {useHours ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Time zone"
            value={hours.timeZone}
            onChange={(event) => setHours({ ...hours, timeZone: event.target.value })}
            helperText="IANA name, e.g. Europe/Paris"
            sx={{ maxWidth: 360 }}
          />
          <Box role="group" aria-label="Days" sx={{ display: 'flex', flexWrap: 'wrap' }}>
            {DAY_LABELS.map((label, index) => (
              <FormControlLabel
                key={label}
                control={<Checkbox checked={hours.days.includes(index + 1)} onChange={() => toggleDay(index + 1)} />}
                label={label}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <TextField
              label="Opens"
              type="time"
              value={hours.start}
              onChange={(event) => setHours({ ...hours, start: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Closes"
              type="time"
              value={hours.end}
              onChange={(event) => setHours({ ...hours, end: event.target.value })}
              error={hoursError}
              helperText={hoursError ? 'At least one day, closing after opening.' : ' '}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        </Box>
      ) : null}
      {save.isError ? <Alert severity="error">Not saved: {save.error.message}</Alert> : null}
      <Box role="status">{saved ? <Alert severity="success">Response time saved.</Alert> : null}</Box>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ justifySelf: 'start' }}>
        Save response time
      </Button>
    </Box>
  );
}

/** Settings' Response time section: how fast a lead should get its first answer, and which hours count. */
export function ResponseTimeSettings() {
  const settings = useResponseSettings();
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {settings.isPending ? <Typography>Loading…</Typography> : null}
      {settings.isError ? <Alert severity="error">Could not load the response time: {settings.error.message}</Alert> : null}
      {settings.data ? <ResponseTimeForm settings={settings.data} /> : null}
    </Box>
  );
}

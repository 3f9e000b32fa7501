import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { TeamMember } from '../api/team-types';

/** What becomes of the open leads: handed to a person, back to the routing rules, or kept. */
type Choice = 'person' | 'routing' | 'keep';

export type DisableDialogProps = {
  member: TeamMember;
  name: string;
  /** Whom the leads can go to: the other active members and admins. */
  people: TeamMember[];
  open: boolean;
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  /** Disables the account; `handOverTo` is a person's id, "routing", or undefined (the leads stay theirs). */
  onConfirm: (handOverTo: string | undefined) => void;
};

const leadsLabel = (count: number) => (count === 1 ? '1 open lead' : `${count} open leads`);

/** "Disable", confirmed: their sessions end, and their open leads go to someone, back to routing, or stay. */
export function DisableDialog({ member, name, people, open, pending, error, onCancel, onConfirm }: DisableDialogProps) {
  const [choice, setChoice] = useState<Choice>(people.length > 0 ? 'person' : 'routing');
  const [person, setPerson] = useState(people[0]?.id ?? '');
  const owns = member.openLeads > 0;
  const confirm = () => onConfirm(!owns || choice === 'keep' ? undefined : choice === 'routing' ? 'routing' : person);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="disable-member-title" aria-describedby="disable-member-text">
      <DialogTitle id="disable-member-title">Disable {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="disable-member-text">
          Their sessions end at once and they get no more e-mail.{' '}
          {owns ? `${name} owns ${leadsLabel(member.openLeads)} (new or contacted).` : `${name} owns no open lead.`}
        </DialogContentText>
        {owns ? (
          <RadioGroup
            aria-label={`What becomes of the open leads of ${name}`}
            value={choice}
            onChange={(event) => setChoice(event.target.value as Choice)}
            sx={{ mt: 2 }}
          >
            <FormControlLabel
              value="person"
              disabled={people.length === 0}
              control={<Radio />}
              label={
                <>
                  Hand them to{' '}
                  <NativeSelect
                    value={person}
                    disabled={choice !== 'person' || people.length === 0}
                    onChange={(event) => setPerson(event.target.value)}
                    inputProps={{ 'aria-label': 'Hand the leads to' }}
                    sx={{ fontSize: '0.875rem', ml: 0.5 }}
                  >
                    {people.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.displayName || candidate.username}
                      </option>
                    ))}
                  </NativeSelect>
                </>
              }
            />
            <FormControlLabel value="routing" control={<Radio />} label="Back to routing (unassigned until routed)" />
            <FormControlLabel value="keep" control={<Radio />} label={`Keep them with ${name}`} />
          </RadioGroup>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error.message}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={pending}>
          Disable
        </Button>
      </DialogActions>
    </Dialog>
  );
}

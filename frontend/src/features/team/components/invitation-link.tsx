import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Invitation } from '../api/team-types';

export type InvitationLinkProps = { invitation: Invitation };

/**
 * The link as it can be sent: the API makes it from PUBLIC_URL, or relative where no
 * PUBLIC_URL is set (never from a request's Host), and then this page's own origin completes it.
 */
export function absoluteLink(link: string, origin: string = window.location.origin): string {
  return new URL(link, origin).href;
}

/** The new invitation's link, to copy and send (it is shown once: the server keeps only its hash). */
export function InvitationLink({ invitation }: InvitationLinkProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = absoluteLink(invitation.inviteUrl);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Box sx={{ mb: 1 }}>
        Invitation for {invitation.email} made, valid until {new Date(invitation.expiresAt).toLocaleString()}. Send them this
        link:
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Invitation link"
          value={link}
          size="small"
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
          slotProps={{ htmlInput: { readOnly: true, onFocus: (event: { target: HTMLInputElement }) => event.target.select() } }}
        />
        <Button variant="contained" size="small" onClick={() => void copy()}>
          Copy link
        </Button>
      </Box>
      <Box role="status" sx={{ mt: 0.5, minHeight: '1.5em' }}>
        {copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Could not copy: select the link and copy it.' : ''}
      </Box>
    </Alert>
  );
}

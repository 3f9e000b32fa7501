import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeliveryLogEntry } from '../api/webhook-keys';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

/**
 * How many deliveries the log shows at first, and how many more each "Show more": a log keeps
 * 100, which on a phone made the settings page tens of thousands of pixels tall, and the newest
 * few are what an admin looks at.
 */
export const DELIVERIES_SHOWN = 3;
const MORE_DELIVERIES = 20;

const COLUMNS = ['Event', 'State', 'Attempts', 'Last answer', 'Queued', 'Delivered', 'Actions'] as const;

/**
 * Below the `sm` breakpoint each delivery is a block of labelled values (the labels from each
 * cell's `data-label`), three to a line, so that a phone shows the log and its buttons without
 * scrolling sideways and each delivery takes little height; the table's rows and cells keep
 * their roles for assistive technology.
 */
const STACKED_ON_PHONES = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      columnGap: 1.5,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { display: 'block', border: 0, px: 0, py: 0.5, overflowWrap: 'anywhere' },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      typography: 'caption',
      color: 'text.secondary',
    },
  },
} as const;

export type DeliveryLogTableProps = {
  /** The table's accessible name, e.g. "Deliveries to https://…". */
  label: string;
  deliveries: UseQueryResult<DeliveryLogEntry[]>;
  onSendAgain: (delivery: DeliveryLogEntry) => void;
  sendingAgain: boolean;
};

/**
 * A delivery log (a webhook endpoint's or the spreadsheet's), newest first, with "Send again" on
 * each delivery: the newest few, and "Show more" for the rest.
 */
export function DeliveryLogTable({ label, deliveries, onSendAgain, sendingAgain }: DeliveryLogTableProps) {
  const [shown, setShown] = useState(DELIVERIES_SHOWN);
  if (deliveries.isPending) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (deliveries.isError) return <Typography role="alert">Could not load the deliveries: {deliveries.error.message}</Typography>;
  if (deliveries.data.length === 0) return <Typography variant="body2">No deliveries yet.</Typography>;
  const hidden = deliveries.data.length - shown;
  return (
    <>
      <Table size="small" aria-label={label} sx={STACKED_ON_PHONES}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.data.slice(0, shown).map((delivery) => {
            const cells = [
              delivery.event,
              delivery.state,
              delivery.attempts,
              delivery.lastError ?? (delivery.lastStatus === null ? '–' : `HTTP ${delivery.lastStatus}`),
              time(delivery.createdAt),
              time(delivery.deliveredAt),
            ];
            return (
              <TableRow key={delivery.id}>
                {cells.map((cell, index) => (
                  <TableCell key={COLUMNS[index]} data-label={COLUMNS[index]}>
                    {cell}
                  </TableCell>
                ))}
                <TableCell>
                  <Button
                    size="small"
                    disabled={delivery.state === 'pending' || sendingAgain}
                    onClick={() => onSendAgain(delivery)}
                    aria-label={`Send ${delivery.event} again`}
                  >
                    Send again
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {hidden > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {`The newest ${shown} of ${deliveries.data.length}.`}
          </Typography>
          <Button size="small" onClick={() => setShown(shown + MORE_DELIVERIES)}>
            {`Show ${Math.min(hidden, MORE_DELIVERIES)} more`}
          </Button>
        </Box>
      ) : null}
    </>
  );
}

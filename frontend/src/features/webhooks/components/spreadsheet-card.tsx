import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSpreadsheet } from '../api/get-spreadsheet';
import { useSpreadsheetDeliveries } from '../api/get-spreadsheet-deliveries';
import { useRedeliverSpreadsheetDelivery } from '../api/redeliver-spreadsheet-delivery';
import { DeliveryLogTable } from './delivery-log-table';
import { FailingNotice } from './failing-notice';

/**
 * The spreadsheet copy beside the webhooks: its delivery log, with "Send again". Shown only when
 * it is configured (by SHEETS_WEBHOOK_URL, never here: the URL is a secret of the server's).
 */
export function SpreadsheetCard() {
  const spreadsheet = useSpreadsheet();
  if (!spreadsheet.data?.configured) return null;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label="Spreadsheet">
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        Spreadsheet
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        A copy of every lead (and each erasure), set up by the server&apos;s SHEETS_WEBHOOK_URL.
      </Typography>
      <FailingNotice since={spreadsheet.data.failingSince} what="the spreadsheet" />
      <SpreadsheetDeliveries />
    </Paper>
  );
}

function SpreadsheetDeliveries() {
  const deliveries = useSpreadsheetDeliveries();
  const redeliver = useRedeliverSpreadsheetDelivery();
  return (
    <DeliveryLogTable
      label="Deliveries to the spreadsheet"
      deliveries={deliveries}
      onSendAgain={(delivery) => redeliver.mutate(delivery.id)}
      sendingAgain={redeliver.isPending}
    />
  );
}

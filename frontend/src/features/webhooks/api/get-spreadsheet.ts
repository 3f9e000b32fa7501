import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Spreadsheet, spreadsheetKeys } from './webhook-keys';

/** Whether the spreadsheet copy is configured (SHEETS_WEBHOOK_URL), and since when it has been failing. */
export const getSpreadsheetQueryOptions = () => queryOptions<Spreadsheet>({ queryKey: spreadsheetKeys.state });

export function useSpreadsheet() {
  return useQuery(getSpreadsheetQueryOptions());
}

export const REPORT_PERIODS = [7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last `days` calendar days, today included, as the viewer's local dates: `from` inclusive, `to` (tomorrow) exclusive. */
export function reportRange(days: ReportPeriod, now: Date = new Date()): { from: string; to: string } {
  const [year, month, date] = [now.getFullYear(), now.getMonth(), now.getDate()];
  return { from: day(new Date(year, month, date - (days - 1))), to: day(new Date(year, month, date + 1)) };
}

/** "45 %" of a 0–1 share; "–" when there is nothing to share. */
export const shareText = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);

/** "12 min", "1.5 h", "2.1 d"; "–" when nothing was answered. */
export function minutesText(minutes: number | null): string {
  if (minutes === null) return '–';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 1440) return `${Number((minutes / 60).toFixed(1))} h`;
  return `${Number((minutes / 1440).toFixed(1))} d`;
}

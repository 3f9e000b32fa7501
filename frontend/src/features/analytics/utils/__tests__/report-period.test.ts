import { describe, expect, it } from 'vitest';
import { minutesText, reportRange, shareText } from '../report-period';

describe(reportRange.name, () => {
  it('covers the last days in local dates, today included, across a month', () => {
    expect(reportRange(7, new Date(2026, 11, 2, 23, 30))).toEqual({ from: '2026-11-26', to: '2026-12-03' });
    expect(reportRange(30, new Date(2026, 11, 31, 0, 5))).toEqual({ from: '2026-12-02', to: '2027-01-01' });
  });
});

describe(minutesText.name, () => {
  it('says minutes, hours and days, and a dash for nothing', () => {
    expect(minutesText(12.4)).toBe('12 min');
    expect(minutesText(90)).toBe('1.5 h');
    expect(minutesText(2880)).toBe('2 d');
    expect(minutesText(null)).toBe('–');
    expect(shareText(0.456)).toBe('46 %');
    expect(shareText(null)).toBe('–');
  });
});

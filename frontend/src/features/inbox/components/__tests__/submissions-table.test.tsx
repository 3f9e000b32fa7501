import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { leadFixture } from '@/testing/lead-fixture';
import { renderApp } from '@/testing/test-utils';
import { SubmissionsTable } from '../submissions-table';
import { ROWS_PER_PASS } from '../use-rows-in-passes';

const leads = (from: number, count: number, prefix = 'Lead') =>
  Array.from({ length: count }, (_, index) =>
    leadFixture({ id: `${prefix}-${from + index}`, name: `${prefix} ${from + index}` }),
  );
const noop = () => undefined;
const rowNames = () => screen.getAllByTestId('submission').map((row) => row.getAttribute('aria-label'));

describe('SubmissionsTable', () => {
  it('keeps the rows it shows and adds the next page a few rows at a time, in order, focus left where it was', async () => {
    // Fewer rows than the API's pages of 50, the same way: a first page, then Load more's.
    const firstPage = leads(1, 20);
    const { rerender } = renderApp(<SubmissionsTable submissions={firstPage} onOpen={noop} />);
    expect(screen.getAllByTestId('submission')).toHaveLength(20);
    const lastShown = screen.getByRole('button', { name: 'Lead 20' });
    lastShown.focus();

    rerender(<SubmissionsTable submissions={[...firstPage, ...leads(21, 25)]} onOpen={noop} />);
    // At first the rows already there, untouched (the same elements, not drawn again).
    expect(screen.getAllByTestId('submission')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Lead 20' })).toBe(lastShown);

    // Then the next rows, never more than a pass ahead of what was there.
    await waitFor(() => expect(screen.getAllByTestId('submission').length).toBeGreaterThan(20));
    expect(screen.getAllByTestId('submission').length).toBeLessThanOrEqual(20 + ROWS_PER_PASS);
    await waitFor(() => expect(screen.getAllByTestId('submission')).toHaveLength(45));
    expect(rowNames()).toEqual(Array.from({ length: 45 }, (_, index) => `Lead ${index + 1}`));
    expect(lastShown).toHaveFocus();
  });

  it('shows a new list (a search, another filter) whole at once', () => {
    const { rerender } = renderApp(<SubmissionsTable submissions={leads(1, 10)} onOpen={noop} />);
    expect(screen.getAllByTestId('submission')).toHaveLength(10);

    rerender(<SubmissionsTable submissions={leads(1, 15, 'Found')} onOpen={noop} />);
    expect(rowNames()).toEqual(Array.from({ length: 15 }, (_, index) => `Found ${index + 1}`));
  });
});

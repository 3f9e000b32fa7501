import { screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import type { DeliveryLogEntry } from '../../api/webhook-keys';
import { DeliveryLogTable } from '../delivery-log-table';

/** A log of `count` delivered test events, newest first, as the API answers it. */
function log(count: number): UseQueryResult<DeliveryLogEntry[]> {
  const data = Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    event: `lead.created #${index + 1}`,
    state: 'delivered' as const,
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    deliveredAt: '2026-11-28T10:00:01.000Z',
  }));
  return { isPending: false, isError: false, data } as UseQueryResult<DeliveryLogEntry[]>;
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe(DeliveryLogTable.name, () => {
  it('shows the newest three deliveries, and twenty more at each "Show more" until the log ends', async () => {
    const { user } = renderApp(
      <DeliveryLogTable label="Deliveries" deliveries={log(30)} onSendAgain={vi.fn()} sendingAgain={false} />,
    );
    expect(bodyRows()).toHaveLength(3);
    expect(bodyRows()[0]).toHaveTextContent('lead.created #1');
    expect(screen.getByText('The newest 3 of 30.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(bodyRows()).toHaveLength(23);
    await user.click(screen.getByRole('button', { name: 'Show 7 more' }));
    expect(bodyRows()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/The newest/)).not.toBeInTheDocument();
  });

  it('shows a short log whole, without "Show more"', () => {
    renderApp(<DeliveryLogTable label="Deliveries" deliveries={log(2)} onSendAgain={vi.fn()} sendingAgain={false} />);
    expect(bodyRows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { EndpointFields, NEW_ENDPOINT } from '../endpoint-fields';

describe(EndpointFields.name, () => {
  // The API accepts these events (WEBHOOK_EVENTS of webhook-endpoint.entity.ts, and docs/integrations.md).
  it('offers every event the API accepts', () => {
    renderApp(<EndpointFields value={NEW_ENDPOINT} onChange={() => undefined} />);
    for (const event of ['lead.created', 'lead.updated', 'lead.erased', 'lead.overdue', 'lead.message']) {
      expect(screen.getByRole('checkbox', { name: event })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'lead.created' })).toBeChecked();
  });
});

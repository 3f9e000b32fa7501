import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { StatusSelect } from '../status-select';

/** The API: each PATCH answers the lead's detail with the status it was sent; the calls are kept. */
function answerPatches() {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((_, init) => {
      const body = JSON.parse(init?.body as string) as { status: string };
      patches.push(body);
      return Promise.resolve(Response.json({ id: 'lead-1', name: 'Ada', status: body.status }));
    }),
  );
  return patches;
}

afterEach(() => vi.unstubAllGlobals());

describe('StatusSelect', () => {
  it('offers Undo after marking a lead spam, which puts back the status it had', async () => {
    const patches = answerPatches();
    const { user } = renderApp(<StatusSelect submission={{ id: 'lead-1', name: 'Ada', status: 'contacted' }} />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Ada' }), 'spam');

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Ada marked as spam');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(patches).toEqual([{ status: 'spam' }, { status: 'contacted' }]));
  });
});

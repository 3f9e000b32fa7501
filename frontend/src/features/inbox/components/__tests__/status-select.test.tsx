import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { StatusSelect } from '../status-select';

/** The API: each PATCH answers the lead's detail with the status it was sent and a new version; the calls are kept. */
function answerPatches() {
  const patches: unknown[] = [];
  let version = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((_, init) => {
      const body = JSON.parse(init?.body as string) as { status: string };
      patches.push({ ...body, ifMatch: new Headers(init?.headers).get('If-Match') });
      version += 1;
      return Promise.resolve(Response.json({ id: 'lead-1', name: 'Ada', status: body.status, version, assigneeId: null }));
    }),
  );
  return patches;
}

afterEach(() => vi.unstubAllGlobals());

describe('StatusSelect', () => {
  it('offers Undo after marking a lead spam, which puts back the status it had', async () => {
    const patches = answerPatches();
    const { user } = renderApp(
      <StatusSelect submission={{ id: 'lead-1', name: 'Ada', status: 'contacted', version: 3, assigneeId: null }} />,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status of Ada' }), 'spam');

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Ada marked as spam');
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    // The Undo is made on the version the spam change left, so a teammate's change in between is not overwritten.
    await vi.waitFor(() =>
      expect(patches).toEqual([
        { status: 'spam', ifMatch: '"3"' },
        { status: 'contacted', ifMatch: '"4"' },
      ]),
    );
  });
});

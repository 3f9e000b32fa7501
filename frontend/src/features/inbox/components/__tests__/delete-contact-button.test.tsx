import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { DeleteContactButton } from '../delete-contact-button';

// The spreadsheet is named only for a lead the sync copied (the browser test covers that
// one, on a server with the sync on); a lead that came while it was off has no copy there.
describe('DeleteContactButton', () => {
  it('promises no spreadsheet erasure for a lead without a copy there', async () => {
    const { user } = renderApp(<DeleteContactButton id="id-1" name="Ada" inSpreadsheet={false} onDeleted={() => undefined} />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('dialog', { name: 'Delete this submission?' })).toHaveTextContent(
      'The submission of Ada is erased here. This cannot be undone.',
    );
  });
});

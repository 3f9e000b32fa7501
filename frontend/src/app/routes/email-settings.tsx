import Box from '@mui/material/Box';
import { pageMeta } from '@/config/pages';
import { BookingSettingsSection } from '@/features/booking-settings/components/booking-settings-section';
import { EmailSettings } from '@/features/email-settings/components/email-settings';
import { AdminOnlyPage } from './admin-only-page';

/** Settings → E-mail (/admin/settings/email): a chunk of its own, for admins; the booking link below the e-mails that carry it. */
export function EmailSettingsPage() {
  return (
    <AdminOnlyPage title={pageMeta.emailSettings.title} manages="e-mail">
      {() => (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <EmailSettings />
          <BookingSettingsSection />
        </Box>
      )}
    </AdminOnlyPage>
  );
}

import { useRef } from 'react';
import Typography from '@mui/material/Typography';
import { AdminDashboard } from '@/features/admin/admin-dashboard';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';

function DashboardHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(ref);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, outline: 'none' }}>
      Admin Dashboard
    </Typography>
  );
}

/** What /admin shows once signed in: a chunk of its own (routes/admin.tsx loads it lazily). */
export function SignedInDashboard() {
  return (
    <>
      <DashboardHeading />
      <AdminDashboard />
    </>
  );
}

import { AdminDashboard } from './admin-dashboard';

/** What /admin shows under its heading once signed in: a chunk of its own (routes/admin.tsx loads it lazily). */
export function SignedInDashboard() {
  return <AdminDashboard />;
}

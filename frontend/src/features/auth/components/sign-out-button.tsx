import Button from '@mui/material/Button';
import { useLogout } from '../api/logout';

export function SignOutButton() {
  const logout = useLogout();
  return (
    <Button variant="outlined" color="inherit" disabled={logout.isPending} onClick={() => logout.mutate()}>
      Sign out
    </Button>
  );
}

import { useLogout } from '../api/logout';

/** The header's "Sign out": a plain button with MUI's outlined look (styles/controls.css, loaded with the admin pages). */
export function SignOutButton() {
  const logout = useLogout();
  return (
    <button type="button" className="btn btn--outlined btn--inherit" disabled={logout.isPending} onClick={() => logout.mutate()}>
      Sign out
    </button>
  );
}

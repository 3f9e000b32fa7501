import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import type { SessionUser } from '@/config/roles';
import { apiRequest } from '@/lib/api-client';

export type AwayToggleProps = { user: SessionUser };

// PATCH /api/auth/me { away } here rather than through update-me.ts, whose form rules (yup) the
// dashboard's first load, where the header is, does not carry.
async function setAway(away: boolean): Promise<SessionUser> {
  return (await (await apiRequest(API.me, { method: 'PATCH', body: { away } })).json()) as SessionUser;
}

/**
 * The header's "Away" toggle: routing gives no new leads to someone away (docs/routing.md).
 * A plain toggle button (aria-pressed, styles/controls.css), and while on, "You are away" beside it.
 */
export function AwayToggle({ user }: AwayToggleProps) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: setAway,
    onSuccess: async (account) => {
      queryClient.setQueryData(queryKeys.me, account);
      // The routing page lists who is away.
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminAssignees });
    },
  });
  const away = update.isPending ? update.variables : user.away;
  return (
    <>
      {away ? (
        <span className="admin-away" role="status">
          You are away
        </span>
      ) : null}
      <button
        type="button"
        aria-pressed={away}
        title={away ? 'Routing gives you no new leads. Press to be back.' : 'Routing gives you no new leads while you are away.'}
        className={away ? 'btn btn--contained btn--small' : 'btn btn--text btn--small btn--inherit'}
        disabled={update.isPending}
        onClick={() => update.mutate(!away)}
      >
        Away
      </button>
      {update.isError ? (
        <span role="alert" className="admin-away">
          {update.error.message}
        </span>
      ) : null}
    </>
  );
}

import { useContactEmails } from '../api/get-contact-emails';
import { useEmailStatus } from '../api/get-email-status';
import { emailKindLabel, emailStateLabel } from '../utils/email-labels';
import { localTime } from '../utils/relative-time';
import './submission-drawer.css';

/** The drawer's "E-mails": what was sent about the lead (kind, state, attempts, last error). */
export function LeadEmails({ id }: { id: string }) {
  const emails = useContactEmails(id);
  const status = useEmailStatus();
  const notSetUp =
    status.data && !status.data.enabled ? (
      <p className="lead-text text-secondary" data-testid="email-not-set-up">
        E-mail is not set up.
      </p>
    ) : null;
  if (emails.isPending) return <p className="lead-text">Loading e-mails…</p>;
  if (emails.isError) return <p role="alert">Could not load the e-mails: {emails.error.message}</p>;
  if (emails.data.length === 0) return notSetUp ?? <p className="lead-text text-secondary">No e-mails about this lead.</p>;
  return (
    <div className="drawer-stack">
      {notSetUp}
      <ul className="drawer-list" data-testid="lead-emails">
        {emails.data.map((email) => (
          <li className="lead-text" key={email.id}>
            {emailKindLabel(email.kind)}: {emailStateLabel(email.state)}
            {email.state === 'delivered' && email.deliveredAt ? ` (${localTime(email.deliveredAt)})` : ''}
            {email.attempts ? `, ${email.attempts} attempt${email.attempts === 1 ? '' : 's'}` : ''}
            {email.lastError ? <span className="drawer-error drawer-block">Last error: {email.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

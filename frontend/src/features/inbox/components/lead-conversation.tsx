import type { ContactDetail } from '../api/contact-types';
import { useLeadMessages } from '../api/get-lead-messages';
import { LeadThread } from './lead-thread';
import { ReplyBox } from './reply-box';

/** The drawer's "Conversation": the thread (asked for as the drawer opens), then the reply box. */
export function LeadConversation({ lead }: { lead: ContactDetail }) {
  const thread = useLeadMessages(lead.id);
  return (
    <div className="reply-box" data-testid="conversation">
      {thread.isPending ? (
        <p className="lead-text">Loading the conversation…</p>
      ) : thread.isError ? (
        <p className="lead-text" role="alert">
          Could not load the conversation: {thread.error.message}
        </p>
      ) : (
        // Keyed by the lead: another lead's thread starts with its newest messages again.
        <LeadThread key={lead.id} leadId={lead.id} leadName={lead.name} messages={thread.data} />
      )}
      <ReplyBox lead={lead} thread={thread.data} />
    </div>
  );
}

import { useState } from 'react';
import type { ContactDetail } from '../api/contact-types';
import { useLeadMessages } from '../api/get-lead-messages';
import { LeadThread } from './lead-thread';
import { ReplyBox } from './reply-box';

/**
 * The drawer's "Conversation": the thread (its newest messages, asked for as the drawer opens;
 * the whole thread on request), then the reply box.
 */
export function LeadConversation({ lead }: { lead: ContactDetail }) {
  // The lead whose whole thread was asked for: another lead starts with its newest messages again.
  const [wholeFor, setWholeFor] = useState<string | null>(null);
  const whole = wholeFor === lead.id;
  const thread = useLeadMessages(lead.id, whole);
  return (
    <div className="reply-box" data-testid="conversation">
      {thread.isPending ? (
        <p className="lead-text">Loading the conversation…</p>
      ) : thread.isError ? (
        <p className="lead-text" role="alert">
          Could not load the conversation: {thread.error.message}
        </p>
      ) : (
        <LeadThread
          leadId={lead.id}
          leadName={lead.name}
          messages={thread.data.messages}
          total={thread.data.total}
          loadingEarlier={whole && thread.isPlaceholderData}
          onShowEarlier={() => setWholeFor(lead.id)}
        />
      )}
      <ReplyBox lead={lead} thread={thread.data?.messages} />
    </div>
  );
}

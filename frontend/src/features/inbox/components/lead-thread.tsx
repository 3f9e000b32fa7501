import { memo, useRef, useState } from 'react';
import { useSessionUser } from '@/lib/session-user';
import type { LeadMessage } from '../api/contact-types';
import { attachmentUrl } from '../api/get-lead-messages';
import { fileSize, messageStateLabel } from '../utils/message-text';
import { localTime } from '../utils/relative-time';
import './lead-thread.css';

export type LeadThreadProps = {
  leadId: string;
  leadName: string;
  messages: readonly LeadMessage[];
  /** How many messages the whole thread holds. */
  total: number;
  /** The earlier messages were asked for and are on their way. */
  loadingEarlier: boolean;
  onShowEarlier: () => void;
};

/** Who wrote it: "You", the teammate's name, or the lead. */
function author(message: LeadMessage, leadName: string, myId: string | undefined): string {
  if (message.direction === 'in') return leadName;
  if (message.authorId !== null && message.authorId === myId) return 'You';
  return message.authorDisplayName ?? 'A teammate';
}

/**
 * One message; drawn again only when it changed (the query keeps unchanged messages the same
 * objects), not on each update of the lead or a new message's arrival.
 */
const MessageItem = memo(function MessageItem({
  leadId,
  leadName,
  message,
}: {
  leadId: string;
  leadName: string;
  message: LeadMessage;
}) {
  const me = useSessionUser();
  const [quoteShown, setQuoteShown] = useState(false);
  const at = message.direction === 'in' ? (message.sentAt ?? message.receivedAt ?? message.createdAt) : message.createdAt;
  const state = message.direction === 'out' ? messageStateLabel(message.state) : null;
  const quoteId = `quote-${message.id}`;
  const classes = [
    'thread-message',
    `thread-message--${message.direction}`,
    message.automatic ? 'thread-message--automatic' : '',
  ].join(' ');
  return (
    <li
      className={classes}
      data-testid="message"
      aria-label={`${message.direction === 'in' ? 'From' : 'To'} ${leadName}: ${message.subject}`}
    >
      <div className="thread-message__head">
        <span className="lead-text lead-text--strong">{author(message, leadName, me?.id)}</span>
        {message.automatic ? <span className="thread-badge">Automatic reply</span> : null}
        {state ? (
          <span className={`thread-badge thread-badge--${message.state ?? ''}`} data-testid="message-state">
            {state}
          </span>
        ) : null}
        <time className="lead-caption thread-message__time" dateTime={at}>
          {localTime(at)}
        </time>
      </div>
      <div className="lead-caption thread-message__from">
        {message.direction === 'in' ? `From ${message.from}` : `To ${message.to}`}
      </div>
      <div className="lead-text thread-message__subject">{message.subject}</div>
      {/* Text, never HTML: the API keeps none. */}
      <p className="lead-text thread-message__text">{message.text}</p>
      {message.quotedText ? (
        <>
          <button
            type="button"
            className="btn btn--small btn--text thread-message__toggle"
            aria-expanded={quoteShown}
            aria-controls={quoteId}
            onClick={() => setQuoteShown((shown) => !shown)}
          >
            {quoteShown ? 'Hide quoted text' : 'Show quoted text'}
          </button>
          {quoteShown ? (
            <p id={quoteId} className="lead-text thread-message__text thread-message__quote">
              {message.quotedText}
            </p>
          ) : null}
        </>
      ) : null}
      {message.attachments.length ? (
        <ul className="thread-attachments" aria-label="Attachments">
          {message.attachments.map((attachment) => (
            <li key={attachment.id} className="lead-text">
              {attachment.kept ? (
                <a className="lead-link" href={attachmentUrl(leadId, message.id, attachment)} download={attachment.filename}>
                  {attachment.filename}
                </a>
              ) : (
                <span>{attachment.filename}</span>
              )}{' '}
              <span className="lead-caption">
                ({fileSize(attachment.size)}
                {attachment.kept ? '' : ', too large: not kept'})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
});

/**
 * The lead's e-mail conversation, oldest first: who wrote, when, the text with its quoted
 * history folded, the files. `messages` are the newest ones until the earlier ones are asked
 * for (`total` says how many the thread holds).
 */
export function LeadThread({ leadId, leadName, messages, total, loadingEarlier, onShowEarlier }: LeadThreadProps) {
  const list = useRef<HTMLOListElement>(null);
  if (!messages.length) return <p className="lead-text lead-caption">No messages yet.</p>;
  const hidden = Math.max(0, total - messages.length);
  const showEarlier = () => {
    onShowEarlier();
    // The button goes away once they are shown: the keyboard goes on from the top of the thread.
    list.current?.focus();
  };
  return (
    <>
      {hidden ? (
        <button type="button" className="btn btn--small btn--text thread-earlier" onClick={showEarlier} disabled={loadingEarlier}>
          {loadingEarlier ? 'Loading earlier messages…' : `Show ${hidden} earlier ${hidden === 1 ? 'message' : 'messages'}`}
        </button>
      ) : null}
      <ol className="thread" aria-label="Messages" ref={list} tabIndex={-1}>
        {messages.map((message) => (
          <MessageItem key={message.id} leadId={leadId} leadName={leadName} message={message} />
        ))}
      </ol>
    </>
  );
}

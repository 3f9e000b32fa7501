import { type CSSProperties, memo, useDeferredValue, useRef, useState } from 'react';
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

/**
 * How many of the newest messages come with the lead's first render; the earlier ones of the
 * page follow in React's deferred render. Each message is some 8 elements and a screen's
 * height: the 20 of a long thread's first page were two thirds of what the drawer drew before
 * its newest message was in the page, while the first screen shows the lead above them.
 */
export const THREAD_DRAWN_AT_FIRST = 3;

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
  // `false` in the render that mounts the thread (with the lead's detail), then `true` in a
  // background render once that one is on screen (useDeferredValue's initial value).
  const allDrawn = useDeferredValue(true, false);
  if (!messages.length) return <p className="lead-text lead-caption">No messages yet.</p>;
  const hidden = Math.max(0, total - messages.length);
  const waiting = allDrawn ? 0 : Math.max(0, messages.length - THREAD_DRAWN_AT_FIRST);
  const drawn = waiting ? messages.slice(waiting) : messages;
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
        {/* Where the earlier ones are drawn next, about their height (lead-thread.css), so
            that the newest ones and the reply box come about where they will stay. */}
        {waiting ? <li aria-hidden="true" className="thread-waiting" style={{ '--waiting': waiting } as CSSProperties} /> : null}
        {drawn.map((message) => (
          <MessageItem key={message.id} leadId={leadId} leadName={leadName} message={message} />
        ))}
      </ol>
    </>
  );
}

import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { interestLabel } from '@/config/interests';
import { useCan, useSessionUser } from '@/lib/session-user';
import { mailtoHref } from '@/lib/url';
import type { ContactDetail, LeadMessage } from '../api/contact-types';
import { useEmailStatus } from '../api/get-email-status';
import { cachedThread } from '../api/get-lead-messages';
import { useRenderReplyTemplate, useReplyTemplates } from '../api/reply-templates';
import { MessageConflictError, useSendMessage } from '../api/send-message';
import { replyConflictText } from '../utils/message-text';
import './lead-thread.css';

export const REPLY_MAX_LENGTH = 20_000;
export const SUBJECT_MAX_LENGTH = 200;

export type ReplyBoxProps = {
  /** The lead as the drawer shows it: its version goes as If-Match. */
  lead: ContactDetail;
  /** The thread as shown (undefined while it loads). */
  thread: readonly LeadMessage[] | undefined;
};

type Conflict = { text: string };

/**
 * The drawer's reply box (members and admins): the text, a subject until the lead has written
 * (then the API answers `Re:` their subject), the signature as it will be sent, and Send. A
 * lead changed since the screen showed it (412: a teammate answered first) keeps the draft and
 * says what happened, with "Send anyway" (again, with the lead's version now).
 */
export function ReplyBox({ lead, thread }: ReplyBoxProps) {
  const canReply = useCan('triage');
  const me = useSessionUser();
  const email = useEmailStatus();
  const send = useSendMessage();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [subject, setSubject] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const ids = useId();
  const templates = useReplyTemplates(canReply);
  const render = useRenderReplyTemplate();
  if (!canReply) {
    return (
      <p className="lead-text lead-caption" data-testid="reply-not-allowed">
        Viewers read the conversation; members and admins reply.
      </p>
    );
  }
  // The API answers `Re: <their subject>` once the lead has written: no subject to ask then.
  const leadHasWritten = thread?.some((message) => message.direction === 'in') ?? false;
  const mailOff = email.data?.enabled === false;
  const repliesComeBack = email.data ? email.data.inbound.endpoint || email.data.inbound.imap : true;
  // Without e-mail set up, the one way left to answer: the user's own mail program.
  const ownMailHref = mailOff ? mailtoHref(lead.email, `Re: ${interestLabel(lead.interest)} – ${PRODUCT_NAME}`) : null;

  /** A template filled in for this lead fills the box (the subject too, while one is asked). */
  const fillFromTemplate = (templateId: string) => {
    if (!templateId) return;
    render.mutate(
      { templateId, leadId: lead.id },
      {
        onSuccess: (filled) => {
          setBody(filled.body);
          if (filled.subject && !leadHasWritten) setSubject(filled.subject);
        },
        onError: (error) => void toast({ title: 'Template not used', description: error.message, destructive: true }),
      },
    );
  };

  const submit = (version: number) => {
    const known = new Set((thread ?? []).map((message) => message.id));
    setConflict(null);
    send.mutate(
      {
        leadId: lead.id,
        version,
        message: { body, ...(!leadHasWritten && subject.trim() ? { subject: subject.trim() } : {}) },
      },
      {
        onSuccess: () => {
          setBody('');
          setSubject('');
        },
        onError: (error) => {
          if (error instanceof MessageConflictError) {
            // The thread is fetched again by now (the mutation's onError awaited it): what is new in it.
            const now = cachedThread(queryClient, lead.id);
            setConflict({ text: replyConflictText(lead, error.current, known, now) });
            return;
          }
          void toast({ title: 'Reply not sent', description: error.message, destructive: true });
        },
      },
    );
  };
  return (
    <form
      className="reply-box"
      aria-label="Reply to the lead"
      onSubmit={(event) => {
        event.preventDefault();
        submit(lead.version);
      }}
    >
      {conflict ? (
        <div className="reply-box__notice" role="alert" data-testid="reply-conflict">
          <span className="lead-text">{conflict.text} Your reply was not sent; it is still below.</span>
          <div className="reply-box__actions">
            <button
              type="button"
              className="btn btn--small btn--outlined"
              disabled={send.isPending || !body.trim()}
              onClick={() => submit(lead.version)}
            >
              Send anyway
            </button>
            <button type="button" className="btn btn--small btn--text" onClick={() => setConflict(null)}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
      {mailOff ? (
        <p className="lead-text lead-caption" data-testid="reply-mail-off">
          E-mail is not set up: replies cannot be sent from here.
          {ownMailHref ? (
            <>
              {' '}
              <a href={ownMailHref}>Write from your mail program</a> (what you write there does not come back into {PRODUCT_NAME}
              ).
            </>
          ) : null}
        </p>
      ) : null}
      {!repliesComeBack ? (
        <p className="lead-text lead-caption" data-testid="replies-not-received">
          Replies are not received: the lead&apos;s answers will not come back into {PRODUCT_NAME} (no inbound e-mail is set up).
        </p>
      ) : null}
      {templates.data?.length ? (
        <div className="reply-box__field">
          <label htmlFor={`${ids}-template`}>Template</label>
          <select
            id={`${ids}-template`}
            value=""
            disabled={render.isPending}
            onChange={(event) => fillFromTemplate(event.target.value)}
          >
            <option value="">{render.isPending ? 'Filling in…' : 'Choose a template…'}</option>
            {templates.data.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {leadHasWritten || !thread ? null : (
        <div className="reply-box__field">
          <label htmlFor={`${ids}-subject`}>Subject (optional)</label>
          <input
            id={`${ids}-subject`}
            type="text"
            value={subject}
            maxLength={SUBJECT_MAX_LENGTH}
            onChange={(event) => setSubject(event.target.value)}
          />
        </div>
      )}
      <div className="reply-box__field">
        <label htmlFor={`${ids}-body`}>Reply</label>
        <textarea
          id={`${ids}-body`}
          rows={5}
          value={body}
          maxLength={REPLY_MAX_LENGTH}
          aria-describedby={me?.signature ? `${ids}-signature` : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      {me?.signature ? (
        <p id={`${ids}-signature`} className="lead-text lead-caption reply-box__signature" data-testid="reply-signature">
          {`-- \n${me.signature}`}
        </p>
      ) : null}
      <div className="reply-box__actions">
        <button type="submit" className="btn btn--small btn--contained" disabled={send.isPending || !body.trim() || mailOff}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}

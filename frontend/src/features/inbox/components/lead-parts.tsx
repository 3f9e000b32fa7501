import { Fragment } from 'react';
import type { CSSProperties } from 'react';
import { interestLabel } from '@/config/interests';
import { parseHttpUrl } from '@/lib/url';
import './lead-parts.css';

// The parts of a lead that every entry of "Recent Submissions" shows (docs/frontend.md): the table,
// the phone's list and the drawer show them alike. Typed text is always rendered as text.

export type InterestChipProps = {
  interest: string;
};

/** The interest badge: MUI's small outlined Chip in the primary colour, as plain CSS (lead-parts.css). */
export function InterestChip({ interest }: InterestChipProps) {
  return <span className="interest-chip">{interestLabel(interest)}</span>;
}

export type EmailTextProps = {
  email: string;
};

// A piece of an address longer than this may break inside, as a last resort (where it is
// wider than the screen); shorter ones never do.
const EMAIL_PIECE_MAX_NOWRAP = 32;

/** The address cut before its '@' and each '.': the only places a line may break it. */
export function emailPieces(email: string): string[] {
  return email.split(/(?=[@.])/u);
}

/**
 * An e-mail address that wraps only before its '@' or a '.' (never at a hyphen or inside a
 * word), so that it stays readable; copied, it is the address as typed.
 */
export function EmailText({ email }: EmailTextProps) {
  return (
    <span className="email-text">
      {emailPieces(email).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece.length > EMAIL_PIECE_MAX_NOWRAP ? piece : <span>{piece}</span>}
        </Fragment>
      ))}
    </span>
  );
}

export type LinkedInLinkProps = {
  linkedin?: string | null;
};

/** "LinkedIn Profile", opening in a new tab; nothing unless the stored value is an http(s) URL. */
export function LinkedInLink({ linkedin }: LinkedInLinkProps) {
  const profileUrl = linkedin ? parseHttpUrl(linkedin) : null;
  if (!profileUrl) return null;
  return (
    <a href={profileUrl.href} target="_blank" rel="noopener noreferrer" className="lead-text lead-link">
      LinkedIn Profile
    </a>
  );
}

export type LeadCommentsProps = {
  comments?: string | null;
  /** Lines shown before the text is cut with an ellipsis; the whole text when unset. */
  lines?: number;
  /**
   * The table's cell: one line cut with an ellipsis (the whole text in the drawer), and the
   * "Additional Comments:" label kept for screen readers only (the column's header names it).
   */
  oneLine?: boolean;
  /** The block's class (the list's cards and the drawer: lead-parts.css, no styling at run time). */
  className?: string;
};

/** "Additional Comments:" with the comments, when there are any. */
export function LeadComments({ comments, lines, oneLine = false, className }: LeadCommentsProps) {
  if (!comments) return null;
  if (oneLine) {
    return (
      <div className={className}>
        <span className="visually-hidden">Additional Comments: </span>
        <p className="lead-text lead-comments__text lead-comments__text--one-line" title={comments}>
          {comments}
        </p>
      </div>
    );
  }
  const text = (
    <>
      <p className="lead-text lead-text--strong">Additional Comments:</p>
      <p
        className={lines ? 'lead-text lead-comments__text lead-comments__text--clamped' : 'lead-text lead-comments__text'}
        style={lines ? ({ '--lines': lines } as CSSProperties) : undefined}
        title={lines ? comments : undefined}
      >
        {comments}
      </p>
    </>
  );
  return <div className={className}>{text}</div>;
}

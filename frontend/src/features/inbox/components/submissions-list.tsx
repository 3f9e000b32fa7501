import { memo, startTransition, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { ContactSubmission } from '../api/contact-types';
import { AssigneeSelect } from './assignee-select';
import { SelectLeadBox } from './lead-selection-boxes';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
import { AwaitingReply } from './awaiting-reply';
import { NextMeeting } from './next-meeting';
import { RepeatMarker } from './repeat-marker';
import { ResponseTime } from './response-time';
import { StatusSelect } from './status-select';
import './submissions-list.css';

export type SubmissionsListProps = {
  submissions: ContactSubmission[];
  /** Keep it the same function across renders, or every card renders again. */
  onOpen: (id: string) => void;
};

type ItemProps = { submission: ContactSubmission; onOpen: (id: string) => void };

/** One lead's card; memoized, so that opening a lead or loading more re-renders no card that did not change. */
const SubmissionItem = memo(function SubmissionItem({ submission, onOpen }: ItemProps) {
  return (
    <li className="lead-list__item">
      <article className="lead-card" data-testid="submission" aria-label={submission.name}>
        <div className="lead-card__name">
          <SelectLeadBox id={submission.id} name={submission.name} />
          <button type="button" className="lead-open lead-card__open" onClick={() => onOpen(submission.id)}>
            {submission.name}
          </button>
          <RepeatMarker repeatOf={submission.repeatOf} />
        </div>
        <p className="lead-text">
          <EmailText email={submission.email} />
        </p>
        {submission.company ? <p className="lead-text lead-card__secondary">{submission.company}</p> : null}
        <div className="lead-card__tags">
          <InterestChip interest={submission.interest} />
          <LinkedInLink linkedin={submission.linkedin} />
        </div>
        <ReceivedTime iso={submission.submittedAt} />
        <ResponseTime lead={submission} />
        <AwaitingReply lead={submission} />
        <NextMeeting lead={submission} />
        <LeadComments comments={submission.comments} lines={3} className="lead-card__comments" />
        <div className="lead-card__controls">
          <StatusSelect submission={submission} />
          <AssigneeSelect submission={submission} />
        </div>
      </article>
    </li>
  );
});

/**
 * The card put up with the page's frame (statistics, toolbar, filters): a phone's first
 * screen shows the first card's top under them. The rest of the first cards follow in a
 * render of their own, so that the browser's style and layout of the first screen is two
 * tasks rather than one (one was the longest task of a phone's load, at 4x CPU).
 */
const CARDS_WITH_THE_FRAME = 1;
/** The cards put up once the first one is on screen. */
const FIRST_CARDS = 5;
/** The cards added each time the end of those shown comes near the screen. */
const CARDS_PER_STEP = 15;

/**
 * How many of `total` cards to show: the first few at once, then more each time the element
 * `sentinel` (after the last card shown) comes within a screen's height of the window, until all
 * are shown. Fifty cards put up in one go were one task of about 300 ms on a phone (4x CPU),
 * most of it the browser's style and layout of some 2,000 boxes nobody sees before scrolling;
 * put up in idle moments, ten at a time, they were still four tasks of 100–250 ms each within
 * the page's load. (CSS content-visibility, tried first, made Chromium lay the page out again
 * once for each card.) Focus inside the list brings more too, so that a keyboard's Tab from
 * the last card shown reaches the next one, not what follows the list. Without
 * IntersectionObserver, all at once.
 */
function useCardsShown(total: number, sentinel: RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState(() => (typeof IntersectionObserver === 'undefined' ? Infinity : CARDS_WITH_THE_FRAME));
  useEffect(() => {
    if (shown < FIRST_CARDS) startTransition(() => setShown((count) => Math.max(count, FIRST_CARDS)));
  }, [shown]);
  useEffect(() => {
    if (shown < FIRST_CARDS) return;
    const element = sentinel.current;
    if (shown >= total || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          startTransition(() => setShown((count) => count + CARDS_PER_STEP));
        }
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, total, sentinel]);
  const showMore = () => {
    if (shown < total) startTransition(() => setShown((count) => count + CARDS_PER_STEP));
  };
  return { shown: Math.min(shown, total), showMore };
}

/** The phone's list: a short card a lead, read top to bottom; the name opens its details. */
export const SubmissionsList = memo(function SubmissionsList({ submissions, onOpen }: SubmissionsListProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { shown, showMore } = useCardsShown(submissions.length, sentinel);
  return (
    <>
      <ul className="lead-list" aria-labelledby="recent-submissions" onFocus={showMore}>
        {submissions.slice(0, shown).map((submission) => (
          <SubmissionItem key={submission.id} submission={submission} onOpen={onOpen} />
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
    </>
  );
});

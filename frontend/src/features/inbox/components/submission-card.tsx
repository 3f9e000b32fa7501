import { mailtoHref } from '@/lib/url';
import type { ContactSubmission } from '../api/get-contacts';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { localTime } from '../utils/relative-time';
import './submission-drawer.css';

export type SubmissionCardProps = {
  submission: ContactSubmission;
};

/** The lead as it came in, at the top of its drawer: name, address, interest, time, company, LinkedIn, comments. */
export function SubmissionCard({ submission }: SubmissionCardProps) {
  const { name, email, company, linkedin, interest, comments, submittedAt } = submission;
  const emailHref = mailtoHref(email);
  return (
    <article data-testid="submission" aria-label={name} className="lead-detail">
      <div className="lead-detail__top">
        <div className="lead-detail__who">
          <h3 className="lead-detail__name">{name}</h3>
          {emailHref ? (
            <a href={emailHref} className="lead-detail__email">
              <EmailText email={email} />
            </a>
          ) : (
            <p className="lead-detail__email">
              <EmailText email={email} />
            </p>
          )}
        </div>
        <InterestChip interest={interest} />
      </div>
      <div className="lead-detail__lines">
        <p className="lead-text text-secondary">
          <time dateTime={submittedAt}>{localTime(submittedAt)}</time>
        </p>
        {company ? (
          <p className="lead-text drawer-wrap">
            <span className="lead-text--strong">Company:</span> {company}
          </p>
        ) : null}
        <LinkedInLink linkedin={linkedin} />
      </div>
      <LeadComments comments={comments} className="lead-detail__comments" />
    </article>
  );
}

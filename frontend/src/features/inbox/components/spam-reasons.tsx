import type { SpamInfo } from '../api/contact-types';
import { spamReasonText, spamScoreText } from '../utils/spam-reasons';
import './submission-drawer.css';

export type SpamReasonsProps = { lead: SpamInfo };

/** Why the lead was held: its score and each signal that fired, in words. */
export function SpamReasons({ lead }: SpamReasonsProps) {
  const reasons = lead.spamReasons;
  return (
    <div className="drawer-stack drawer-stack--tight">
      <p className="lead-text lead-text--strong">{spamScoreText(lead.spamScore)}</p>
      {reasons.length ? (
        <ul aria-label="Why it was held" className="drawer-list">
          {reasons.map((code) => (
            <li className="lead-text" key={code}>
              {spamReasonText(code)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="lead-text text-secondary">No signal fired: marked as spam by hand.</p>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import './foldable-section.css';

export type FoldableSectionProps = {
  /** The section's anchor (`#id`) and the prefix of its heading's and content's ids. */
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  /** Rendered only while open: a folded section asks the API for nothing. */
  children: ReactNode;
};

/**
 * A page's section under a heading that folds and unfolds it (a disclosure: the heading holds a
 * button with `aria-expanded`), so that a long page on a phone is a short list of headings.
 */
export function FoldableSection({ id, title, open, onToggle, children }: FoldableSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="foldable-section">
      <h2 id={`${id}-title`} className="foldable-section__title">
        <button
          type="button"
          className="foldable-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={onToggle}
        >
          {title}
        </button>
      </h2>
      <div id={`${id}-content`} className="foldable-section__content" hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}

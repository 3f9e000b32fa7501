import type { Filters } from '../utils/filters';

export type ResponseViewsProps = {
  filters: Pick<Filters, 'response' | 'followUp'>;
  onChange: (changes: Partial<Filters>) => void;
};

type View = { label: string; on: (filters: ResponseViewsProps['filters']) => boolean; changes: Partial<Filters> };

// Each view is a filter of the URL (`response=overdue`, `followUp=due`); one at a time.
const VIEWS: View[] = [
  { label: 'Overdue', on: (filters) => filters.response === 'overdue', changes: { response: 'overdue', followUp: '' } },
  { label: 'Follow-ups', on: (filters) => filters.followUp === 'due', changes: { followUp: 'due', response: '' } },
];

/** The inbox's views beyond the list: leads waiting past the target, follow-ups due; chosen again, back to every lead (toggle chips, styles/controls.css). */
export function ResponseViews({ filters, onChange }: ResponseViewsProps) {
  return (
    <div role="group" aria-label="Response views" className="toolbar">
      {VIEWS.map((view) => {
        const on = view.on(filters);
        return (
          <button
            key={view.label}
            type="button"
            className="chip"
            aria-pressed={on}
            onClick={() => onChange(on ? { response: '', followUp: '' } : view.changes)}
          >
            {view.label}
          </button>
        );
      })}
    </div>
  );
}

import { createContext, useContext, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import type { LeadSelection } from '../utils/lead-selection';

// The row boxes and the page's box of the bulk actions. Plain checkboxes (Tab reaches them,
// Space ticks, Escape clears the selection): they are on the dashboard's first screen, whose
// script budget MUI's checkbox would spend for nothing.

/** The page's selection; null where the user may not act on leads (a viewer): no boxes then. */
export const LeadSelectionContext = createContext<LeadSelection | null>(null);

export function useLeadSelection(): LeadSelection | null {
  return useContext(LeadSelectionContext);
}

const NONE: readonly string[] = [];
const noSubscription = () => () => undefined;

/** The ticked ids (renders again when they change). */
export function useSelectedIds(): readonly string[] {
  const selection = useLeadSelection();
  return useSyncExternalStore(selection?.subscribe ?? noSubscription, selection?.selected ?? (() => NONE));
}

const BOX_STYLE = {
  width: 20,
  height: 20,
  margin: 0,
  cursor: 'pointer',
  accentColor: 'var(--mui-palette-primary-main, #1976d2)',
};

const clearOnEscape = (selection: LeadSelection) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') selection.clear();
};

export type SelectLeadBoxProps = { id: string; name: string };

/** One lead's box; nothing for a viewer. */
export function SelectLeadBox({ id, name }: SelectLeadBoxProps) {
  const selection = useLeadSelection();
  const checked = useSyncExternalStore(selection?.subscribe ?? noSubscription, () => selection?.has(id) ?? false);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      checked={checked}
      onChange={() => selection.toggle(id)}
      onKeyDown={clearOnEscape(selection)}
      style={BOX_STYLE}
    />
  );
}

export type SelectAllBoxProps = {
  /** The leads shown on the page. */
  ids: readonly string[];
  /** Shown beside the box (the phone's list has no header row to say what it does). */
  visibleLabel?: boolean;
};

/** The page's box: ticks every lead shown, or unticks them; half-ticked while only some are. */
export function SelectAllBox({ ids, visibleLabel = false }: SelectAllBoxProps) {
  const selection = useLeadSelection();
  const selected = useSelectedIds();
  if (!selection) return null;
  const ticked = ids.filter((id) => selected.includes(id)).length;
  const all = ids.length > 0 && ticked === ids.length;
  const box = (
    <input
      type="checkbox"
      aria-label={visibleLabel ? undefined : 'Select all shown'}
      checked={all}
      ref={(input) => {
        if (input) input.indeterminate = ticked > 0 && !all;
      }}
      disabled={ids.length === 0}
      onChange={() => selection.setMany(ids, !all)}
      onKeyDown={clearOnEscape(selection)}
      style={BOX_STYLE}
    />
  );
  if (!visibleLabel) return box;
  return (
    <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontSize: '0.875rem', cursor: 'pointer' }}>
      {box}
      Select all shown
    </label>
  );
}

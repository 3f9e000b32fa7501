import { type ReactNode, type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './side-drawer.css';

export type SideDrawerProps = {
  open: boolean;
  onClose: () => void;
  /** The id of the heading that names the panel. */
  labelledBy: string;
  /** Keys pressed inside the panel, or with the focus lost to <body> (Escape and Tab are the drawer's own). */
  onKeyDown?: (event: DrawerKey) => void;
  children: ReactNode;
};

/** What the drawer's key handler reads of a key, from React's event or the document's. */
export type DrawerKey = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'preventDefault'>;

/** What Tab stops at, before the disabled and the unshown ones are left out. */
const TABBABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function tabStops(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled') &&
      !(element instanceof HTMLInputElement && element.type === 'hidden') &&
      element.getClientRects().length > 0,
  );
}

/**
 * Where Tab (or Shift+Tab, `backwards`) goes instead of leaving the panel: round to its first
 * (last) control from its last (first), or the panel itself when it has none; null where the
 * browser's own step stays inside.
 */
function wrapTarget(panel: HTMLElement, backwards: boolean): HTMLElement | null {
  const stops = tabStops(panel);
  if (!stops.length) return panel;
  const active = document.activeElement;
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (backwards) return active === first || active === panel ? last : null;
  return active === last ? first : null;
}

/**
 * Hides the page's other parts from assistive technology while the drawer is open, as a modal
 * does; gives back what it hid. The notification region stays: a toast about the lead is read.
 */
function hideSiblings(host: HTMLElement): HTMLElement[] {
  const hidden: HTMLElement[] = [];
  for (const sibling of document.body.children) {
    if (!(sibling instanceof HTMLElement) || sibling === host || sibling.hasAttribute('aria-hidden')) continue;
    if (['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK'].includes(sibling.tagName) || sibling.hasAttribute('data-above-modals')) continue;
    sibling.setAttribute('aria-hidden', 'true');
    hidden.push(sibling);
  }
  return hidden;
}

/**
 * A modal panel at the right edge (the whole width of a phone), in plain CSS (side-drawer.css):
 * the page behind is hidden from assistive technology and out of Tab's reach, Escape and a
 * click beside it close it, and the focus goes back where it was when it opened. Rendered only
 * while open.
 */
export function SideDrawer({ open, onClose, labelledBy, onKeyDown, children }: SideDrawerProps) {
  const host = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const keys = useRef(onKeyDown);
  useEffect(() => {
    close.current = onClose;
    keys.current = onKeyDown;
  });

  useEffect(() => {
    if (!open || !host.current || !panel.current) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hidden = hideSiblings(host.current);
    const self = panel.current;
    // Without scrolling: the panel is fixed, there is nothing to bring into view.
    if (!self.contains(document.activeElement)) self.focus({ preventScroll: true });
    // Focus that lands on the page behind (a click on it, a script) comes back to the panel.
    // What opens above the drawer later (a confirmation dialog, a toast) is not the page behind.
    const keepFocus = (event: FocusEvent) => {
      if (event.target instanceof Node && hidden.some((part) => part.contains(event.target as Node)))
        self.focus({ preventScroll: true });
    };
    // A control that went away or was disabled under the focus leaves it on <body> (J replaces
    // the lead whose control had it): the key is still the drawer's, and the focus comes back.
    // Read from the key's target, not the focus now: a key from the panel may have just
    // replaced its own control, and is not to be handled twice.
    const keyFromBody = (event: KeyboardEvent) => {
      if (event.target !== document.body) return;
      self.focus({ preventScroll: true });
      if (event.key === 'Escape') close.current();
      else if (event.key !== 'Tab') keys.current?.(event);
    };
    document.addEventListener('focusin', keepFocus);
    document.addEventListener('keydown', keyFromBody);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      document.removeEventListener('keydown', keyFromBody);
      for (const part of hidden) part.removeAttribute('aria-hidden');
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const self = panel.current;
    // Keys from a dialog opened from the drawer reach here through React's tree: they are its own.
    if (!self || !(event.target instanceof Node) || !self.contains(event.target)) return;
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      // Tab and Shift+Tab go round the panel's controls, never out to the page or the browser.
      const wrapTo = wrapTarget(self, event.shiftKey);
      if (wrapTo) {
        event.preventDefault();
        wrapTo.focus();
      }
      return;
    }
    onKeyDown?.(event);
  };

  return createPortal(
    <div className="side-drawer" ref={host}>
      <div className="side-drawer__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className="side-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import { FoldableSection } from '@/components/foldable-section';
import { pageMeta } from '@/config/pages';
import { can, type SessionUser } from '@/config/roles';
import { SignInForm } from '@/features/auth/components/lazy-sign-in-form';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { PHONE_SCREEN } from '@/lib/use-media-query';
import { AdminFrame } from './admin-frame';
import { type SettingsSection, type SettingsSectionId, SETTINGS_SECTIONS, settingsSectionOf } from './settings-sections';
import './settings.css';

// The URL's `#anchor`; none where the build prerenders the page (scripts/prerender.mjs, no window).
const anchor = () => (typeof window === 'undefined' ? '' : window.location.hash.slice(1));

export type SettingsPageProps = {
  /** The section a path opens the page at (`/admin/settings/webhooks`); else the URL's `#anchor`'s. */
  section?: SettingsSectionId;
};

/**
 * Settings (/admin/settings): one page, a chunk of its own, with a section each for e-mail, the
 * response time, the booking link, the reply templates, webhooks and routing. Admins see every section, members
 * Routing (to read), viewers a note.
 */
export function SettingsPage({ section }: SettingsPageProps) {
  const target = useTargetSection(section);
  // The section jumped to names the page ("Webhooks · Settings · …"), as its own path's title does.
  const title = target ? `${target.title} · ${pageMeta.settings.title}` : pageMeta.settings.title;
  return <AdminFrame title={title}>{(user) => (user ? <Settings user={user} target={target} /> : <SignInForm />)}</AdminFrame>;
}

function Settings({ user, target }: { user: SessionUser; target: SettingsSection | undefined }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(headingRef);
  const sections = SETTINGS_SECTIONS.filter((candidate) => can(user.role, candidate.permission));
  const [open, setOpen] = useState(() => initiallyOpen(sections, target));
  // The section jumped to, alone (as its address opens it): the others, open, would push it
  // off the screen as their data came in after the jump.
  const showAlone = (id: SettingsSectionId) => setOpen(new Set([id]));
  const toggle = (id: SettingsSectionId) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // A section jumped to by its anchor (back or forward too) unfolds, the others left as they are.
  const [jumpedTo, setJumpedTo] = useState(target);
  if (target !== jumpedTo) {
    setJumpedTo(target);
    if (target) setOpen((ids) => new Set(ids).add(target.id));
  }

  return (
    <div className="settings-page">
      <h1 ref={headingRef} tabIndex={-1} className="settings-page__title">
        Settings
      </h1>
      {target && sections.length > 0 && !sections.includes(target) ? (
        <Alert severity="info">{`Only an admin manages ${target.manages}. Ask one of your team's admins.`}</Alert>
      ) : null}
      {sections.length === 0 ? (
        <Alert severity="info">Only members and admins see the settings. Ask one of your team&apos;s admins.</Alert>
      ) : null}
      {sections.length > 1 ? (
        // One tap to any section: its anchor, shown alone as the browser jumps to it.
        <nav aria-label="Settings sections" className="settings-nav">
          {sections.map(({ id, title }) => (
            <a key={id} href={`#${id}`} className="btn btn--text btn--small" onClick={() => showAlone(id)}>
              {title}
            </a>
          ))}
        </nav>
      ) : null}
      <div>
        {sections.map(({ id, title, render }) => (
          <FoldableSection key={id} id={id} title={title} open={open.has(id)} onToggle={() => toggle(id)}>
            {render(user)}
          </FoldableSection>
        ))}
      </div>
    </div>
  );
}

/**
 * The section the URL names, alone, so that it shows on the first screen under the folded
 * headings of the ones above it (opened, they would push it down as their data came in).
 * Otherwise every section on a wider screen, and none on a phone, whose page starts as the
 * short list of their headings.
 */
function initiallyOpen(sections: readonly SettingsSection[], target: SettingsSection | undefined): Set<SettingsSectionId> {
  if (target) return new Set([target.id]);
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_SCREEN).matches;
  return new Set(phone ? [] : sections.map(({ id }) => id));
}

/**
 * The section the address names: its path's (`/admin/settings/webhooks`) or else its anchor's
 * at first, then the anchor of each link, back or forward that changes it (the path's again
 * where the anchor goes).
 */
function useTargetSection(section: SettingsSectionId | undefined): SettingsSection | undefined {
  const [target, setTarget] = useState(() => settingsSectionOf(section ?? anchor()));
  useEffect(() => {
    const onHashChange = () => setTarget(settingsSectionOf(anchor()) ?? settingsSectionOf(section ?? ''));
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [section]);
  return target;
}

import type { ReactNode } from 'react';
import { can, type Permission, type SessionUser } from '@/config/roles';
import { BookingSettingsSection } from '@/features/booking-settings/components/booking-settings-section';
import { EmailSettings } from '@/features/email-settings/components/email-settings';
import { ResponseTimeSettings } from '@/features/email-settings/components/response-time-settings';
import { ReplyTemplatesSettings } from '@/features/reply-templates/components/reply-templates-settings';
import { RoutingSettings } from '@/features/routing/components/routing-settings';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';

// The sections are in the settings page's chunk (lazy, as each was in its own page's chunk):
// a chunk each made the bundler regroup MUI's shared modules, and the dashboard's first load grew.

export type SettingsSectionId = 'email' | 'response-time' | 'booking' | 'templates' | 'webhooks' | 'routing';

export type SettingsSection = {
  /** The section's anchor: `/admin/settings#<id>`. */
  id: SettingsSectionId;
  title: string;
  /** Who sees the section (docs/team-and-privacy.md): the roles with this permission. */
  permission: Permission;
  /** What only those roles manage, for the note anyone else reads: "the webhooks". */
  manages: string;
  render: (user: SessionUser) => ReactNode;
};

/** The settings page's sections, in the page's order. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'email', title: 'E-mail', permission: 'team', manages: 'e-mail', render: () => <EmailSettings /> },
  {
    id: 'response-time',
    title: 'Response time',
    permission: 'team',
    manages: 'the response time',
    render: () => <ResponseTimeSettings />,
  },
  {
    id: 'booking',
    title: 'Booking link',
    permission: 'team',
    manages: "the team's booking link",
    render: () => <BookingSettingsSection />,
  },
  {
    id: 'templates',
    title: 'Reply templates',
    permission: 'team',
    manages: 'the reply templates',
    render: () => <ReplyTemplatesSettings />,
  },
  { id: 'webhooks', title: 'Webhooks', permission: 'team', manages: 'the webhooks', render: () => <WebhooksSettings /> },
  {
    id: 'routing',
    title: 'Routing',
    permission: 'triage',
    manages: 'the routing rules',
    // Members read the rules and try a lead; admins change them.
    render: (user) => <RoutingSettings canEdit={can(user.role, 'team')} />,
  },
];

/** The section an anchor names (`webhooks` of `#webhooks`), if any. */
export function settingsSectionOf(anchor: string): SettingsSection | undefined {
  return SETTINGS_SECTIONS.find((section) => section.id === anchor);
}

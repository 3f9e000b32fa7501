export const paths = {
  home: '/',
  admin: '/admin',
  // One settings page; a section's own path opens it at that section (links in e-mails and
  // bookmarks, made when each was a page of its own).
  settings: '/admin/settings',
  webhooks: '/admin/settings/webhooks',
  emailSettings: '/admin/settings/email',
  routing: '/admin/settings/routing',
  privacy: '/privacy',
  // The team's pages (docs/operations.md: each a prerendered, noindex page). The invitation and reset
  // links carry their token in the fragment (`#<token>`), which no request sends.
  invite: '/admin/invite',
  reset: '/admin/reset',
  confirmEmail: '/admin/confirm-email',
  account: '/admin/account',
  team: '/admin/team',
} as const;

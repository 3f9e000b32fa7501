// Endpoints of the API. A query key is its URL split at '/' (the query function joins the
// parts back), and every admin key starts with one prefix, so one call invalidates or
// removes them all; features share keys without importing each other.

export const API = {
  contact: '/api/contact',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  events: '/api/admin/events',
  password: '/api/auth/password',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  acceptInvitation: '/api/auth/invitations/accept',
  changeEmail: '/api/auth/email',
  confirmEmail: '/api/auth/email/confirm',
  emailChangePreview: '/api/auth/email/preview',
} as const;

export const queryKeys = {
  admin: ['/api/admin'] as const,
  adminContacts: ['/api/admin', 'contacts'] as const,
  // Whom a lead can be assigned to, and the team's accounts (Team page): both follow `team.updated`.
  adminAssignees: ['/api/admin', 'assignees'] as const,
  adminUsers: ['/api/admin', 'users'] as const,
  adminAnalytics: (tz: string) => ['/api/admin', 'analytics', { tz }] as const,
  me: [API.me] as const,
};

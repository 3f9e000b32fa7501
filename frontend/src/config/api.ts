// Endpoints of the API contract. Query keys are the URL split at '/' boundaries the
// request helper joins back (spec §7), so features share keys without importing each other.

export const API = {
  contact: '/api/contact',
  adminContacts: '/api/admin/contacts',
  adminAnalytics: '/api/admin/analytics',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
} as const;

export const queryKeys = {
  adminContacts: [API.adminContacts] as const,
  adminAnalytics: [API.adminAnalytics] as const,
  me: [API.me] as const,
};

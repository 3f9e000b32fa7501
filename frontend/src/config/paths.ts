export const paths = {
  home: '/',
  admin: '/admin',
  webhooks: '/admin/settings/webhooks',
  privacy: '/privacy',
} as const;

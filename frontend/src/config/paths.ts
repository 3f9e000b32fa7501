export const paths = {
  home: '/',
  admin: '/admin',
  privacy: '/privacy',
} as const;

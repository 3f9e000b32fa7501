export const paths = {
  home: '/',
  admin: '/admin',
} as const;

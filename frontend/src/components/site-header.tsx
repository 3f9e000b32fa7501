import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@/config/brand';
import { Logo } from './logo';

export type SiteHeaderProps = {
  actions?: ReactNode;
};

export function SiteHeader({ actions }: SiteHeaderProps) {
  return (
    <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5, flexWrap: 'wrap' }}>
        <Logo size={36} />
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem', mr: 'auto' }}>
          {PRODUCT_NAME}
        </Typography>
        {actions}
      </Container>
    </Box>
  );
}

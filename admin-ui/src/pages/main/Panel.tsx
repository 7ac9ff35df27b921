import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';

interface PanelProps {
  id: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

/** A titled card of the settings page. */
export const Panel = ({ id, title, icon, action, children }: PanelProps) => (
  <Card component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
    <CardContent sx={{ padding: { xs: 2, sm: 3 }, '&:last-child': { paddingBlockEnd: { xs: 2, sm: 3 } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, marginBlockEnd: 2 }}>
        <Box aria-hidden sx={{ display: 'grid', placeItems: 'center', color: 'primary.main' }}>
          {icon}
        </Box>
        <Typography id={id} variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </CardContent>
  </Card>
);

/** Loading skeleton, or the error with a retry button, or the content once the query has data. */
export function QueryContent<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton variant="rounded" height={120} />;
  if (query.isError) {
    return <LoadFailed error={query.error} onRetry={query.refetch} />;
  }
  return <>{children(query.data)}</>;
}

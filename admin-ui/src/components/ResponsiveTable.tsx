import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';

export interface Column<T> {
  /** The column's heading (and, on a phone, the label beside each value). */
  label: string;
  render: (row: T) => ReactNode;
  /** Table cell style (wide screens). */
  sx?: SxProps<Theme>;
  /** On a phone, shown as the card's title line instead of a labelled row. */
  title?: boolean;
}

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Id of the heading that names the table (aria-labelledby). */
  labelledBy: string;
  /** data-testid of each row (table row or card), for tests. */
  rowTestId?: string;
  minWidth?: number;
}

/**
 * A table on wide screens; on a phone (below 600 px) a list of cards, each value under its column's
 * label, so nothing hides in a sideways scroll box.
 */
export function ResponsiveTable<T>({ rows, columns, rowKey, labelledBy, rowTestId, minWidth = 760 }: ResponsiveTableProps<T>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    const titled = columns.filter((c) => c.title);
    const rest = columns.filter((c) => !c.title);
    return (
      <Stack component="ul" aria-labelledby={labelledBy} spacing={1.5} sx={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} variant="outlined" data-testid={rowTestId}>
            <CardContent sx={{ '&:last-child': { paddingBlockEnd: 2 } }}>
              {titled.map((c) => (
                <Box key={c.label} sx={{ fontWeight: 600, marginBlockEnd: 1, overflowWrap: 'anywhere' }}>
                  {c.render(row)}
                </Box>
              ))}
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, margin: 0 }}>
                {rest.map((c) => (
                  <Box key={c.label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Box component="dd" sx={{ margin: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
                      {c.render(row)}
                    </Box>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-labelledby={labelledBy} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label}>{c.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <TableCell key={c.label} sx={c.sx}>
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

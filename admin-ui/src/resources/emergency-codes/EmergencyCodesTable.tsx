import { useState } from 'react';
import { Button, Chip, IconButton, Skeleton, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Confirm, useListContext, useTranslate } from 'react-admin';
import type { EmergencyCodeRow } from '@shared/api/security';
import { Ltr } from '../../components/Ltr';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { formatInstant } from '../../pages/main/format';
import { useEmergencyCodeActions } from './emergencyCodesApi';
import { LoadFailed } from '../../components/LoadFailed';

type PendingAction = { kind: 'delete' | 'deactivate'; code: EmergencyCodeRow } | null;

/**
 * The page of codes in the surrounding list context: a table on wide screens, a card per code on a
 * phone; codes masked; stop (after a confirmation), activate, delete (after a confirmation).
 */
export const EmergencyCodesTable = ({ labelledBy }: { labelledBy: string }) => {
  const translate = useTranslate();
  const { data, isPending, error, refetch, filterValues } = useListContext<EmergencyCodeRow>();
  const { update, remove, updating, removing } = useEmergencyCodeActions();
  const [pending, setPending] = useState<PendingAction>(null);

  if (isPending) return <Skeleton variant="rounded" height={120} />;
  if (error) return <LoadFailed error={error} onRetry={refetch} />;
  if (!data?.length) {
    const filtered = filterValues.isActive !== undefined;
    return (
      <Typography color="text.secondary" sx={{ paddingBlock: 1 }}>
        {translate(filtered ? 'app.security_lists.emergency_codes.empty' : 'app.emergency_codes.empty')}
      </Typography>
    );
  }
  return (
    <>
      <ResponsiveTable
        rows={data}
        rowKey={(row) => row.id}
        labelledBy={labelledBy}
        rowTestId="emergency-code-row"
        minWidth={820}
        columns={[
          {
            label: translate('app.emergency_codes.code'),
            render: (row) => <Ltr>{row.masterCode}</Ltr>,
            sx: { fontFamily: 'monospace', whiteSpace: 'nowrap' },
            title: true,
          },
          { label: translate('app.emergency_codes.question'), render: (row) => row.securityQuestion, sx: { overflowWrap: 'anywhere' } },
          {
            label: translate('app.emergency_codes.status'),
            render: (row) => (
              <Chip
                size="small"
                color={row.isActive ? 'success' : 'default'}
                variant="outlined"
                label={translate(row.isActive ? 'app.emergency_codes.active' : 'app.emergency_codes.inactive')}
              />
            ),
          },
          { label: translate('app.emergency_codes.usage'), render: (row) => <Ltr>{row.usageCount}</Ltr> },
          {
            label: translate('app.emergency_codes.last_used'),
            render: (row) => (
              <>
                {formatInstant(row.lastUsedAt) ?? translate('app.common.never')}
                {row.lastUsedBy ? (
                  <>
                    {' · '}
                    <Ltr>{row.lastUsedBy}</Ltr>
                  </>
                ) : null}
              </>
            ),
          },
          {
            label: translate('app.emergency_codes.expires'),
            render: (row) => formatInstant(row.expiresAt) ?? translate('app.emergency_codes.no_expiry'),
          },
          {
            label: translate('app.emergency_codes.actions'),
            sx: { whiteSpace: 'nowrap' },
            render: (row) => (
              <>
                <Button
                  size="small"
                  disabled={updating}
                  onClick={() => (row.isActive ? setPending({ kind: 'deactivate', code: row }) : void update(row, true))}
                  sx={{ minHeight: 44 }}
                >
                  {translate(row.isActive ? 'app.emergency_codes.deactivate' : 'app.emergency_codes.activate')}
                </Button>
                <Tooltip title={translate('app.emergency_codes.delete')}>
                  <IconButton
                    color="error"
                    aria-label={translate('app.emergency_codes.delete')}
                    disabled={removing}
                    onClick={() => setPending({ kind: 'delete', code: row })}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </>
            ),
          },
        ]}
      />
      <Confirm
        isOpen={pending !== null}
        title={translate(pending?.kind === 'delete' ? 'app.emergency_codes.delete' : 'app.emergency_codes.deactivate')}
        content={translate(pending?.kind === 'delete' ? 'app.emergency_codes.confirm_delete' : 'app.emergency_codes.confirm_deactivate', {
          code: pending?.code.masterCode ?? '',
        })}
        confirm={translate(pending?.kind === 'delete' ? 'app.emergency_codes.delete' : 'app.emergency_codes.deactivate')}
        confirmColor="warning"
        onConfirm={() => {
          if (pending?.kind === 'delete') void remove(pending.code);
          else if (pending) void update(pending.code, false);
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
};

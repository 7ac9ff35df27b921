import { useState } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import ConfirmIcon from '@mui/icons-material/EventAvailableOutlined';
import CompleteIcon from '@mui/icons-material/TaskAltOutlined';
import { useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { CompleteDialog } from './CompleteDialog';
import { useStatusChange } from './useStatusChange';

const TOUCH = { minHeight: 44, minWidth: 44, whiteSpace: 'nowrap' } as const;

/**
 * One-tap steps of the day on a row or a card: confirm a new or reviewed request, complete an active one
 * (a small prompt asks for the weighed kilograms). Clicks never open the row. `compact` (the 1280 px
 * table) shows icons with their names as tooltips; a card shows labelled buttons.
 */
export const QuickStatusActions = ({ record, compact = false }: { record: AdminRequestRow; compact?: boolean }) => {
  const translate = useTranslate();
  const change = useStatusChange();
  const [busy, setBusy] = useState(false);
  const [completing, setCompleting] = useState(false);
  const canConfirm = record.status === 'received' || record.status === 'reviewing';
  const canComplete = canConfirm || record.status === 'confirmed';
  if (!canComplete) return null;

  const confirm = async () => {
    setBusy(true);
    await change(record, { status: 'confirmed' });
    setBusy(false);
  };

  const prompt = completing && (
    <CompleteDialog
      record={record}
      onCancel={() => setCompleting(false)}
      onConfirm={async (weighedKg) => {
        if (await change(record, { status: 'completed', ...(weighedKg !== undefined ? { weighedKg } : {}) })) setCompleting(false);
      }}
    />
  );

  if (compact)
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
        {canConfirm && (
          <Tooltip title={translate('app.desk.quick.confirm')}>
            <span>
              <IconButton
                color="primary"
                onClick={confirm}
                disabled={busy}
                aria-label={translate('app.desk.quick.confirm_label', { id: record.id })}
                sx={TOUCH}
              >
                <ConfirmIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
        <Tooltip title={translate('app.desk.quick.complete')}>
          <span>
            <IconButton
              color="success"
              onClick={() => setCompleting(true)}
              disabled={busy}
              aria-label={translate('app.desk.quick.complete_label', { id: record.id })}
              sx={TOUCH}
            >
              <CompleteIcon />
            </IconButton>
          </span>
        </Tooltip>
        {prompt}
      </Box>
    );

  return (
    <Box sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      {canConfirm && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ConfirmIcon />}
          onClick={confirm}
          disabled={busy}
          aria-label={translate('app.desk.quick.confirm_label', { id: record.id })}
          sx={TOUCH}
        >
          {translate('app.desk.quick.confirm_short')}
        </Button>
      )}
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<CompleteIcon />}
        onClick={() => setCompleting(true)}
        disabled={busy}
        aria-label={translate('app.desk.quick.complete_label', { id: record.id })}
        sx={TOUCH}
      >
        {translate('app.desk.quick.complete_short')}
      </Button>
      {prompt}
    </Box>
  );
};

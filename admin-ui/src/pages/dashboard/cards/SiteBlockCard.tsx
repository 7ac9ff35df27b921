import { useState } from 'react';
import { Box, Button, CircularProgress, Skeleton, TextField, Typography } from '@mui/material';
import SiteBlockIcon from '@mui/icons-material/PublicOffOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import type { CharityDataProvider } from '../../../providers/customMethods';
import { failureText } from '../../../providers/errorMessage';
import { AdminCard } from './AdminCard';
import { LoadFailed } from '../../../components/LoadFailed';

/** Sent as the reason when the site is made available again (spec: admin-side section 4). */
const UNBLOCK_REASON = 'app.site_block_reasons.unblock';
/** Sent when the site is blocked without a typed reason. */
const DEFAULT_BLOCK_REASON = 'app.site_block_reasons.default_block';

export const SITE_BLOCK_QUERY_KEY = ['system', 'site-blocked'] as const;

/** Dashboard card: block the public site with an optional reason, or make it available again. */
export const SiteBlockCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  // What the open dialog will do, fixed when it opens: the dialog stays mounted while it fades out,
  // and its texts and action must not flip when the new state arrives meanwhile.
  const [action, setAction] = useState<'block' | 'unblock'>('block');

  const status = useQuery({
    queryKey: SITE_BLOCK_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getSiteBlockStatus(signal).then(({ data }) => data),
  });
  const blocked = status.data?.blocked === true;

  const toggle = useMutation({
    mutationFn: (sentReason: string) => dataProvider.toggleSiteBlock(sentReason).then(({ data }) => data),
    onSuccess: (data) => {
      setReason('');
      const nowBlocked = typeof data?.blocked === 'boolean' ? data.blocked : !blocked;
      notify(data?.message || translate(nowBlocked ? 'app.cards.site_block.blocked_done' : 'app.cards.site_block.unblocked_done'), {
        type: 'success',
      });
      refresh();
    },
    onError: (error) => {
      const message = failureText(error, translate, 'app.cards.site_block.failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  const send = () => {
    if (!confirming) return; // a click on the closing dialog
    setConfirming(false);
    toggle.mutate(action === 'unblock' ? translate(UNBLOCK_REASON) : reason.trim() || translate(DEFAULT_BLOCK_REASON));
  };

  return (
    <AdminCard id="site-block-card-title" title={translate('app.cards.site_block.title')} icon={<SiteBlockIcon />}>
      {status.isPending ? (
        <Skeleton height={96} />
      ) : status.isError ? (
        <LoadFailed error={status.error} onRetry={status.refetch} />
      ) : (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, marginBlockEnd: 0.5 }} data-testid="site-block-state">
            {translate(blocked ? 'app.cards.site_block.blocked' : 'app.cards.site_block.open')}
          </Typography>
          {blocked && status.data?.setting?.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {translate('app.cards.site_block.current_reason', { reason: status.data.setting.description })}
            </Typography>
          ) : null}
          {status.data?.setting?.updatedAt ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {translate('app.common.updated_at', { date: formatDateTimeWithHijri(new Date(status.data.setting.updatedAt)) })}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ marginBlock: 1 }}>
            {translate('app.cards.site_block.admins_pass')}
          </Typography>
          {!blocked ? (
            <TextField
              name="siteBlockReason"
              label={translate('app.cards.site_block.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              helperText={translate('app.cards.site_block.reason_hint', { reason: translate(DEFAULT_BLOCK_REASON) })}
              multiline
              minRows={1}
              maxRows={4}
              disabled={toggle.isPending}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          ) : null}
          <Button
            variant={blocked ? 'contained' : 'outlined'}
            color={blocked ? 'primary' : 'error'}
            fullWidth
            disabled={toggle.isPending}
            startIcon={toggle.isPending ? <CircularProgress size={18} color="inherit" /> : null}
            onClick={() => {
              setAction(blocked ? 'unblock' : 'block');
              setConfirming(true);
            }}
            sx={{ marginBlockStart: 1, minHeight: 44 }}
          >
            {translate(blocked ? 'app.cards.site_block.unblock' : 'app.cards.site_block.block')}
          </Button>
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        title={translate(`app.cards.site_block.${action}`)}
        content={translate(`app.cards.site_block.confirm_${action}`)}
        confirm={translate(`app.cards.site_block.${action}`)}
        confirmColor={action === 'unblock' ? 'primary' : 'warning'}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </AdminCard>
  );
};

import { useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, Link, Skeleton, Switch, Tooltip, Typography } from '@mui/material';
import GovernanceIcon from '@mui/icons-material/GavelOutlined';
import AddIcon from '@mui/icons-material/AddOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { GovernanceCard } from '@shared/api/content-admin';
import { formatGregorianAr } from '@shared/arabic-date';
import { excerpt, formatFileSize } from '@shared/files';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { ExternalLinkIcon } from '../../../../components/DirectionalIcons';
import { useNotifyError } from '../../../../providers/useNotifyError';
import { AdminCard } from '../AdminCard';
import { GovernanceDialog } from './GovernanceDialog';
import { deleteGovernance, fetchGovernance, fileBadge, GOVERNANCE_KEY, toggleGovernance } from './governanceApi';

/**
 * Dashboard card: the governance documents shown on the public /governance page. Create, edit, delete,
 * toggle and upload happen here (spec: admin-side section 2, Governance cards).
 */
export const GovernanceCardsCard = () => {
  const notify = useNotify();
  const fail = useNotifyError();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: GOVERNANCE_KEY, queryFn: fetchGovernance });
  const [editing, setEditing] = useState<GovernanceCard | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<GovernanceCard | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: GOVERNANCE_KEY });

  const toggle = async (card: GovernanceCard) => {
    try {
      await toggleGovernance(card.id, !card.isActive);
      notify(card.isActive ? 'تم إخفاء البطاقة' : 'تم تفعيل البطاقة', { type: 'success' });
      await reload();
    } catch (error) {
      fail(error, 'app.governance.toggle_failed');
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await deleteGovernance(toDelete.id);
      notify('تم حذف البطاقة بنجاح', { type: 'success' });
      await reload();
    } catch (error) {
      fail(error, 'app.governance.delete_failed');
    } finally {
      setToDelete(null);
    }
  };

  return (
    <AdminCard
      id="governance-card-title"
      title="بطاقات الحوكمة"
      icon={<GovernanceIcon />}
      badge={<Chip size="small" label={`${data?.length ?? 0} بطاقة`} variant="outlined" />}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', marginBlockEnd: 1.5 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          إضافة بطاقة
        </Button>
        <Button component={Link} href="/governance" target="_blank" rel="noopener" endIcon={<ExternalLinkIcon />}>
          صفحة الحوكمة
        </Button>
      </Box>
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>إعادة المحاولة</Button>}>
          تعذّر تحميل بطاقات الحوكمة
        </Alert>
      )}
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : data?.length === 0 ? (
        <Typography color="text.secondary">لا توجد بطاقات بعد. أضف أول وثيقة لتظهر في صفحة الحوكمة.</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="بطاقات الحوكمة"
          sx={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {data?.map((card) => (
            <Box
              component="li"
              key={card.id}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                padding: 1.5,
                display: 'grid',
                gap: 0.5,
                minWidth: 0,
                opacity: card.isActive ? 1 : 0.7,
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="subtitle2" component="h4" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {card.title}
                </Typography>
                <Chip size="small" label={card.isActive ? 'ظاهرة' : 'مخفية'} color={card.isActive ? 'success' : 'default'} />
              </Box>
              {card.description && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {card.description}
                </Typography>
              )}
              {card.content && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {excerpt(card.content)}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {card.fileName ? (
                  <>
                    <bdi>{fileBadge(card.fileType, card.fileName)}</bdi> · <bdi>{card.fileName}</bdi> ·{' '}
                    <bdi>{formatFileSize(card.fileSize ?? 0)}</bdi>
                  </>
                ) : (
                  'بلا ملف مرفق'
                )}{' '}
                · أُنشئت {formatGregorianAr(new Date(card.createdAt))}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Switch
                  size="small"
                  checked={card.isActive}
                  onChange={() => void toggle(card)}
                  slotProps={{ input: { 'aria-label': `إظهار ${card.title}` } }}
                />
                <Box sx={{ flex: 1 }} />
                <Tooltip title="تعديل">
                  <IconButton size="small" aria-label={`تعديل ${card.title}`} onClick={() => setEditing(card)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title="حذف">
                  <IconButton size="small" color="error" aria-label={`حذف ${card.title}`} onClick={() => setToDelete(card)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {editing && (
        <GovernanceDialog
          card={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void reload();
          }}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title="حذف البطاقة"
          text={`هل تريد حذف «${toDelete.title}» وملفها؟ لا يمكن التراجع عن هذا الإجراء.`}
          onCancel={() => setToDelete(null)}
          onConfirm={remove}
        />
      )}
    </AdminCard>
  );
};

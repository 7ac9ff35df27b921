import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, Checkbox, CircularProgress, FormControlLabel, Skeleton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import { apiRequest } from '../../providers/httpClient';
import { errorMessage } from '../../providers/errorMessage';
import { useNotifyError } from '../../providers/useNotifyError';
import {
  hasTransientStatus,
  pruneSelection,
  quickMessageStats,
  selectionState,
  toggleAll,
  type QuickMessagesList,
  QUICK_MESSAGES_URL,
} from './quickMessages';
import { QuickMessageCard, FOLLOW_UP_DELAYS_MS } from './QuickMessageCard';
import { EmptyState, StatsCards } from './QuickMessageParts';

export const QUICK_MESSAGES_KEY = ['admin', 'quick-messages'] as const;

interface DeleteDialog {
  open: boolean;
  ids: number[];
  /** A single item's own delete button (its number is named in the dialog). */
  single: boolean;
}

/**
 * /admin/quick-messages (spec: admin-side sections 2, 7, 8): stats cards, the list of visitors'
 * inquiries as cards (phones first), select-all and bulk delete, and per item the reply box (sent
 * through the approved customMessage template), resend of a failed acknowledgement and delete.
 */
export const QuickMessagesPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: QUICK_MESSAGES_KEY,
    queryFn: ({ signal }) => apiRequest<QuickMessagesList>(QUICK_MESSAGES_URL, { signal }),
    refetchOnMount: 'always',
  });
  const messages = useMemo(() => (Array.isArray(list.data?.messages) ? list.data.messages : []), [list.data]);
  const ids = useMemo(() => messages.map((m) => m.id), [messages]);
  const stats = quickMessageStats(messages, list.data?.stats);

  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  useEffect(() => {
    setSelected((prev) => {
      const next = pruneSelection(prev, ids);
      return next.size === prev.size ? prev : next;
    });
  }, [ids]);
  const selection = selectionState(selected, ids);

  // Follow-up refreshes after an action, cancelled when the page closes.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: QUICK_MESSAGES_KEY }), [queryClient]);
  const refreshAfterSend = useCallback(() => {
    refresh();
    for (const delay of FOLLOW_UP_DELAYS_MS) {
      timers.current.push(
        setTimeout(() => {
          const data = queryClient.getQueryData<QuickMessagesList>(QUICK_MESSAGES_KEY);
          if (!data || hasTransientStatus(data.messages ?? [])) refresh();
        }, delay),
      );
    }
  }, [queryClient, refresh]);

  const [dialog, setDialog] = useState<DeleteDialog>({ open: false, ids: [], single: false });
  const remove = useMutation({
    mutationFn: (toDelete: number[]) => apiRequest<{ deleted?: number }>(QUICK_MESSAGES_URL, { method: 'DELETE', json: { ids: toDelete } }),
    onSuccess: (data, toDelete) => {
      const count = typeof data?.deleted === 'number' ? data.deleted : toDelete.length;
      notify(translate('app.quick_messages_page.deleted', { smart_count: count }), { type: 'success' });
      setSelected((prev) => new Set([...prev].filter((id) => !toDelete.includes(id))));
      refresh();
    },
    onError: (error) => notifyError(error, 'app.quick_messages_page.delete_failed'),
  });

  const askDelete = (toDelete: number[], single: boolean) => {
    if (toDelete.length === 0) return;
    setDialog({ open: true, ids: toDelete, single });
  };
  const confirmDelete = () => {
    if (!dialog.open) return; // a click on the closing dialog
    setDialog((d) => ({ ...d, open: false }));
    remove.mutate(dialog.ids);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1080, minWidth: 0 }}>
      <PageTitle title="app.quick_messages_page.title" />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('app.quick_messages_page.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
          {translate('app.quick_messages_page.intro')}
        </Typography>
      </Box>

      {/* Figures while loading (placeholders) or once loaded; none when the list could not be read. */}
      {list.data || list.isPending ? <StatsCards stats={list.data ? stats : null} /> : null}

      {list.isError ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {translate('app.common.retry')}
            </Button>
          }
        >
          <AlertTitle>{translate('app.quick_messages_page.load_failed')}</AlertTitle>
          {errorMessage(list.error, translate, 'app.common.load_failed')}
        </Alert>
      ) : list.isPending ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      ) : messages.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <Card>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
                paddingInline: 1.5,
                paddingBlock: 1,
              }}
            >
              <FormControlLabel
                sx={{ marginInlineStart: 0, minHeight: 44 }}
                control={
                  <Checkbox
                    checked={selection === 'all'}
                    indeterminate={selection === 'some'}
                    onChange={() => setSelected((prev) => toggleAll(prev, ids))}
                  />
                }
                label={translate('app.quick_messages_page.select_all')}
              />
              <Button
                color="error"
                variant={selected.size > 0 ? 'contained' : 'outlined'}
                disabled={selected.size === 0 || remove.isPending}
                startIcon={remove.isPending ? <CircularProgress size={18} color="inherit" /> : <DeleteIcon />}
                onClick={() =>
                  askDelete(
                    ids.filter((id) => selected.has(id)),
                    false,
                  )
                }
              >
                {translate('app.quick_messages_page.delete_selected', { count: selected.size })}
              </Button>
            </Box>
          </Card>
          <Box
            component="ul"
            aria-label={translate('app.quick_messages_page.list_label')}
            sx={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 1.5 }}
          >
            {messages.map((message) => (
              <QuickMessageCard
                key={message.id}
                message={message}
                selected={selected.has(message.id)}
                onSelect={(checked) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (checked) next.add(message.id);
                    else next.delete(message.id);
                    return next;
                  })
                }
                onDelete={() => askDelete([message.id], true)}
                deleting={remove.isPending && (remove.variables ?? []).includes(message.id)}
                onSent={refreshAfterSend}
              />
            ))}
          </Box>
        </>
      )}

      <Confirm
        isOpen={dialog.open}
        title={
          dialog.single
            ? translate('app.quick_messages_page.confirm_delete_title', { id: dialog.ids[0] ?? '' })
            : translate('app.quick_messages_page.confirm_bulk_title')
        }
        content={
          dialog.single
            ? translate('app.quick_messages_page.confirm_delete')
            : translate('app.quick_messages_page.confirm_bulk', { smart_count: dialog.ids.length })
        }
        confirm={translate('app.quick_messages_page.delete')}
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </Box>
  );
};

import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Card, Checkbox, CircularProgress, FormControlLabel, Skeleton, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { QuickMessageItem } from '@shared/api/quick-messages';
import { useNotifyError } from '../../providers/useNotifyError';
import { hasTransientStatus, selectionState, toggleAll } from './quickMessages';
import { QUICK_MESSAGE_STATS_KEY, useQuickMessagesApi } from './quickMessagesApi';
import { EmptyState } from './QuickMessageParts';
import { FOLLOW_UP_DELAYS_MS, QuickMessageCard } from './QuickMessageCard';
import { LoadFailed } from '../../components/LoadFailed';

interface DeleteDialog {
  open: boolean;
  ids: number[];
  /** A single item's own delete button (its number is named in the dialog). */
  single: boolean;
}

/** The page of inquiries in the list context: select-all, delete selected, the cards, the delete dialog. */
export const QuickMessageItems = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const api = useQuickMessagesApi();
  const { data, isPending, error, refetch, selectedIds, onSelect, onToggleItem, filterValues, setFilters } =
    useListContext<QuickMessageItem>();
  // The same figures as the cards above (one cached query): tells "no messages at all" from "none unanswered".
  const stats = useQuery({ queryKey: QUICK_MESSAGE_STATS_KEY, queryFn: ({ signal }) => api.fetchStats(signal) });
  const onlyUnanswered = Object.keys(filterValues).length === 1 && filterValues.answered === false;
  const messages = data ?? [];
  const ids = messages.map((m) => m.id);
  const selected = selectedIds as number[];
  const selectedSet = new Set(selected);
  const selection = selectionState(selectedSet, ids);

  // Follow-up refreshes after a reply or resend while the worker's outcome is still due; cancelled on leaving.
  const latest = useRef(messages);
  latest.current = messages;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refreshAfterSend = useCallback(() => {
    refresh();
    for (const delay of FOLLOW_UP_DELAYS_MS) {
      timers.current.push(setTimeout(() => hasTransientStatus(latest.current) && refresh(), delay));
    }
  }, [refresh]);

  const [dialog, setDialog] = useState<DeleteDialog>({ open: false, ids: [], single: false });
  const remove = useMutation({
    mutationFn: api.remove,
    onSuccess: (result, toDelete) => {
      const count = typeof result?.deleted === 'number' ? result.deleted : toDelete.length;
      notify(translate('app.quick_messages_page.deleted', { smart_count: count }), { type: 'success' });
      onSelect(selected.filter((id) => !toDelete.includes(id)));
      refresh();
    },
    onError: (e) => notifyError(e, 'app.quick_messages_page.delete_failed'),
  });
  const askDelete = (toDelete: number[], single: boolean) => toDelete.length > 0 && setDialog({ open: true, ids: toDelete, single });
  const confirmDelete = () => {
    if (!dialog.open) return; // a click on the closing dialog
    setDialog((d) => ({ ...d, open: false }));
    remove.mutate(dialog.ids);
  };

  let body;
  if (error) {
    body = <LoadFailed title="app.quick_messages_page.load_failed" error={error} onRetry={refetch} />;
  } else if (isPending) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </Box>
    );
  } else if (messages.length === 0 && stats.data?.total === 0) {
    // No message at all (the list opens filtered, so react-admin's own empty page never shows).
    body = <EmptyState />;
  } else if (messages.length === 0 && onlyUnanswered) {
    // Everything has been answered: say so, and offer the whole list.
    body = (
      <Card
        data-testid="quick-messages-all-answered"
        sx={{ padding: 3, display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center' }}
      >
        <Typography sx={{ fontWeight: 600 }}>{translate('app.quick_message_answers.none_unanswered')}</Typography>
        <Button variant="outlined" onClick={() => setFilters({}, {})}>
          {translate('app.quick_message_answers.show_all')}
        </Button>
      </Card>
    );
  } else if (messages.length === 0) {
    // Nothing matches the search or filter.
    body = (
      <Card data-testid="quick-messages-no-match" sx={{ padding: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">{translate('app.quick_messages_page.no_match')}</Typography>
      </Card>
    );
  } else {
    body = (
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
                  onChange={() => onSelect(toggleAll(selected, ids))}
                />
              }
              label={translate('app.quick_messages_page.select_all')}
            />
            <Button
              color="error"
              variant={selected.length > 0 ? 'contained' : 'outlined'}
              disabled={selected.length === 0 || remove.isPending}
              startIcon={remove.isPending ? <CircularProgress size={18} color="inherit" /> : <DeleteIcon />}
              onClick={() => askDelete(selected, false)}
            >
              {translate('app.quick_messages_page.delete_selected', { count: selected.length })}
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
              selected={selectedSet.has(message.id)}
              onSelect={() => onToggleItem(message.id)}
              onDelete={() => askDelete([message.id], true)}
              deleting={remove.isPending && (remove.variables ?? []).includes(message.id)}
              onSent={refreshAfterSend}
              onChanged={refresh}
            />
          ))}
        </Box>
      </>
    );
  }

  return (
    <>
      {body}
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
    </>
  );
};

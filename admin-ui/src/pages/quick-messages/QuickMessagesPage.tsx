import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Collapse,
  FormControlLabel,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import QuickMessagesIcon from '@mui/icons-material/ForumOutlined';
import TotalIcon from '@mui/icons-material/InboxOutlined';
import SentIcon from '@mui/icons-material/MarkChatReadOutlined';
import FailedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PendingIcon from '@mui/icons-material/HourglassEmptyOutlined';
import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import ResendIcon from '@mui/icons-material/SendOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatSaudiPhoneDisplay, saudiPhoneToE164 } from '@shared/phone';
import { QUICK_MESSAGE_STATUS_LABELS, REPLY_STATUS_LABELS, type QuickMessageStatus, type ReplyStatus } from '@shared/labels';
import { Ltr } from '../../components/Ltr';
import { PageTitle } from '../../components/PageTitle';
import { apiRequest, isApiError } from '../../providers/httpClient';
import { errorMessage } from '../../providers/errorMessage';
import { useNotifyError } from '../../providers/useNotifyError';
import {
  canResend,
  hasTransientStatus,
  pruneSelection,
  quickMessageDate,
  quickMessageStats,
  selectionState,
  statusTone,
  toggleAll,
  type QuickMessageItem,
  type QuickMessagesList,
  type QuickMessageStats,
} from './quickMessages';

const LIST_URL = '/api/admin/quick-messages';
export const QUICK_MESSAGES_KEY = ['admin', 'quick-messages'] as const;
/** The server's limit for a reply (ReplyDto). */
const REPLY_MAX_LENGTH = 1000;
/** After a reply or a resend, look again a little later so the worker's outcome shows (no standing poll). */
const FOLLOW_UP_DELAYS_MS = [1500, 5000];

const statusLabel = (status: string) => QUICK_MESSAGE_STATUS_LABELS[status as QuickMessageStatus] ?? status;
const replyStatusLabel = (status: string) => REPLY_STATUS_LABELS[status as ReplyStatus] ?? status;

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
    queryFn: ({ signal }) => apiRequest<QuickMessagesList>(LIST_URL, { signal }),
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
    mutationFn: (toDelete: number[]) => apiRequest<{ deleted?: number }>(LIST_URL, { method: 'DELETE', json: { ids: toDelete } }),
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

const STAT_CARDS: Array<{ key: keyof QuickMessageStats; icon: ReactNode; color: string; tint: string }> = [
  { key: 'total', icon: <TotalIcon />, color: 'primary.main', tint: 'primary.tint' },
  { key: 'sent', icon: <SentIcon />, color: 'success.main', tint: '#e7f4e8' },
  { key: 'failed', icon: <FailedIcon />, color: 'error.main', tint: '#fdecea' },
  { key: 'pending', icon: <PendingIcon />, color: 'warning.main', tint: '#fff3e0' },
];

const StatsCards = ({ stats }: { stats: QuickMessageStats | null }) => {
  const translate = useTranslate();
  return (
    <Box
      component="ul"
      aria-label={translate('app.quick_messages_page.stats_label')}
      sx={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {STAT_CARDS.map(({ key, icon, color, tint }) => (
        <Card component="li" key={key} data-testid={`stat-${key}`} sx={{ minWidth: 0 }}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, padding: 2, '&:last-child': { paddingBlockEnd: 2 } }}>
            <Box
              aria-hidden
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 42,
                height: 42,
                flexShrink: 0,
                borderRadius: '10px',
                bgcolor: tint,
                color,
              }}
            >
              {icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {stats ? (
                <Typography data-testid={`stat-${key}-value`} sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.2 }}>
                  {stats[key]}
                </Typography>
              ) : (
                <Skeleton width={40} height={38} />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                {translate(`app.quick_messages_page.stats.${key}`)}
              </Typography>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};

const EmptyState = () => {
  const translate = useTranslate();
  return (
    <Card data-testid="quick-messages-empty">
      <CardContent sx={{ display: 'grid', justifyItems: 'center', textAlign: 'center', gap: 1, paddingBlock: 5, paddingInline: 2 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'primary.tint',
            color: 'primary.main',
            '& svg': { fontSize: 34 },
          }}
        >
          <QuickMessagesIcon />
        </Box>
        <Typography variant="h6" component="h2">
          {translate('app.quick_messages_page.empty_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {translate('app.quick_messages_page.empty_hint')}
        </Typography>
      </CardContent>
    </Card>
  );
};

const StatusChip = ({ label, status, testId }: { label: string; status: string | null; testId: string }) => {
  const tone = statusTone(status);
  return (
    <Chip
      size="small"
      data-testid={testId}
      data-status={status ?? ''}
      // Amber text needs the darker shade to keep 4.5:1 on white.
      color={tone === 'warning' ? 'default' : tone}
      variant="outlined"
      label={label}
      sx={tone === 'warning' ? { color: 'warning.dark', borderColor: 'warning.main' } : undefined}
    />
  );
};

interface QuickMessageCardProps {
  message: QuickMessageItem;
  selected: boolean;
  onSelect(checked: boolean): void;
  onDelete(): void;
  deleting: boolean;
  onSent(): void;
}

const QuickMessageCard = ({ message, selected, onSelect, onDelete, deleting, onSent }: QuickMessageCardProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [replyOpen, setReplyOpen] = useState(false);
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | null>(null);

  const date = quickMessageDate(message.createdAt);
  // The time stays on the line of the date it belongs to.
  const dateText = date.ok
    ? date.text.replace(' - ', '\u00a0-\u00a0')
    : translate(date.reason === 'missing' ? 'app.quick_messages_page.date_missing' : 'app.quick_messages_page.date_invalid');
  const repliedAt = message.repliedAt ? quickMessageDate(message.repliedAt) : null;
  const phone = formatSaudiPhoneDisplay(message.phoneNumber);
  const tel = saudiPhoneToE164(message.phoneNumber);
  const replyBoxId = `quick-message-${message.id}-reply`;

  const sendReply = useMutation({
    mutationFn: (text: string) =>
      apiRequest<{ message?: string }>(`${LIST_URL}/${message.id}/reply`, { method: 'POST', json: { reply: text } }),
    onSuccess: (data) => {
      const text = data?.message || translate('app.quick_messages_page.reply_sent');
      notify(text, { type: 'success', messageArgs: { _: text } });
      setReply('');
      setReplyOpen(false);
      onSent();
    },
    onError: (error) => {
      // A field error (the reply's text) goes under the box; the toast says what happened.
      const fieldError = isApiError(error) ? error.envelope?.errors?.reply : undefined;
      setReplyError(fieldError || errorMessage(error, translate, 'app.quick_messages_page.reply_failed'));
      notifyError(error, 'app.quick_messages_page.reply_failed');
    },
  });

  const resend = useMutation({
    mutationFn: () => apiRequest<{ message?: string }>(`${LIST_URL}/${message.id}/retry`, { method: 'POST' }),
    onSuccess: (data) => {
      const text = data?.message || translate('app.quick_messages_page.resent');
      notify(text, { type: 'success', messageArgs: { _: text } });
      onSent();
    },
    onError: (error) => notifyError(error, 'app.quick_messages_page.resend_failed'),
  });

  const submitReply = () => {
    if (sendReply.isPending) return;
    const text = reply.trim();
    if (!text) {
      setReplyError(translate('app.quick_messages_page.reply_required'));
      return;
    }
    setReplyError(null);
    sendReply.mutate(text);
  };

  return (
    <Card
      component="li"
      data-testid="quick-message"
      data-id={message.id}
      sx={{ minWidth: 0, borderColor: selected ? 'primary.light' : undefined }}
    >
      <CardContent sx={{ padding: { xs: 1.5, sm: 2.5 }, '&:last-child': { paddingBlockEnd: { xs: 1.5, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            slotProps={{ input: { 'aria-label': translate('app.quick_messages_page.select_item', { id: message.id }) } }}
            sx={{ marginInlineStart: -1, marginBlock: -0.5 }}
          />
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {translate('app.quick_messages_page.inquiry')} <Ltr>#{message.id}</Ltr>
          </Typography>
          {message.requestId ? (
            <Chip
              size="small"
              color="primary"
              data-testid="request-number"
              label={
                <>
                  {translate('app.quick_messages_page.request')} <Ltr>#{message.requestId}</Ltr>
                </>
              }
            />
          ) : (
            <Typography variant="body2" color="text.secondary" data-testid="request-number">
              {translate('app.quick_messages_page.no_request')}
            </Typography>
          )}
          <Box sx={{ marginInlineStart: 'auto', display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Typography variant="caption" color="text.secondary">
              {translate('app.quick_messages_page.ack_status')}
            </Typography>
            <StatusChip testId="delivery-status" status={message.status} label={statusLabel(message.status)} />
          </Box>
        </Box>

        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, marginBlockStart: 0.75 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{message.senderName}</Typography>
          {tel ? (
            <Box
              component="a"
              href={`tel:${tel}`}
              aria-label={translate('app.quick_messages_page.call', { phone })}
              data-testid="phone"
              sx={{ color: 'primary.main', fontWeight: 600, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              <Ltr>{phone}</Ltr>
            </Box>
          ) : (
            <Typography data-testid="phone">
              <Ltr>{phone}</Ltr>
            </Typography>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="date">
          {dateText}
        </Typography>

        <Box sx={{ marginBlockStart: 1.25 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, marginBlockEnd: 0.75 }}>
            <Chip size="small" variant="outlined" label={message.inquiryType} />
            {message.inquirySubject && message.inquirySubject !== message.inquiryType ? (
              <Chip size="small" variant="outlined" label={message.inquirySubject} />
            ) : null}
          </Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {translate('app.quick_messages_page.message_label')}
          </Typography>
          <Typography
            data-testid="original-message"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              bgcolor: 'background.default',
              borderRadius: '8px',
              borderInlineStart: '3px solid',
              borderInlineStartColor: 'primary.light',
              paddingInline: 1.5,
              paddingBlock: 1,
            }}
          >
            {message.originalMessage}
          </Typography>
          {message.status === 'failed' && message.errorMessage ? (
            <Typography variant="body2" color="error" sx={{ marginBlockStart: 0.75, overflowWrap: 'anywhere' }}>
              {translate('app.quick_messages_page.ack_error', { error: message.errorMessage })}
            </Typography>
          ) : null}
        </Box>

        {message.adminReply ? (
          <Box
            data-testid="admin-reply"
            sx={{ marginBlockStart: 1.5, bgcolor: 'primary.tint', borderRadius: '10px', paddingInline: 1.5, paddingBlock: 1.25 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, marginBlockEnd: 0.5 }}>
              <Typography sx={{ fontWeight: 700, fontSize: '0.95rem' }}>{translate('app.quick_messages_page.admin_reply')}</Typography>
              {message.replyStatus ? (
                <StatusChip testId="reply-status" status={message.replyStatus} label={replyStatusLabel(message.replyStatus)} />
              ) : null}
              {repliedAt?.ok ? (
                <Typography variant="caption" color="text.secondary">
                  {translate('app.quick_messages_page.replied_at', { date: repliedAt.text })}
                </Typography>
              ) : null}
            </Box>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.adminReply}</Typography>
            {message.replyErrorMessage ? (
              <Typography variant="body2" color="error" data-testid="reply-error" sx={{ marginBlockStart: 0.5, overflowWrap: 'anywhere' }}>
                {translate('app.quick_messages_page.reply_error', { error: message.replyErrorMessage })}
              </Typography>
            ) : null}
          </Box>
        ) : null}

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginBlockStart: 1.5 }}>
          <Button
            variant={replyOpen ? 'contained' : 'outlined'}
            startIcon={<ReplyIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />}
            aria-expanded={replyOpen}
            aria-controls={replyBoxId}
            onClick={() => setReplyOpen((open) => !open)}
          >
            {translate(replyOpen ? 'app.quick_messages_page.hide_reply' : 'app.quick_messages_page.reply')}
          </Button>
          {canResend(message) ? (
            <Button
              variant="outlined"
              disabled={resend.isPending}
              startIcon={
                resend.isPending ? (
                  <CircularProgress size={18} color="inherit" />
                ) : (
                  <ResendIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
                )
              }
              onClick={() => resend.mutate()}
            >
              {translate('app.quick_messages_page.resend')}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            color="error"
            disabled={deleting}
            startIcon={deleting ? <CircularProgress size={18} color="inherit" /> : <DeleteIcon />}
            onClick={onDelete}
            sx={{ marginInlineStart: { sm: 'auto' } }}
          >
            {translate('app.quick_messages_page.delete')}
          </Button>
        </Box>

        <Collapse in={replyOpen} unmountOnExit>
          <Box id={replyBoxId} sx={{ marginBlockStart: 1.5, display: 'grid', gap: 1 }}>
            <Alert severity="info" icon={<WhatsAppIcon />}>
              {translate('app.quick_messages_page.reply_note')}
            </Alert>
            <TextField
              label={translate('app.quick_messages_page.reply_label')}
              name={`reply-${message.id}`}
              value={reply}
              onChange={(e) => {
                setReply(e.target.value);
                if (replyError) setReplyError(null);
              }}
              multiline
              minRows={3}
              maxRows={10}
              error={!!replyError}
              helperText={replyError ?? translate('app.quick_messages_page.reply_count', { count: reply.length, max: REPLY_MAX_LENGTH })}
              disabled={sendReply.isPending}
              slotProps={{ htmlInput: { maxLength: REPLY_MAX_LENGTH } }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="contained"
                onClick={submitReply}
                disabled={sendReply.isPending}
                startIcon={sendReply.isPending ? <CircularProgress size={18} color="inherit" /> : <WhatsAppIcon />}
              >
                {translate(sendReply.isPending ? 'app.quick_messages_page.sending' : 'app.quick_messages_page.send_reply')}
              </Button>
              <Button onClick={() => setReplyOpen(false)} disabled={sendReply.isPending}>
                {translate('app.common.cancel')}
              </Button>
            </Box>
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
};

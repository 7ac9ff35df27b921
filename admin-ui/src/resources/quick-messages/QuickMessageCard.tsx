import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, Chip, CircularProgress, Collapse, TextField, Typography } from '@mui/material';
import ReplyIcon from '@mui/icons-material/ReplyOutlined';
import ResendIcon from '@mui/icons-material/SendOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { formatSaudiPhoneDisplay, saudiPhoneToE164 } from '@shared/phone';
import { QUICK_MESSAGE_STATUS_LABELS, REPLY_STATUS_LABELS, type QuickMessageStatus, type ReplyStatus } from '@shared/labels';
import { Ltr } from '../../components/Ltr';
import { isApiError } from '../../providers/httpClient';
import { errorMessage } from '../../providers/errorMessage';
import { useNotifyError } from '../../providers/useNotifyError';
import type { QuickMessageItem } from '@shared/api/quick-messages';
import { canResend, quickMessageDate } from './quickMessages';
import { useQuickMessagesApi } from './quickMessagesApi';
import { StatusChip } from './QuickMessageParts';
import { AnsweredChip, AnsweredToggle, LinkedRequest, RequestLinkButtons, RequestLinkForm } from './QuickMessageFollowUp';

/** The server's limit for a reply (ReplyDto). */
const REPLY_MAX_LENGTH = 1000;
/** After a reply or a resend, look again a little later so the worker's outcome shows (no standing poll). */
export const FOLLOW_UP_DELAYS_MS = [1500, 5000];

const statusLabel = (status: string) => QUICK_MESSAGE_STATUS_LABELS[status as QuickMessageStatus] ?? status;
const replyStatusLabel = (status: string) => REPLY_STATUS_LABELS[status as ReplyStatus] ?? status;

interface QuickMessageCardProps {
  message: QuickMessageItem;
  selected: boolean;
  onSelect(checked: boolean): void;
  onDelete(): void;
  deleting: boolean;
  onSent(): void;
  /** After marking answered or linking: the list reads the message again (it may leave the filter). */
  onChanged(): void;
}

export const QuickMessageCard = ({ message, selected, onSelect, onDelete, deleting, onSent, onChanged }: QuickMessageCardProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const api = useQuickMessagesApi();
  const [replyOpen, setReplyOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
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
    mutationFn: (text: string) => api.reply(message.id, text),
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
    mutationFn: () => api.resend(message.id),
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
          <LinkedRequest requestId={message.requestId} />
          <AnsweredChip answered={message.answered} />
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
          <AnsweredToggle message={message} onChanged={onChanged} />
          <RequestLinkButtons message={message} open={linkOpen} onToggle={() => setLinkOpen((o) => !o)} onChanged={onChanged} />
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

        <RequestLinkForm message={message} open={linkOpen} onClose={() => setLinkOpen(false)} onChanged={onChanged} />

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
                disabled={sendReply.isPending || !reply.trim()}
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

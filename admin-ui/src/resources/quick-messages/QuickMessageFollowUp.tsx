import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, Collapse, TextField } from '@mui/material';
import AnsweredIcon from '@mui/icons-material/TaskAltOutlined';
import UnansweredIcon from '@mui/icons-material/MarkChatUnreadOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import UnlinkIcon from '@mui/icons-material/LinkOffOutlined';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import type { QuickMessageChange, QuickMessageItem } from '@shared/api/quick-messages';
import { parseIntegerInput } from '@shared/digits';
import { Ltr } from '../../components/Ltr';
import { isApiError } from '../../providers/httpClient';
import { useNotifyError } from '../../providers/useNotifyError';
import { ROUTES } from '../../routes';
import { useQuickMessagesApi } from './quickMessagesApi';

const T = 'app.quick_message_answers';

/** The desk opened on one request: its search box holds the number. */
export const requestDeskPath = (id: number) => `${ROUTES.requests}?filter=${encodeURIComponent(JSON.stringify({ q: `#${id}` }))}`;

/** «تم الرد» or «لم يُرد عليها», as a chip with its text (never colour alone). */
export const AnsweredChip = ({ answered }: { answered: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid="answered-state"
      data-answered={answered}
      icon={answered ? <AnsweredIcon /> : <UnansweredIcon />}
      color={answered ? 'success' : 'default'}
      label={translate(answered ? `${T}.chip_answered` : `${T}.chip_unanswered`)}
      sx={answered ? undefined : { color: 'warning.dark', borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.dark' } }}
    />
  );
};

/** The linked request's number, opening the desk on it; or «غير مرتبط بطلب». */
export const LinkedRequest = ({ requestId }: { requestId: number | null }) => {
  const translate = useTranslate();
  if (!requestId)
    return <Chip size="small" variant="outlined" data-testid="request-number" label={translate('app.quick_messages_page.no_request')} />;
  return (
    <Chip
      size="small"
      color="primary"
      clickable
      component={Link}
      to={requestDeskPath(requestId)}
      data-testid="request-number"
      aria-label={translate(`${T}.open_request`, { id: requestId })}
      label={
        <>
          {translate('app.quick_messages_page.request')} <Ltr>#{requestId}</Ltr>
        </>
      }
    />
  );
};

function useChange(message: QuickMessageItem, onChanged: () => void, failedKey: string) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const api = useQuickMessagesApi();
  return useMutation({
    mutationFn: (change: QuickMessageChange) => api.change(message.id, change),
    onSuccess: (data) => {
      const text = data?.message ?? '';
      if (text) notify(text, { type: 'success', messageArgs: { _: text } });
      onChanged();
    },
    onError: (error) => notifyError(error, failedKey),
  });
}

/** Marks the message answered (an answer given by phone, say) or back to unanswered. */
export const AnsweredToggle = ({ message, onChanged }: { message: QuickMessageItem; onChanged: () => void }) => {
  const translate = useTranslate();
  const change = useChange(message, onChanged, `${T}.change_failed`);
  return (
    <Button
      variant="outlined"
      color={message.answered ? 'inherit' : 'success'}
      disabled={change.isPending}
      startIcon={
        change.isPending ? <CircularProgress size={18} color="inherit" /> : message.answered ? <UnansweredIcon /> : <AnsweredIcon />
      }
      onClick={() => change.mutate({ answered: !message.answered })}
    >
      {translate(message.answered ? `${T}.mark_unanswered` : `${T}.mark_answered`)}
    </Button>
  );
};

/** The link's buttons in the card's action row: open the form (link or change), and unlink. */
export const RequestLinkButtons = ({
  message,
  open,
  onToggle,
  onChanged,
}: {
  message: QuickMessageItem;
  open: boolean;
  onToggle: () => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const unlink = useChange(message, onChanged, `${T}.link_failed`);
  return (
    <>
      <Button
        variant={open ? 'contained' : 'outlined'}
        startIcon={<LinkIcon />}
        aria-expanded={open}
        aria-controls={linkFormId(message)}
        onClick={onToggle}
      >
        {translate(message.requestId ? `${T}.change_link` : `${T}.link`)}
      </Button>
      {message.requestId ? (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={unlink.isPending ? <CircularProgress size={18} color="inherit" /> : <UnlinkIcon />}
          disabled={unlink.isPending}
          onClick={() => unlink.mutate({ requestId: null })}
        >
          {translate(`${T}.unlink`)}
        </Button>
      ) : null}
    </>
  );
};

const linkFormId = (message: QuickMessageItem) => `quick-message-${message.id}-link`;

/** Links the message to a request by its number; the server checks that it exists and its message shows under the field. */
export const RequestLinkForm = ({
  message,
  open,
  onClose,
  onChanged,
}: {
  message: QuickMessageItem;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChange(
    message,
    () => {
      onClose();
      setNumber('');
      onChanged();
    },
    `${T}.link_failed`,
  );

  const submit = () => {
    const id = parseIntegerInput(number.replace(/^\s*#/, ''));
    if (!id) return setError(translate(`${T}.request_number_invalid`));
    setError(null);
    change.mutate(
      { requestId: id },
      {
        // The server's words under the field (e.g. «لا يوجد طلب برقم #999»).
        onError: (e) => setError((isApiError(e) ? e.envelope?.errors?.requestId : undefined) ?? null),
      },
    );
  };

  return (
    <Collapse in={open} unmountOnExit>
      <Box
        id={linkFormId(message)}
        component="form"
        aria-label={translate(`${T}.link_title`)}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, marginBlockStart: 1.5 }}
      >
        <TextField
          label={translate(`${T}.request_number`)}
          name={`request-number-${message.id}`}
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? translate(`${T}.request_number_hint`)}
          disabled={change.isPending}
          sx={{ flex: '1 1 12rem', margin: 0 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 12 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={change.isPending || !number.trim()}
          startIcon={change.isPending ? <CircularProgress size={18} color="inherit" /> : <LinkIcon />}
        >
          {translate(change.isPending ? `${T}.linking` : `${T}.link_submit`)}
        </Button>
        <Button onClick={onClose} disabled={change.isPending}>
          {translate('app.common.cancel')}
        </Button>
      </Box>
    </Collapse>
  );
};

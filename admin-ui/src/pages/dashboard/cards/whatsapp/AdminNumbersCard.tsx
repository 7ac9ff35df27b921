import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, List, ListItem, Skeleton, TextField, Typography } from '@mui/material';
import WhatsAppNumbersIcon from '@mui/icons-material/ContactPhoneOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PhoneIcon from '@mui/icons-material/PhoneIphoneOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CharityDataProvider } from '../../../../providers/customMethods';
import { failureText } from '../../../../providers/errorMessage';
import { Ltr } from '../../../../components/Ltr';
import { AdminCard } from '../AdminCard';
import {
  ADMIN_NUMBERS_QUERY_KEY,
  ADMIN_NUMBERS_VARIABLE,
  INTERNATIONAL_EXAMPLE,
  addNumbers,
  displayPhone,
  ltrIsolate,
  removeNumber,
  sameNumbers,
  saveProblem,
  type FieldProblem,
} from './adminNumbers';
import { serverFieldError } from './apiErrors';
import { LoadFailed } from '../../../../components/LoadFailed';

const T = 'app.whatsapp_cards.numbers';

/**
 * Dashboard card: the administrators' WhatsApp numbers (codes and alerts go there). Read-only when
 * the server's ADMIN_WHATSAPP_NUMBERS sets them; otherwise add, remove and save (GET/POST
 * /api/admin/whatsapp-numbers), checked with the server's rule before sending.
 */
export const AdminNumbersCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The list the open dialog will save, fixed when it opens.
  const [pending, setPending] = useState<string[]>([]);

  const query = useQuery({
    queryKey: ADMIN_NUMBERS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getAdminNumbers(signal).then(({ data }) => data),
  });
  const stored = Array.isArray(query.data?.numbers) ? query.data.numbers : [];
  const readOnly = query.data?.source === 'environment';
  const numbers = draft ?? stored;
  const dirty = draft !== null && !sameNumbers(draft, stored);

  const save = useMutation({
    mutationFn: (list: string[]) => dataProvider.saveAdminNumbers(list).then(({ data }) => data),
    onSuccess: (data) => {
      // The answer is the stored list: the card shows it without reading again.
      queryClient.setQueryData(ADMIN_NUMBERS_QUERY_KEY, { numbers: data.numbers, source: data.source });
      setDraft(null);
      setServerError(null);
      const message = data?.message || translate(`${T}.saved`);
      notify(message, { type: 'success', messageArgs: { _: message } });
    },
    onError: (error) => {
      setServerError(serverFieldError(error, 'numbers'));
      const message = failureText(error, translate, `${T}.save_failed`);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = addNumbers(numbers, input);
    setProblem(result.problem);
    setServerError(null);
    if (!result.problem) {
      setDraft(result.numbers);
      setInput('');
    }
  };

  const remove = (number: string) => {
    setDraft(removeNumber(numbers, number));
    setProblem(null);
    setServerError(null);
  };

  const askSave = () => {
    const blocked = saveProblem(numbers);
    setProblem(blocked);
    if (blocked) return;
    setPending(numbers);
    setConfirming(true);
  };

  const fieldError = problem ? translate(problem.key, problem.args) : serverError;

  const badge = query.data ? (
    <Chip
      size="small"
      variant="outlined"
      color={readOnly ? 'secondary' : 'primary'}
      icon={readOnly ? <LockIcon /> : undefined}
      label={translate(readOnly ? `${T}.source_environment` : `${T}.source_database`)}
      data-testid="admin-numbers-source"
    />
  ) : null;

  return (
    <AdminCard id="admin-numbers-card-title" title={translate(`${T}.title`)} icon={<WhatsAppNumbersIcon />} badge={badge}>
      {query.isPending ? (
        <Skeleton height={120} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={query.refetch} />
      ) : (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1 }}>
            {translate(`${T}.description`)}
          </Typography>
          {readOnly ? (
            <Alert
              severity="info"
              icon={<LockIcon fontSize="inherit" />}
              sx={{ marginBlockEnd: 1 }}
              data-testid="admin-numbers-environment"
            >
              {translate(`${T}.environment_note`, { variable: ltrIsolate(ADMIN_NUMBERS_VARIABLE) })}
            </Alert>
          ) : null}

          {numbers.length ? (
            <List dense disablePadding aria-label={translate(`${T}.list_label`)} data-testid="admin-numbers-list">
              {numbers.map((number) => (
                <ListItem
                  key={number}
                  disableGutters
                  sx={{
                    minHeight: 44,
                    paddingInlineStart: 1,
                    gap: 1,
                    borderBlockEnd: 1,
                    borderColor: 'divider',
                    '&:last-of-type': { borderBlockEnd: 0 },
                  }}
                  secondaryAction={
                    readOnly ? undefined : (
                      <IconButton
                        edge="end"
                        aria-label={translate(`${T}.remove`, { number: ltrIsolate(displayPhone(number)) })}
                        onClick={() => remove(number)}
                        disabled={save.isPending}
                        sx={{ width: 44, height: 44 }}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )
                  }
                >
                  <PhoneIcon fontSize="small" color="action" aria-hidden />
                  <Typography variant="body1" sx={{ fontWeight: 600 }}>
                    <Ltr>{displayPhone(number)}</Ltr>
                  </Typography>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" sx={{ paddingBlock: 1, color: 'text.secondary' }} data-testid="admin-numbers-empty">
              {translate(readOnly ? `${T}.empty_environment` : `${T}.empty`)}
            </Typography>
          )}

          {!readOnly ? (
            <>
              <Box
                component="form"
                onSubmit={add}
                noValidate
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', marginBlockStart: 1 }}
              >
                <TextField
                  id="new-admin-number"
                  name="newAdminNumber"
                  label={translate(`${T}.new_number`)}
                  value={input}
                  onChange={(e) => {
                    setInput(e.target.value);
                    if (problem) setProblem(null);
                  }}
                  error={!!fieldError}
                  helperText={fieldError || translate(`${T}.new_number_hint`, { example: ltrIsolate(INTERNATIONAL_EXAMPLE) })}
                  disabled={save.isPending}
                  sx={{ flex: 1, marginBlock: 0 }}
                  slotProps={{
                    htmlInput: { dir: 'ltr', inputMode: 'tel', autoComplete: 'off', maxLength: 200, style: { textAlign: 'start' } },
                  }}
                />
                <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ minHeight: 56, flexShrink: 0 }}>
                  {translate(`${T}.add`)}
                </Button>
              </Box>
              {dirty ? (
                <Typography variant="body2" color="warning.main" sx={{ marginBlockStart: 1, fontWeight: 600 }} role="status">
                  {translate(`${T}.unsaved`)}
                </Typography>
              ) : null}
              <Box sx={{ display: 'flex', gap: 1, marginBlockStart: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={!dirty || save.isPending}
                  startIcon={save.isPending ? <CircularProgress size={18} color="inherit" /> : null}
                  onClick={askSave}
                  sx={{ flex: 1, minHeight: 44 }}
                >
                  {translate(`${T}.save`)}
                </Button>
                {dirty ? (
                  <Button
                    variant="text"
                    disabled={save.isPending}
                    onClick={() => {
                      setDraft(null);
                      setProblem(null);
                      setServerError(null);
                    }}
                    sx={{ minHeight: 44 }}
                  >
                    {translate(`${T}.reset`)}
                  </Button>
                ) : null}
              </Box>
            </>
          ) : null}
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        title={translate(`${T}.confirm_title`)}
        content={
          <Box>
            <Typography variant="body2" sx={{ marginBlockEnd: 1 }}>
              {translate(`${T}.confirm_content`)}
            </Typography>
            <Box component="ul" sx={{ margin: 0, paddingInlineStart: 3 }}>
              {pending.map((number) => (
                <li key={number}>
                  <Ltr>{displayPhone(number)}</Ltr>
                </li>
              ))}
            </Box>
          </Box>
        }
        confirm={translate(`${T}.save`)}
        onConfirm={() => {
          if (!confirming) return; // a click on the closing dialog
          setConfirming(false);
          save.mutate(pending);
        }}
        onClose={() => setConfirming(false)}
      />
    </AdminCard>
  );
};

import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { REQUEST_NOTE_MAX_LENGTH } from '@shared/api/requests';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { Ltr } from '../../components/Ltr';
import { isApiError } from '../../providers/httpClient';
import { notesKey, useRequestsApi } from './requestsApi';

/** The team's internal notes on a request, newest first; they are never sent to the customer. */
export const RequestNotes = ({ requestId }: { requestId: number }) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const api = useRequestsApi();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: notesKey(requestId), queryFn: () => api.notes(requestId) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('اكتب نص الملاحظة');
    setBusy(true);
    try {
      await api.addNote(requestId, text.trim());
      setText('');
      notify('أُضيفت الملاحظة الداخلية، ولم تُرسل للعميل', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: notesKey(requestId) });
    } catch (err) {
      const message = isApiError(err) ? (err.envelope?.errors?.text ?? err.message) : 'تعذّر حفظ الملاحظة';
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="section" aria-labelledby={`notes-${requestId}`} spacing={1} sx={{ marginBlockStart: 2 }}>
      <Typography id={`notes-${requestId}`} variant="subtitle1" component="h3">
        ملاحظات داخلية
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1 }}>
        <TextField
          label="ملاحظة جديدة"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          multiline
          minRows={2}
          error={Boolean(error)}
          helperText={error ?? 'للفريق فقط: لا تُرسل للعميل على واتساب'}
          slotProps={{ htmlInput: { maxLength: REQUEST_NOTE_MAX_LENGTH } }}
        />
        <Button type="submit" variant="outlined" disabled={busy} sx={{ justifySelf: 'start', minHeight: 44 }}>
          إضافة الملاحظة
        </Button>
      </Box>
      {isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : isError ? (
        <Alert severity="error" action={<Button onClick={() => refetch()}>إعادة المحاولة</Button>}>
          تعذّر تحميل الملاحظات
        </Alert>
      ) : !data.length ? (
        <Typography variant="body2" color="text.secondary">
          لا توجد ملاحظات بعد.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="الملاحظات">
          {data.map((n) => (
            <Box component="li" key={n.id} sx={{ bgcolor: 'action.hover', borderRadius: 2, padding: 1.25, display: 'grid', gap: 0.5 }}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <Ltr>{n.authorUsername}</Ltr> · {formatDateTimeWithHijri(new Date(n.createdAt))}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
};

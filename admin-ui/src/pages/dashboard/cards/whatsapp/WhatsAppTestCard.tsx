import { useState, type FormEvent } from 'react';
import { Alert, AlertTitle, Box, Button, CircularProgress, Divider, TextField, Typography } from '@mui/material';
import WhatsAppTestIcon from '@mui/icons-material/SendOutlined';
import BroadcastIcon from '@mui/icons-material/CampaignOutlined';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CharityDataProvider } from '../../../../providers/customMethods';
import { failureText } from '../../../../providers/errorMessage';
import { Ltr } from '../../../../components/Ltr';
import { AdminCard } from '../AdminCard';
import { INTERNATIONAL_EXAMPLE, displayPhone, ltrIsolate, type FieldProblem } from './adminNumbers';
import { serverErrorCode, serverFieldError } from './apiErrors';
import {
  CUSTOM_MESSAGE_MAX_LENGTH,
  NO_ADMIN_NUMBERS_CODE,
  TEST_NUMBER_MAX_LENGTH,
  broadcastFigures,
  customMessageProblem,
  testNumberProblem,
  testSingleBody,
} from './whatsappTest';

const T = 'app.whatsapp_cards.test';
const SAUDI_LOCAL_EXAMPLE = '0501234567';
// The paper plane points the reading direction's way.
const MIRROR_IN_RTL = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } };

interface Problems {
  testNumber?: string;
  customMessage?: string;
}

/**
 * Dashboard card: a test message to one number (POST /api/admin/test-whatsapp-single) with the
 * server's outcome and next step, and one to every administrator number
 * (POST /api/admin/test-whatsapp-broadcast) with its summary.
 */
export const WhatsAppTestCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [testNumber, setTestNumber] = useState('');
  const [customMessage, setCustomMessage] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [broadcastError, setBroadcastError] = useState<string | null>(null);

  const text = (problem: FieldProblem | null) => (problem ? translate(problem.key, problem.args) : undefined);

  const single = useMutation({
    mutationFn: (body: ReturnType<typeof testSingleBody>) => dataProvider.sendTestMessage(body).then(({ data }) => data),
    onSuccess: (data) => {
      const message = data?.message || translate(data?.success ? `${T}.single_done` : `${T}.single_failed`);
      notify(message, { type: data?.success ? 'success' : 'error', messageArgs: { _: message } });
    },
    onError: (error) => {
      setProblems({
        testNumber: serverFieldError(error, 'testNumber') ?? undefined,
        customMessage: serverFieldError(error, 'customMessage') ?? undefined,
      });
      const message = failureText(error, translate, `${T}.single_failed`);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  const broadcast = useMutation({
    mutationFn: () => dataProvider.sendTestBroadcast().then(({ data }) => data),
    onMutate: () => setBroadcastError(null),
    onSuccess: (data) => {
      const message = data?.message || translate(data?.success ? `${T}.broadcast_done` : `${T}.broadcast_failed`);
      notify(message, { type: data?.success ? 'success' : 'warning', messageArgs: { _: message } });
    },
    onError: (error) => {
      const message =
        serverErrorCode(error) === NO_ADMIN_NUMBERS_CODE
          ? translate(`${T}.no_admin_numbers`)
          : failureText(error, translate, `${T}.broadcast_failed`);
      setBroadcastError(message);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  const sendSingle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (single.isPending) return;
    const found: Problems = { testNumber: text(testNumberProblem(testNumber)), customMessage: text(customMessageProblem(customMessage)) };
    setProblems(found);
    if (found.testNumber || found.customMessage) return;
    single.reset();
    single.mutate(testSingleBody(testNumber, customMessage));
  };

  const result = single.data;
  const figures = broadcastFigures(broadcast.data);

  return (
    <AdminCard id="whatsapp-test-card-title" title={translate(`${T}.title`)} icon={<WhatsAppTestIcon sx={MIRROR_IN_RTL} />}>
      <Box component="form" onSubmit={sendSingle} noValidate aria-labelledby="whatsapp-test-single-title">
        <Typography id="whatsapp-test-single-title" variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
          {translate(`${T}.single_title`)}
        </Typography>
        <TextField
          id="whatsapp-test-number"
          name="testNumber"
          label={translate(`${T}.number`)}
          value={testNumber}
          onChange={(e) => {
            setTestNumber(e.target.value);
            if (problems.testNumber) setProblems((p) => ({ ...p, testNumber: undefined }));
          }}
          error={!!problems.testNumber}
          helperText={
            problems.testNumber ||
            translate(`${T}.number_hint`, { example: ltrIsolate(INTERNATIONAL_EXAMPLE), local: ltrIsolate(SAUDI_LOCAL_EXAMPLE) })
          }
          disabled={single.isPending}
          required
          slotProps={{
            htmlInput: {
              dir: 'ltr',
              inputMode: 'tel',
              autoComplete: 'off',
              maxLength: TEST_NUMBER_MAX_LENGTH + 10,
              style: { textAlign: 'start' },
            },
          }}
        />
        <TextField
          id="whatsapp-test-message"
          name="customMessage"
          label={translate(`${T}.message`)}
          value={customMessage}
          onChange={(e) => {
            setCustomMessage(e.target.value);
            if (problems.customMessage) setProblems((p) => ({ ...p, customMessage: undefined }));
          }}
          error={!!problems.customMessage}
          helperText={problems.customMessage || translate(`${T}.message_hint`)}
          disabled={single.isPending}
          multiline
          minRows={2}
          maxRows={6}
          slotProps={{ htmlInput: { maxLength: CUSTOM_MESSAGE_MAX_LENGTH + 50 } }}
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          disabled={!testNumber.trim() || single.isPending}
          startIcon={single.isPending ? <CircularProgress size={18} color="inherit" /> : <WhatsAppTestIcon sx={MIRROR_IN_RTL} />}
          sx={{ marginBlockStart: 1, minHeight: 44 }}
        >
          {translate(single.isPending ? `${T}.sending` : `${T}.send`)}
        </Button>

        {result ? (
          <Alert
            severity={result.success ? 'success' : 'error'}
            sx={{ marginBlockStart: 1.5, alignItems: 'flex-start', '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
            data-testid="whatsapp-test-single-result"
            role="status"
          >
            <AlertTitle sx={{ fontWeight: 700 }}>
              {result.message || translate(result.success ? `${T}.single_done` : `${T}.single_failed`)}
            </AlertTitle>
            {result.details ? (
              <Box
                component="dl"
                sx={{ margin: 0, display: 'grid', gap: 0.5, '& dt': { fontWeight: 600 }, '& dd': { margin: 0, overflowWrap: 'anywhere' } }}
              >
                {result.details.phoneNumber ? (
                  <div>
                    <dt>{translate(`${T}.phone`)}</dt>
                    <dd>
                      <Ltr>{displayPhone(result.details.phoneNumber)}</Ltr>
                    </dd>
                  </div>
                ) : null}
                {result.details.statusMessage ? (
                  <div>
                    <dt>{translate(`${T}.status`)}</dt>
                    <dd>{result.details.statusMessage}</dd>
                  </div>
                ) : null}
                {result.details.instructions ? (
                  <div>
                    <dt>{translate(`${T}.instructions`)}</dt>
                    <dd>{result.details.instructions}</dd>
                  </div>
                ) : null}
              </Box>
            ) : null}
          </Alert>
        ) : null}
      </Box>

      <Divider sx={{ marginBlock: 2 }} />

      <Box component="section" aria-labelledby="whatsapp-test-broadcast-title">
        <Typography id="whatsapp-test-broadcast-title" variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
          {translate(`${T}.broadcast_title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ marginBlock: 0.5 }}>
          {translate(`${T}.broadcast_description`)}
        </Typography>
        <Button
          variant="outlined"
          fullWidth
          disabled={broadcast.isPending}
          startIcon={broadcast.isPending ? <CircularProgress size={18} color="inherit" /> : <BroadcastIcon />}
          onClick={() => broadcast.mutate()}
          sx={{ marginBlockStart: 1, minHeight: 44 }}
        >
          {translate(broadcast.isPending ? `${T}.sending` : `${T}.broadcast`)}
        </Button>

        {broadcastError ? (
          <Alert severity="error" sx={{ marginBlockStart: 1.5 }} data-testid="whatsapp-test-broadcast-error" role="alert">
            {broadcastError}
          </Alert>
        ) : null}

        {broadcast.data ? (
          <Box sx={{ marginBlockStart: 1.5 }} data-testid="whatsapp-test-broadcast-result" role="status">
            <Alert severity={broadcast.data.success ? 'success' : 'warning'}>
              {broadcast.data.message || translate(broadcast.data.success ? `${T}.broadcast_done` : `${T}.broadcast_failed`)}
            </Alert>
            <Box
              component="dl"
              aria-label={translate(`${T}.result_label`)}
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, margin: 0, marginBlockStart: 1 }}
            >
              {(
                [
                  ['total', figures.total, 'text.primary'],
                  ['successful', figures.successful, 'success.main'],
                  ['failed', figures.failed, figures.failed ? 'error.main' : 'text.primary'],
                ] as const
              ).map(([key, value, color]) => (
                <Box
                  key={key}
                  data-testid={`broadcast-${key}`}
                  sx={{ border: 1, borderColor: 'divider', borderRadius: 2, paddingBlock: 1, paddingInline: 1, textAlign: 'center' }}
                >
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {translate(`${T}.${key}`)}
                  </Typography>
                  <Typography component="dd" variant="h6" sx={{ margin: 0, color, fontWeight: 700 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ) : null}
      </Box>
    </AdminCard>
  );
};

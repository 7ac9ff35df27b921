import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Skeleton, TextField, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/EditOutlined';
import SavedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import PendingIcon from '@mui/icons-material/ScheduleOutlined';
import FailedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import { AUTO_REPLY_AUTOSAVE_DELAY_MS } from '@shared/constants';
import type {} from '@shared/templates';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { errorMessage } from '../../providers/errorMessage';
import { Autosaver, type FieldSaveState } from './autosave';
import { AUTO_REPLY_VARIABLES, type AutoReplyValues, type AutoReplyVariable } from './autoReplyPreview';
import { PreviewCard } from './AutoReplyPreviewCard';
import { LoadFailed } from '../../components/LoadFailed';
const VARIABLES_KEY = ['admin', 'auto-response-variables'] as const;
const TEMPLATE_KEY = ['admin', 'template-info', 'autoReply'] as const;
/** The server's limit for one variable (AutoReplyVariableDto). */
const VALUE_MAX_LENGTH = 300;
/** Fields typed left to right (a link and phone numbers). */
const LTR_FIELDS: ReadonlySet<AutoReplyVariable> = new Set(['website', 'phone1', 'phone2']);
const IDLE: FieldSaveState = { status: 'idle', error: null };

const fieldLabel = (variable: AutoReplyVariable) => `app.auto_response_page.fields.${variable}.label`;

/**
 * Why a save failed: the server's message for the field (e.g. «قيمة المتغير مطلوبة», or the phone rule's
 * message named by phone1/phone2), else its general message.
 */
function saveErrorText(error: unknown, translate: TranslateFunction): string {
  const fields = isApiError(error) ? error.envelope?.errors : undefined;
  const specific = fields ? Object.values(fields).find(Boolean) : undefined;
  return specific || errorMessage(error, translate, 'app.auto_response_page.save_failed');
}

/**
 * /admin/whatsapp-auto-response and /admin/auto-response-management (spec: admin-side sections 2, 7, 9):
 * the five variables of the approved auto-reply template, each saved on its own 1000 ms after its last
 * edit, and a live WhatsApp-style preview in which only the variables are editable.
 * Waiting edits are sent when the page is left (unmount, tab hidden or closed), so none is lost.
 */
export const AutoResponsePage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [values, setValues] = useState<AutoReplyValues | null>(null);
  const [states, setStates] = useState<Partial<Record<AutoReplyVariable, FieldSaveState>>>({});

  const variables = useQuery({
    queryKey: VARIABLES_KEY,
    queryFn: ({ signal }) => dataProvider.getAutoResponseVariables(signal).then(({ data }) => data),
    // The fields start from what the server holds now, never from an older cached answer.
    refetchOnMount: 'always',
    gcTime: 0,
  });
  const template = useQuery({
    queryKey: TEMPLATE_KEY,
    queryFn: async ({ signal }) => {
      const { data: info } = await dataProvider.getTemplateInfo(signal);
      const components = info?.templates?.autoReply?.components;
      if (!Array.isArray(components) || components.length === 0) throw new Error('app.auto_response_page.template_failed');
      return components;
    },
  });

  // Toast texts read through a ref: a save started before leaving the page may fail after it.
  const latest = useRef({ translate, notify });
  latest.current = { translate, notify };

  const [saver] = useState(
    () =>
      new Autosaver<AutoReplyVariable>({
        delayMs: AUTO_REPLY_AUTOSAVE_DELAY_MS,
        save: (key, value, { keepalive }) => dataProvider.saveAutoResponseVariable(key, value, keepalive),
        onState: (key, state) => setStates((prev) => ({ ...prev, [key]: state })),
        onError: (key, error) => {
          const { translate: t, notify: n } = latest.current;
          const message = t('app.auto_response_page.save_failed_field', {
            field: t(fieldLabel(key)),
            message: saveErrorText(error, t),
          });
          n(message, { type: 'error', messageArgs: { _: message } });
        },
      }),
  );

  // The fields take the stored values once, from this visit's own answer.
  const loaded = variables.isSuccess && variables.isFetchedAfterMount ? variables.data : undefined;
  useEffect(() => {
    if (!loaded || values) return;
    const initial = Object.fromEntries(AUTO_REPLY_VARIABLES.map((k) => [k, loaded.variables?.[k] ?? ''])) as AutoReplyValues;
    for (const k of AUTO_REPLY_VARIABLES) saver.setSaved(k, initial[k]);
    setValues(initial);
  }, [loaded, values, saver]);

  // Never lose an edit: send what is waiting when the page goes away.
  useEffect(() => {
    const leave = () => saver.flush({ keepalive: true });
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      saver.flush();
    };
  }, [saver]);

  const change = useCallback(
    (key: AutoReplyVariable, value: string) => {
      setValues((prev) => (prev ? { ...prev, [key]: value } : prev));
      // The server keeps the value trimmed; a value that only gains spaces is not a change.
      saver.edit(key, value.trim());
    },
    [saver],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.auto_response_page.title" />
      <Box>
        <Typography variant="h5" component="h1">
          {translate('app.auto_response_page.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ marginBlockStart: 0.5 }}>
          {translate('app.auto_response_page.intro')}
        </Typography>
      </Box>

      {variables.isError ? (
        <LoadFailed title="app.auto_response_page.load_failed" error={variables.error} onRetry={variables.refetch} />
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Card component="section" aria-labelledby="auto-reply-variables-title" sx={{ minWidth: 0 }}>
          <CardContent sx={{ padding: { xs: 2, sm: 3 }, '&:last-child': { paddingBlockEnd: { xs: 2, sm: 3 } } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, marginBlockEnd: 0.5 }}>
              <EditIcon color="primary" aria-hidden />
              <Typography id="auto-reply-variables-title" variant="h6" component="h2">
                {translate('app.auto_response_page.variables_title')}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
              {translate('app.auto_response_page.variables_hint')}
            </Typography>
            {values
              ? AUTO_REPLY_VARIABLES.map((key) => (
                  <VariableField
                    key={key}
                    variable={key}
                    value={values[key]}
                    state={states[key] ?? IDLE}
                    onChange={change}
                    onRetry={() => saver.retry(key, values[key].trim())}
                  />
                ))
              : variables.isError
                ? null
                : AUTO_REPLY_VARIABLES.map((key) => <Skeleton key={key} variant="rounded" height={56} sx={{ marginBlock: 2.5 }} />)}
          </CardContent>
        </Card>

        <Box sx={{ position: { md: 'sticky' }, top: { md: 72 }, minWidth: 0 }}>
          <PreviewCard values={values} template={template} />
        </Box>
      </Box>
    </Box>
  );
};

interface VariableFieldProps {
  variable: AutoReplyVariable;
  value: string;
  state: FieldSaveState;
  onChange(key: AutoReplyVariable, value: string): void;
  onRetry(): void;
}

const VariableField = ({ variable, value, state, onChange, onRetry }: VariableFieldProps) => {
  const translate = useTranslate();
  const id = `auto-reply-${variable}`;
  const failed = state.status === 'failed';
  return (
    <Box data-testid={`variable-${variable}`} data-save-status={state.status} sx={{ marginBlockEnd: 1.5 }}>
      <TextField
        id={id}
        name={variable}
        label={translate(fieldLabel(variable))}
        value={value}
        onChange={(e) => onChange(variable, e.target.value)}
        error={failed}
        sx={{ marginBlockEnd: 0.25 }}
        slotProps={{
          htmlInput: {
            maxLength: VALUE_MAX_LENGTH,
            dir: LTR_FIELDS.has(variable) ? 'ltr' : undefined,
            inputMode: variable === 'phone1' || variable === 'phone2' ? 'tel' : variable === 'website' ? 'url' : undefined,
            'aria-describedby': `${id}-hint ${id}-status`,
          },
        }}
      />
      {/* The hint on the line's start, the save state on its end (one line when both fit). */}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, minHeight: 24, paddingInline: 1.75 }}>
        <Typography id={`${id}-hint`} variant="caption" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {translate(`app.auto_response_page.fields.${variable}.hint`)}
        </Typography>
        <Box
          id={`${id}-status`}
          role="status"
          aria-live="polite"
          sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
        >
          <SaveStatusLine state={state} />
          {failed ? (
            <Button size="small" color="error" onClick={onRetry} sx={{ minHeight: 44, paddingInline: 1 }}>
              {translate('app.auto_response_page.retry')}
            </Button>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
};

const SaveStatusLine = ({ state }: { state: FieldSaveState }) => {
  const translate = useTranslate();
  const line = (icon: React.ReactNode, text: string, color: string) => (
    <Typography variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color, overflowWrap: 'anywhere' }}>
      {icon}
      {text}
    </Typography>
  );
  switch (state.status) {
    case 'pending':
      return line(<PendingIcon sx={{ fontSize: 16 }} aria-hidden />, translate('app.auto_response_page.status.pending'), 'text.secondary');
    case 'saving':
      return line(<CircularProgress size={14} aria-hidden />, translate('app.auto_response_page.status.saving'), 'text.secondary');
    case 'saved':
      return line(<SavedIcon sx={{ fontSize: 16 }} aria-hidden />, translate('app.auto_response_page.status.saved'), 'success.dark');
    case 'failed':
      return line(
        <FailedIcon sx={{ fontSize: 16 }} aria-hidden />,
        translate('app.auto_response_page.status.failed', {
          message: saveErrorText(state.error, translate),
        }),
        'error.main',
      );
    default:
      return null;
  }
};

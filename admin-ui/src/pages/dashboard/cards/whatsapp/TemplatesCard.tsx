import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  FormControlLabel,
  Skeleton,
  Switch,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import TemplatesIcon from '@mui/icons-material/ArticleOutlined';
import ExpandIcon from '@mui/icons-material/ExpandMore';
import CompliantIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import IssueIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { CharityDataProvider } from '../../../../providers/customMethods';
import { failureText } from '../../../../providers/errorMessage';
import { Ltr } from '../../../../components/Ltr';
import { AdminCard } from '../AdminCard';
import { TemplatePreview } from './TemplatePreview';
import {
  knownLabelKey,
  orderedComponents,
  splitPlaceholders,
  templateRows,
  TEMPLATE_INFO_QUERY_KEY,
  type TemplateInfo,
  type TemplateRow,
} from './templates';
import { LoadFailed } from '../../../../components/LoadFailed';

const T = 'app.whatsapp_cards.templates';

type TabName = 'list' | 'preview';

/**
 * Dashboard card: the eight WhatsApp templates (GET /api/admin/template-info) with their details,
 * components and WhatsApp compliance; a preview with example values; and the template-mode switch
 * (POST /api/admin/toggle-template-mode).
 */
export const TemplatesCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [tab, setTab] = useState<TabName>('list');
  const [confirming, setConfirming] = useState(false);

  const info = useQuery({
    queryKey: TEMPLATE_INFO_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.getTemplateInfo(signal).then(({ data }) => data),
  });
  const rows = templateRows(info.data);
  const useTemplates = info.data?.useTemplates !== false;

  const toggle = useMutation({
    mutationFn: (next: boolean) => dataProvider.setTemplateMode(next).then(({ data }) => data),
    onSuccess: (data, next) => {
      const now = typeof data?.useTemplates === 'boolean' ? data.useTemplates : next;
      const message = data?.message || translate(now ? `${T}.mode_enabled` : `${T}.mode_disabled`);
      notify(message, { type: 'success', messageArgs: { _: message } });
      queryClient.setQueryData<TemplateInfo>(TEMPLATE_INFO_QUERY_KEY, (old) => (old ? { ...old, useTemplates: now } : old));
      // The switch shows the answer at once; the templates' details read again.
      refresh();
    },
    onError: (error) => {
      const message = failureText(error, translate, `${T}.mode_failed`);
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });

  const badge = info.data ? (
    <Chip
      size="small"
      variant="outlined"
      color={info.data.metaCompliant === info.data.totalTemplates ? 'success' : 'warning'}
      label={translate(`${T}.compliant_count`, { compliant: info.data.metaCompliant, total: info.data.totalTemplates })}
      data-testid="templates-compliance-count"
    />
  ) : null;

  return (
    <AdminCard id="templates-card-title" title={translate(`${T}.title`)} icon={<TemplatesIcon />} badge={badge}>
      {info.isPending ? (
        <Skeleton height={160} />
      ) : info.isError ? (
        <LoadFailed error={info.error} onRetry={info.refetch} />
      ) : (
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, paddingInline: 1.5, paddingBlock: 1 }}>
            <FormControlLabel
              control={
                <Switch
                  name="useTemplates"
                  checked={useTemplates}
                  disabled={toggle.isPending}
                  onChange={(_event, checked) => (checked ? toggle.mutate(true) : setConfirming(true))}
                />
              }
              label={translate(`${T}.mode`)}
              sx={{ marginInline: 0, gap: 1, minHeight: 44, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
            />
            <Typography variant="body2" color={useTemplates ? 'text.secondary' : 'warning.main'} data-testid="template-mode-state">
              {translate(useTemplates ? `${T}.mode_on` : `${T}.mode_off`)}
            </Typography>
          </Box>

          <Tabs
            value={tab}
            onChange={(_event, value: TabName) => setTab(value)}
            aria-label={translate(`${T}.tabs_label`)}
            variant="fullWidth"
            sx={{ marginBlockStart: 1.5, borderBlockEnd: 1, borderColor: 'divider' }}
          >
            {(['list', 'preview'] as const).map((name) => (
              <Tab
                key={name}
                value={name}
                id={`templates-tab-${name}`}
                aria-controls={`templates-panel-${name}`}
                label={translate(`${T}.tab_${name}`)}
                sx={{ minHeight: 44 }}
              />
            ))}
          </Tabs>

          <Box
            role="tabpanel"
            id={`templates-panel-${tab}`}
            aria-labelledby={`templates-tab-${tab}`}
            sx={{ paddingBlockStart: 1.5, minWidth: 0 }}
          >
            {rows.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate(`${T}.empty`)}
              </Typography>
            ) : tab === 'list' ? (
              <Box data-testid="templates-list">
                {rows.map((row) => (
                  <TemplateItem key={row.key} row={row} provider={info.data?.provider} />
                ))}
              </Box>
            ) : (
              <TemplatePreview rows={rows} />
            )}
          </Box>
        </Box>
      )}
      <Confirm
        isOpen={confirming}
        title={translate(`${T}.confirm_disable_title`)}
        content={translate(`${T}.confirm_disable`)}
        confirm={translate(`${T}.disable`)}
        confirmColor="warning"
        onConfirm={() => {
          if (!confirming) return; // a click on the closing dialog
          setConfirming(false);
          toggle.mutate(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </AdminCard>
  );
};

/**
 * One template: a summary line with its compliance, and the details when opened (open at first when
 * not compliant). With Meta the provider's reference is the approved name and language, not a content SID.
 */
const TemplateItem = ({ row, provider }: { row: TemplateRow; provider: TemplateInfo['provider'] | undefined }) => {
  const translate = useTranslate();
  const { key, template, compliance } = row;
  const label = (group: Parameters<typeof knownLabelKey>[0], value: string) => {
    const known = knownLabelKey(group, value);
    return known ? translate(known) : value;
  };
  const compliant = compliance?.isCompliant === true;
  const headingId = `template-${key}-heading`;

  return (
    <Accordion
      disableGutters
      defaultExpanded={compliance !== null && !compliant}
      data-testid={`template-${key}`}
      sx={{ '&:before': { display: 'none' }, border: 1, borderColor: 'divider', borderRadius: 2, marginBlockEnd: 1, boxShadow: 'none' }}
    >
      <AccordionSummary
        expandIcon={<ExpandIcon />}
        aria-controls={`template-${key}-details`}
        id={headingId}
        sx={{ minHeight: 52, '& .MuiAccordionSummary-content': { minWidth: 0, alignItems: 'center', gap: 1, flexWrap: 'wrap' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {label('names', key)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Ltr>{template.name}</Ltr>
          </Typography>
        </Box>
        <Chip
          size="small"
          icon={compliant ? <CompliantIcon /> : <IssueIcon />}
          color={compliance === null ? 'default' : compliant ? 'success' : 'error'}
          variant={compliant ? 'outlined' : 'filled'}
          label={translate(compliance === null ? `${T}.compliance_unknown` : compliant ? `${T}.compliant` : `${T}.not_compliant`)}
          data-testid={`template-${key}-compliance`}
        />
      </AccordionSummary>
      <AccordionDetails id={`template-${key}-details`} sx={{ paddingBlockStart: 0 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))',
            gap: 1,
            margin: 0,
            '& > div': { minWidth: 0 },
            '& dt': { color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.6 },
            '& dd': { margin: 0, overflowWrap: 'anywhere', fontWeight: 600, fontSize: '0.875rem' },
          }}
        >
          <div>
            <dt>{translate(`${T}.template_name`)}</dt>
            <dd>
              <Ltr>{template.name}</Ltr>
            </dd>
          </div>
          <div>
            <dt>{translate(`${T}.language`)}</dt>
            <dd>{label('languages', template.language)}</dd>
          </div>
          <div>
            <dt>{translate(`${T}.category`)}</dt>
            <dd>{label('categories', template.category)}</dd>
          </div>
          <div>
            <dt>{translate(`${T}.placeholders`)}</dt>
            <dd>{template.placeholdersCount}</dd>
          </div>
          {provider === 'meta' ? (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <dt>{translate(`${T}.meta_template`)}</dt>
              <dd data-testid={`template-${key}-meta-name`}>
                <Ltr>{`${template.name} · ${template.language}`}</Ltr>
                <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary', fontSize: '0.75rem' }}>
                  {translate(`${T}.meta_template_hint`)}
                </Box>
              </dd>
            </Box>
          ) : (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <dt>{translate(`${T}.content_sid`)}</dt>
              <dd data-testid={`template-${key}-sid`}>
                {template.contentSid ? (
                  <Ltr>{template.contentSid}</Ltr>
                ) : (
                  <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                    {translate(`${T}.content_sid_missing`)}
                  </Box>
                )}
              </dd>
            </Box>
          )}
        </Box>

        <Typography variant="body2" component="h5" sx={{ fontWeight: 700, marginBlockStart: 1.5, marginBlockEnd: 0.5 }}>
          {translate(`${T}.components`)}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {orderedComponents(template.components).map((component, index) => (
            <Box
              key={`${component.type}-${index}`}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
                paddingInline: 1.25,
                paddingBlock: 0.75,
                bgcolor: 'background.default',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginBlockEnd: 0.25 }}>
                <Typography variant="caption" sx={{ fontWeight: 700, color: 'primary.dark' }}>
                  {label('component_types', component.type)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: '0.7rem' }}>
                  <Ltr>{component.type}</Ltr>
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <WithPlaceholders text={component.text} />
              </Typography>
            </Box>
          ))}
        </Box>

        {compliance === null ? null : compliant ? (
          <Alert severity="success" sx={{ marginBlockStart: 1.5 }}>
            {translate(`${T}.compliance_ok`)}
          </Alert>
        ) : (
          <Alert
            severity="error"
            sx={{ marginBlockStart: 1.5, alignItems: 'flex-start', '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
            data-testid={`template-${key}-issues`}
          >
            <Typography variant="body2" component="h5" sx={{ fontWeight: 700 }}>
              {translate(`${T}.issues`)}
            </Typography>
            <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5 }}>
              {compliance.issues.map((issue) => (
                <li key={issue}>
                  <WithPlaceholders text={issue} />
                </li>
              ))}
            </Box>
            {compliance.recommendations.length ? (
              <>
                <Typography variant="body2" component="h5" sx={{ fontWeight: 700, marginBlockStart: 1 }}>
                  {translate(`${T}.recommendations`)}
                </Typography>
                <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5 }}>
                  {compliance.recommendations.map((recommendation) => (
                    <li key={recommendation}>
                      <WithPlaceholders text={recommendation} />
                    </li>
                  ))}
                </Box>
              </>
            ) : null}
          </Alert>
        )}
      </AccordionDetails>
    </Accordion>
  );
};

/** Text with its {{n}} placeholders kept left to right and marked, so «{{1}}،» does not turn into «،}}1{{». */
const WithPlaceholders = ({ text }: { text: string }) => (
  <>
    {splitPlaceholders(text).map((part, index) =>
      part.placeholder ? (
        <Box
          key={index}
          component="bdi"
          dir="ltr"
          sx={{ fontFamily: 'monospace', fontSize: '0.85em', bgcolor: 'action.hover', borderRadius: 0.5, paddingInline: 0.25 }}
        >
          {part.text}
        </Box>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ImpactReport } from '@shared/api/reports';
import { checkImpactReport } from '@shared/impact';
import { IMPACT_PERIOD_TYPES, IMPACT_PERIOD_TYPE_LABELS } from '@shared/labels';
import { riyadhDateString } from '@shared/time';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { createImpactReport, suggestedRange, type NewImpactReport } from './impactApi';

const emptyStory = () => ({ title: '', description: '', impact: '' });

/** The create form (spec: admin-side section 5, Impact report): title and dates required, the rest optional. */
export const CreateImpactReportDialog = ({ onClose }: { onClose: (created: ImpactReport | null) => void }) => {
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const today = riyadhDateString(new Date());
  const initial = suggestedRange('monthly', today)!;
  const [form, setForm] = useState<NewImpactReport>({ title: '', description: '', periodType: 'monthly', ...initial, impactStories: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<NewImpactReport>) => {
    setForm({ ...form, ...patch });
    setErrors({});
  };

  const save = async () => {
    // The server's own rules (src/shared/impact.ts), checked before the call.
    const checked = checkImpactReport({ ...form, impactStories: form.impactStories.filter((st) => st.title.trim()) });
    if ('errors' in checked) return setErrors(checked.errors as Record<string, string>);
    setSaving(true);
    try {
      const created = await createImpactReport(dataProvider, { ...form, impactStories: form.impactStories.filter((s) => s.title.trim()) });
      notify(translate('app.impact_reports_list.created'), { type: 'success' });
      onClose(created);
    } catch (error) {
      if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors as Record<string, string>);
      // Spec §8 word for word, then the server's message when there is one.
      const message = isApiError(error)
        ? translate('app.impact_reports_list.create_failed_with', { message: error.message })
        : translate('app.impact_reports_list.create_failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="create-report-title" maxWidth="sm" fullWidth>
      <DialogTitle id="create-report-title">{translate('app.impact_reports_list.create_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
        <TextField
          label={translate('app.impact_reports_list.report_title')}
          required
          value={form.title}
          onChange={(e) => set({ title: e.target.value })}
          error={!!errors.title}
          helperText={errors.title}
        />
        <TextField
          label={translate('app.impact_reports_list.description_optional')}
          multiline
          minRows={2}
          value={form.description}
          onChange={(e) => set({ description: e.target.value })}
          error={!!errors.description}
          helperText={errors.description}
        />
        <TextField
          select
          label={translate('app.impact_reports_list.period_type')}
          value={form.periodType}
          onChange={(e) => set({ periodType: e.target.value, ...(suggestedRange(e.target.value, today) ?? {}) })}
          helperText={translate('app.impact_reports_list.period_type_hint')}
        >
          {IMPACT_PERIOD_TYPES.map((p) => (
            <MenuItem key={p} value={p}>
              {IMPACT_PERIOD_TYPE_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextField
            type="date"
            label={translate('app.impact_reports_list.start_date')}
            required
            value={form.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
            error={!!errors.startDate}
            helperText={errors.startDate}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            type="date"
            label={translate('app.impact_reports_list.end_date')}
            required
            value={form.endDate}
            onChange={(e) => set({ endDate: e.target.value })}
            error={!!errors.endDate}
            helperText={errors.endDate}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
          />
        </Box>
        <Typography variant="subtitle2" component="h3">
          {translate('app.impact_reports_list.stories')}
        </Typography>
        {form.impactStories.map((story, i) => (
          <Box key={i} sx={{ display: 'grid', gap: 1, padding: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                label={translate('app.impact_reports_list.story_title')}
                fullWidth
                value={story.title}
                onChange={(e) => set({ impactStories: form.impactStories.map((s, j) => (j === i ? { ...s, title: e.target.value } : s)) })}
              />
              <IconButton
                aria-label={translate('app.impact_reports_list.delete_story', { number: i + 1 })}
                onClick={() => set({ impactStories: form.impactStories.filter((_, j) => j !== i) })}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
            <TextField
              size="small"
              label={translate('app.impact_reports_list.story_description')}
              multiline
              value={story.description}
              onChange={(e) =>
                set({ impactStories: form.impactStories.map((s, j) => (j === i ? { ...s, description: e.target.value } : s)) })
              }
            />
            <TextField
              size="small"
              label={translate('app.impact_reports_list.story_impact')}
              value={story.impact}
              onChange={(e) => set({ impactStories: form.impactStories.map((s, j) => (j === i ? { ...s, impact: e.target.value } : s)) })}
            />
          </Box>
        ))}
        {errors.impactStories && <Typography color="error">{errors.impactStories}</Typography>}
        {form.impactStories.length < 10 && (
          <Button sx={{ justifySelf: 'start' }} onClick={() => set({ impactStories: [...form.impactStories, emptyStory()] })}>
            {translate('app.impact_reports_list.add_story')}
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          {translate('app.impact_reports_list.create_note')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{translate('app.common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('app.impact_reports_list.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FoodCalculationSettings } from '@shared/api/reports';
import { FOOD_CALCULATION_EXAMPLE_ATTENDEES, FOOD_SETTINGS_REFETCH_INTERVAL_MS, KG_PER_MEAL, MEALS_PER_FAMILY } from '@shared/constants';
import { toWesternDigits } from '@shared/digits';
import { checkFoodSettings, exampleKg } from '@shared/food-calculation';
import { FOOD_CALCULATION_METHODS, FOOD_CALCULATION_METHOD_LABELS, type FoodCalculationMethod } from '@shared/labels';
import { ActorName } from '../../components/ActorName';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { formatInstant } from './format';
import { LoadFailed } from '../../components/LoadFailed';

const KEY = ['admin', 'food-calculation-settings'] as const;

interface Form {
  calculationMethod: FoodCalculationMethod;
  manualAmount: string;
  formulaMultiplier: string;
  description: string;
}

// Text inputs (a number input cannot hold ٠-٩ or ۰-۹): typed digits and the Arabic decimal point become Western.
const typedNumber = (text: string) => toWesternDigits(text).replace(/\u066b/g, '.');

const formOf = (s: FoodCalculationSettings): Form => ({
  calculationMethod: s.calculationMethod,
  manualAmount: s.manualAmount == null ? '' : String(s.manualAmount),
  formulaMultiplier: String(s.formulaMultiplier),
  description: s.description,
});

/** /admin/main, food-calculation tab (spec: admin-side sections 2, 5 and 7). Refetched every 30 s. */
export const FoodCalculationTab = () => {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: KEY,
    queryFn: () => dataProvider.getFoodCalculationSettings().then(({ data: settings }) => settings),
    refetchInterval: FOOD_SETTINGS_REFETCH_INTERVAL_MS,
  });
  const [form, setForm] = useState<Form | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // A refetch shows another administrator's change, but never overwrites what is being typed.
  useEffect(() => {
    if (data && !dirty) setForm(formOf(data));
  }, [data, dirty]);

  if (isPending) return <Skeleton variant="rounded" height={320} />;
  if (isError || !data || !form) return <LoadFailed message="app.food_calculation.load_failed" onRetry={refetch} />;

  const edit = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setDirty(true);
    setErrors({});
  };
  const checked = checkFoodSettings({ ...form }, { manualAmount: data.manualAmount, formulaMultiplier: data.formulaMultiplier });
  const example = 'value' in checked ? exampleKg(checked.value) : null;

  const save = async () => {
    if ('errors' in checked) return setErrors(checked.errors as Record<string, string>);
    setSaving(true);
    try {
      const { data: result } = await dataProvider.saveFoodCalculationSettings(checked.value);
      queryClient.setQueryData(KEY, result.settings);
      setDirty(false);
      notify(result.message, { type: 'success' });
    } catch (error) {
      if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors as Record<string, string>);
      notify(isApiError(error) ? error.message : translate('app.food_calculation.save_failed'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2.5, padding: { xs: 2.5, sm: 4 }, maxWidth: 760 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {translate('app.food_calculation.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.food_calculation.intro')}
          </Typography>
        </Box>
        <FormControl>
          <FormLabel id="food-method-label">{translate('app.food_calculation.method')}</FormLabel>
          <RadioGroup
            aria-labelledby="food-method-label"
            value={form.calculationMethod}
            onChange={(e) => edit({ calculationMethod: e.target.value as FoodCalculationMethod })}
          >
            {FOOD_CALCULATION_METHODS.map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={FOOD_CALCULATION_METHOD_LABELS[m]} />
            ))}
          </RadioGroup>
        </FormControl>
        {form.calculationMethod === 'formula' ? (
          <TextField
            label={translate('app.food_calculation.multiplier')}
            value={form.formulaMultiplier}
            onChange={(e) => edit({ formulaMultiplier: typedNumber(e.target.value) })}
            error={Boolean(errors.formulaMultiplier)}
            helperText={errors.formulaMultiplier ?? translate('app.food_calculation.multiplier_hint')}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        ) : (
          <TextField
            label={translate('app.food_calculation.manual')}
            value={form.manualAmount}
            onChange={(e) => edit({ manualAmount: typedNumber(e.target.value) })}
            error={Boolean(errors.manualAmount)}
            helperText={errors.manualAmount ?? translate('app.food_calculation.manual_hint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
        )}
        <TextField
          label={translate('app.food_calculation.description')}
          value={form.description}
          onChange={(e) => edit({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description}
          multiline
          minRows={2}
        />
        <Alert severity="info" icon={false}>
          {example === null
            ? translate('app.food_calculation.example_invalid')
            : translate('app.food_calculation.example', {
                attendees: FOOD_CALCULATION_EXAMPLE_ATTENDEES,
                kg: example,
                meals: Math.floor(example / KG_PER_MEAL),
                families: Math.floor(example / KG_PER_MEAL / MEALS_PER_FAMILY),
              })}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={save} disabled={saving || !dirty}>
            {translate('app.food_calculation.save')}
          </Button>
          {data.updatedAt && (
            <Typography variant="caption" color="text.secondary">
              {translate('app.food_calculation.updated', { date: formatInstant(data.updatedAt) })}
              {data.updatedBy ? (
                <>
                  {' '}
                  {translate('app.shared.by')} <ActorName name={data.updatedBy} />
                </>
              ) : null}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};

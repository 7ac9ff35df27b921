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
import { useNotify } from 'react-admin';
import type { FoodCalculationSettings } from '@shared/api/reports';
import { FOOD_CALCULATION_EXAMPLE_ATTENDEES, FOOD_SETTINGS_REFETCH_INTERVAL_MS, KG_PER_MEAL, MEALS_PER_FAMILY } from '@shared/constants';
import { toWesternDigits } from '@shared/digits';
import { checkFoodSettings, exampleKg } from '@shared/food-calculation';
import { FOOD_CALCULATION_METHODS, FOOD_CALCULATION_METHOD_LABELS, type FoodCalculationMethod } from '@shared/labels';
import { ActorName } from '../../components/ActorName';
import { apiRequest, isApiError } from '../../providers/httpClient';
import { formatInstant } from './format';

const KEY = ['admin', 'food-calculation-settings'] as const;
const fetchSettings = () => apiRequest<FoodCalculationSettings>('/api/admin/food-calculation-settings');

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
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: KEY,
    queryFn: fetchSettings,
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
  if (isError || !data || !form)
    return (
      <Alert severity="error" action={<Button onClick={() => refetch()}>إعادة المحاولة</Button>}>
        تعذّر تحميل إعدادات حساب الطعام
      </Alert>
    );

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
      const result = await apiRequest<{ message: string; settings: FoodCalculationSettings }>('/api/admin/food-calculation-settings', {
        method: 'PUT',
        json: checked.value,
      });
      queryClient.setQueryData(KEY, result.settings);
      setDirty(false);
      notify(result.message, { type: 'success' });
    } catch (error) {
      if (isApiError(error) && error.envelope?.errors) setErrors(error.envelope.errors as Record<string, string>);
      notify(isApiError(error) ? error.message : 'تعذّر حفظ الإعدادات', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2.5, padding: { xs: 2.5, sm: 4 }, maxWidth: 760 }}>
        <Box>
          <Typography variant="h6" component="h2">
            حساب كمية الطعام المحفوظ
          </Typography>
          <Typography variant="body2" color="text.secondary">
            تحدد هذه الإعدادات كم كيلوجراماً يُحتسب لكل طلب مكتمل لم يُوزن، وتتغير بها الإحصائيات وأرقام الصفحة الرئيسية. الوزن الفعلي المسجل
            عند الإكمال يحل محل التقدير دائماً.
          </Typography>
        </Box>
        <FormControl>
          <FormLabel id="food-method-label">طريقة الحساب</FormLabel>
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
            label="المعامل (كجم لكل شخص)"
            value={form.formulaMultiplier}
            onChange={(e) => edit({ formulaMultiplier: typedNumber(e.target.value) })}
            error={Boolean(errors.formulaMultiplier)}
            helperText={errors.formulaMultiplier ?? 'كمية الطعام المتوقعة لكل شخص من الحضور، 0.1 على الأقل'}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
        ) : (
          <TextField
            label="الكمية اليدوية (كجم لكل طلب مكتمل)"
            value={form.manualAmount}
            onChange={(e) => edit({ manualAmount: typedNumber(e.target.value) })}
            error={Boolean(errors.manualAmount)}
            helperText={errors.manualAmount ?? 'رقم صحيح أكبر من صفر'}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
        )}
        <TextField
          label="الوصف"
          value={form.description}
          onChange={(e) => edit({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description}
          multiline
          minRows={2}
        />
        <Alert severity="info" icon={false}>
          {example === null
            ? 'أدخل قيمة صحيحة لعرض المثال.'
            : `مثال: مناسبة حضرها ${FOOD_CALCULATION_EXAMPLE_ATTENDEES} شخص تُحتسب ${example} كجم من الطعام المحفوظ، أي نحو ${Math.floor(example / KG_PER_MEAL)} وجبة و${Math.floor(example / KG_PER_MEAL / MEALS_PER_FAMILY)} أسرة (تقديري).`}
        </Alert>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={save} disabled={saving || !dirty}>
            حفظ الإعدادات
          </Button>
          {data.updatedAt && (
            <Typography variant="caption" color="text.secondary">
              آخر تعديل {formatInstant(data.updatedAt)}
              {data.updatedBy ? (
                <>
                  {' '}
                  بواسطة <ActorName name={data.updatedBy} />
                </>
              ) : null}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};

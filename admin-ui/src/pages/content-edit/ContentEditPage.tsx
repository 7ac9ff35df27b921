import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { DropdownLists } from '@shared/api/content-admin';
import { PageTitle } from '../../components/PageTitle';
import { apiRequest, isApiError } from '../../providers/httpClient';
import { CONTENT_GROUPS, LISTED_KEYS } from './contentFields';
import { ContentField } from './ContentField';
import { DropdownListEditor } from './DropdownListEditor';

const withMessage = (title: string, error: unknown) => (isApiError(error) ? `${title}: ${error.message}` : title);

/** /admin/content-edit: every site text and the two dropdown lists (spec: admin-side section 2). */
export const ContentEditPage = () => {
  const notify = useNotify();
  const content = useQuery({ queryKey: ['content'], queryFn: () => apiRequest<{ key: string; value: string | null }[]>('/api/content') });
  const lists = useQuery({
    queryKey: ['admin', 'dropdown-options'],
    queryFn: () => apiRequest<DropdownLists>('/api/admin/dropdown-options'),
  });
  const [draft, setDraft] = useState<DropdownLists | null>(null);
  const [savingLists, setSavingLists] = useState(false);
  useEffect(() => {
    if (lists.data) setDraft(lists.data);
  }, [lists.data]);

  const saveContent = async (key: string, value: string): Promise<string | null> => {
    try {
      const result = await apiRequest<{ value: string }>('/api/content', { method: 'POST', json: { key, value, type: 'text' } });
      notify('تم حفظ المحتوى بنجاح', { type: 'success' });
      return result.value;
    } catch (error) {
      notify(withMessage('فشل في حفظ المحتوى', error), { type: 'error' });
      return null;
    }
  };

  const saveLists = async () => {
    if (!draft) return;
    setSavingLists(true);
    try {
      const saved = await apiRequest<DropdownLists>('/api/admin/dropdown-options', { method: 'PUT', json: draft });
      setDraft({ eventTypes: saved.eventTypes, foodTypes: saved.foodTypes });
      notify('تم حفظ خيارات القوائم بنجاح', { type: 'success' });
    } catch (error) {
      notify(withMessage('فشل في حفظ خيارات القوائم', error), { type: 'error' });
    } finally {
      setSavingLists(false);
    }
  };

  const values = new Map((content.data ?? []).map((c) => [c.key, c.value ?? '']));
  const others = (content.data ?? []).filter((c) => !LISTED_KEYS.has(c.key));

  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960 }}>
      <PageTitle title="app.page.content_edit.title" />
      <Typography variant="h5" component="h1">
        محتوى الموقع
      </Typography>
      {content.isError && (
        <Alert severity="error" action={<Button onClick={() => void content.refetch()}>إعادة المحاولة</Button>}>
          تعذّر تحميل المحتوى
        </Alert>
      )}
      {content.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        [...CONTENT_GROUPS, ...(others.length ? [{ title: 'أخرى', fields: others.map((o) => ({ key: o.key, label: o.key })) }] : [])].map(
          (group) => (
            <Card component="section" key={group.title} aria-label={group.title}>
              <CardContent sx={{ display: 'grid', gap: 2 }}>
                <Typography variant="h6" component="h2">
                  {group.title}
                </Typography>
                {group.fields
                  .filter((f) => values.has(f.key))
                  .map((f) => (
                    <ContentField
                      key={f.key}
                      label={f.label}
                      initial={values.get(f.key) ?? ''}
                      multiline={'multiline' in f ? f.multiline : false}
                      phone={f.key === 'contact_phone'}
                      onSave={(v) => saveContent(f.key, v)}
                    />
                  ))}
              </CardContent>
            </Card>
          ),
        )
      )}

      <Card component="section" aria-label="خيارات القوائم">
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2">
            خيارات القوائم
          </Typography>
          {lists.isError && (
            <Alert severity="error" action={<Button onClick={() => void lists.refetch()}>إعادة المحاولة</Button>}>
              تعذّر تحميل القوائم
            </Alert>
          )}
          {!draft ? (
            <Skeleton variant="rounded" height={120} />
          ) : (
            <>
              <DropdownListEditor
                title="أنواع المناسبات"
                items={draft.eventTypes}
                onChange={(eventTypes) => setDraft({ ...draft, eventTypes })}
              />
              <DropdownListEditor
                title="أنواع الطعام"
                items={draft.foodTypes}
                onChange={(foodTypes) => setDraft({ ...draft, foodTypes })}
              />
              <Box>
                <Button
                  variant="contained"
                  onClick={saveLists}
                  disabled={savingLists || !draft.eventTypes.length || !draft.foodTypes.length}
                >
                  حفظ القوائم
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';
import { useNotifyError } from '../../providers/useNotifyError';
import { CONTENT_GROUPS, LISTED_KEYS } from './contentFields';
import { ContentField, type SaveOutcome } from './ContentField';
import { PHONE_CONTENT_KEYS } from '@shared/content-keys';
import { DropdownListsCard } from './DropdownListsCard';
import { LoadFailed } from '../../components/LoadFailed';

/** /admin/content-edit: every site text and the two dropdown lists (spec: admin-side section 2). */
export const ContentEditPage = () => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const content = useQuery({
    queryKey: ['content'],
    queryFn: () => dataProvider.getContentTexts().then(({ data }) => data),
  });

  const saveContent = async (key: string, value: string): Promise<SaveOutcome> => {
    try {
      const { data: result } = await dataProvider.saveContentText(key, value);
      notify(translate('app.content_edit.saved'), { type: 'success' });
      return { saved: result.value };
    } catch (error) {
      notifyError(error, 'app.content_edit.save_failed');
      // The server names the field (the key, or `value`): its message goes under that field.
      const errors = isApiError(error) ? error.envelope?.errors : undefined;
      return { error: errors?.[key] ?? errors?.value };
    }
  };

  const values = new Map((content.data ?? []).map((c) => [c.key, c.value ?? '']));
  const others = (content.data ?? []).filter((c) => !LISTED_KEYS.has(c.key));

  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960 }}>
      <PageTitle title="app.page.content_edit.title" />
      <Typography variant="h5" component="h1">
        {translate('app.page.content_edit.title')}
      </Typography>
      {content.isError && <LoadFailed message="app.content_edit.load_failed" onRetry={content.refetch} />}
      {content.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        [
          ...CONTENT_GROUPS.map((g) => ({
            title: translate(`app.content_edit.groups.${g.id}`),
            fields: g.fields.map((f) => ({ ...f, label: translate(`app.content_edit.fields.${f.key}`) })),
          })),
          // Keys the screen does not know yet are shown by their key.
          ...(others.length
            ? [{ title: translate('app.content_edit.others'), fields: others.map((o) => ({ key: o.key, label: o.key })) }]
            : []),
        ].map((group) => (
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
                    multiline={'multiline' in f && f.multiline === true}
                    phone={PHONE_CONTENT_KEYS.has(f.key)}
                    onSave={(v) => saveContent(f.key, v)}
                  />
                ))}
            </CardContent>
          </Card>
        ))
      )}

      <DropdownListsCard />
    </Box>
  );
};

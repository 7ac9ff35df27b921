import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { DropdownLists } from '@shared/api/content-admin';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useNotifyError } from '../../providers/useNotifyError';
import { DropdownListEditor } from './DropdownListEditor';
import { LoadFailed } from '../../components/LoadFailed';

const LISTS_KEY = ['admin', 'dropdown-options'] as const;

/** The event-type and food-type lists of the public form, edited and saved together (content-edit and settings pages). */
export const DropdownListsCard = () => {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const lists = useQuery({ queryKey: LISTS_KEY, queryFn: () => dataProvider.getDropdownLists().then(({ data }) => data) });
  const [draft, setDraft] = useState<DropdownLists | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (lists.data) setDraft(lists.data);
  }, [lists.data]);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const { data: saved } = await dataProvider.saveDropdownLists(draft);
      // The lists only: the answer's success and message would be sent back by the next save (a 400).
      const stored: DropdownLists = { eventTypes: saved.eventTypes, foodTypes: saved.foodTypes };
      queryClient.setQueryData(LISTS_KEY, stored);
      setDraft(stored);
      notify(translate('app.content_edit.lists_saved'), { type: 'success' });
    } catch (error) {
      notifyError(error, 'app.content_edit.lists_save_failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-label={translate('app.content_edit.lists_title')}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('app.content_edit.lists_title')}
        </Typography>
        {lists.isError && <LoadFailed message="app.content_edit.lists_load_failed" onRetry={lists.refetch} />}
        {!draft ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <>
            <DropdownListEditor
              title={translate('app.content_edit.event_types')}
              items={draft.eventTypes}
              onChange={(eventTypes) => setDraft({ ...draft, eventTypes })}
            />
            <DropdownListEditor
              title={translate('app.pickups.food')}
              items={draft.foodTypes}
              onChange={(foodTypes) => setDraft({ ...draft, foodTypes })}
            />
            <Box>
              <Button variant="contained" onClick={save} disabled={saving || !draft.eventTypes.length || !draft.foodTypes.length}>
                {translate('app.content_edit.save_lists')}
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
};

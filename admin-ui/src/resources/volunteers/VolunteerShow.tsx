import { useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { Link } from 'react-router-dom';
import {
  Show,
  useCreatePath,
  useDataProvider,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { CharityDataProvider } from '../../providers/customMethods';
import type { VolunteerRow } from '@shared/api/volunteers';
import { BackToListButton } from '../../components/BackToListButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageTitle } from '../../components/PageTitle';
import { formatInstant } from '../../pages/main/format';
import { useNotifyError } from '../../providers/useNotifyError';
import { areasText, monthText, VolunteerPhone, VolunteerStatus } from './volunteerFields';

/** One labelled value of the volunteer's card. */
const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {children}
    </Box>
  </Box>
);

/**
 * «رابط جديد»: their page's link replaced (the old one stops at once) and sent to them on WhatsApp; the
 * new link is shown too, to pass on by hand if the message does not arrive.
 */
const NewLink = ({ volunteer }: { volunteer: VolunteerRow }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const fail = useNotifyError();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const issue = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const { data } = await dataProvider.newVolunteerLink(volunteer.id);
      setUrl(data.url);
      notify(data.message, { type: 'success', messageArgs: { _: data.message } });
    } catch (e) {
      fail(e, 'app.volunteers.new_link_failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box>
        <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => setConfirming(true)} disabled={busy || !volunteer.active}>
          {translate('app.volunteers.new_link')}
        </Button>
      </Box>
      {url && (
        <TextField
          label={translate('app.volunteers.new_link_value')}
          value={url}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={translate('app.volunteers.new_link_title')}
          text={translate('app.volunteers.new_link_text', { name: volunteer.name })}
          confirmLabel={translate('app.volunteers.new_link_confirm')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void issue()}
        />
      )}
    </Box>
  );
};

/** Edit; deactivate or activate again; delete only for one no request ever named. */
const Actions = ({ volunteer }: { volunteer: VolunteerRow }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const notify = useNotify();
  const redirect = useRedirect();
  const fail = useNotifyError();
  const [update, { isPending: toggling }] = useUpdate<VolunteerRow>();
  const [remove] = useDelete<VolunteerRow>();
  const [confirming, setConfirming] = useState(false);
  const toggle = () =>
    update(
      'volunteers',
      { id: volunteer.id, data: { active: !volunteer.active }, previousData: volunteer },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(volunteer.active ? 'app.volunteers.deactivated' : 'app.volunteers.activated', { type: 'success' }),
        onError: (e) => fail(e, 'app.volunteers.toggle_failed'),
      },
    );
  const confirmDelete = () => {
    setConfirming(false);
    remove(
      'volunteers',
      { id: volunteer.id, previousData: volunteer },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => (notify('app.volunteers.deleted', { type: 'success' }), redirect('list', 'volunteers')),
        onError: (e) => fail(e, 'app.volunteers.delete_failed'),
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        variant="contained"
        startIcon={<EditIcon />}
        component={Link}
        to={createPath({ resource: 'volunteers', type: 'edit', id: volunteer.id })}
      >
        {translate('app.volunteers.edit')}
      </Button>
      <Button variant="outlined" color={volunteer.active ? 'warning' : 'primary'} onClick={() => void toggle()} disabled={toggling}>
        {translate(volunteer.active ? 'app.volunteers.deactivate' : 'app.volunteers.activate')}
      </Button>
      {volunteer.pickupsTotal === 0 ? (
        <Button color="error" onClick={() => setConfirming(true)}>
          {translate('app.volunteers.delete')}
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.volunteers.has_history')}
        </Typography>
      )}
      {confirming && (
        <ConfirmDialog
          title={translate('app.volunteers.delete_title')}
          text={translate('app.volunteers.delete_text', { name: volunteer.name })}
          onCancel={() => setConfirming(false)}
          onConfirm={confirmDelete}
        />
      )}
    </Box>
  );
};

const VolunteerCard = () => {
  const translate = useTranslate();
  const volunteer = useRecordContext<VolunteerRow>();
  if (!volunteer) return null;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1">
            <bdi>{volunteer.name}</bdi>
          </Typography>
          <VolunteerStatus volunteer={volunteer} />
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, margin: 0 }}>
          <Detail label={translate('app.volunteers.whatsapp')}>
            <VolunteerPhone volunteer={volunteer} />
          </Detail>
          <Detail label={translate('app.volunteers.messages')}>
            {translate(volunteer.optedIn ? 'app.volunteers.opted_in' : 'app.volunteers.opted_out')}
          </Detail>
          <Detail label={translate('app.volunteers.areas')}>{areasText(translate, volunteer)}</Detail>
          <Detail label={translate('app.volunteers.vehicle')}>{volunteer.vehicle ?? '—'}</Detail>
          <Detail label={translate('app.volunteers.month')}>{monthText(translate, volunteer)}</Detail>
          <Detail label={translate('app.volunteers.pickups_total')}>{volunteer.pickupsTotal}</Detail>
          <Detail label={translate('app.volunteers.notes')}>{volunteer.notes ?? '—'}</Detail>
          <Detail label={translate('app.volunteers.added_on')}>{formatInstant(volunteer.createdAt) ?? '—'}</Detail>
        </Box>
        <Actions volunteer={volunteer} />
        <NewLink volunteer={volunteer} />
      </CardContent>
    </Card>
  );
};

/** /admin/volunteers/:id/show: who they are, how to reach them, this month's work, and what can be done. */
export const VolunteerShow = () => (
  <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
    <PageTitle title="app.volunteers.title" />
    <BackToListButton resource="volunteers" label="app.volunteers.back_to_list" />
    <Show resource="volunteers" title={<span />} actions={false} component="div">
      <VolunteerCard />
    </Show>
  </Box>
);

import { useState } from 'react';
import { Box, Button, Chip, Skeleton, Typography } from '@mui/material';
import StickersIcon from '@mui/icons-material/EmojiEmotionsOutlined';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Link } from 'react-router-dom';
import { List, useCreatePath, useDelete, useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { BackIcon } from '../../components/DirectionalIcons';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { useNotifyError } from '../../providers/useNotifyError';
import { adminUrl, ROUTES } from '../../routes';
import { StickerCard } from './StickerCard';
import { StickerViewDialog } from './StickerViewDialog';
import { LoadFailed } from '../../components/LoadFailed';

/** The grid of cards (1 to 4 columns by width), with the page's header, empty and error states. */
const StickerGrid = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const notify = useNotify();
  const fail = useNotifyError();
  const { data, total, isPending, error, refetch } = useListContext<Sticker>();
  const [update] = useUpdate<Sticker>();
  const [remove] = useDelete<Sticker>();
  const [viewing, setViewing] = useState<Sticker | null>(null);
  const [toDelete, setToDelete] = useState<Sticker | null>(null);
  const count = total ?? 0;

  // The switch saves through the dataProvider's update ({ isActive } only); the list refetches after.
  const toggle = (sticker: Sticker) =>
    update(
      'stickers',
      { id: sticker.id, data: { isActive: !sticker.isActive }, previousData: sticker },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(sticker.isActive ? 'app.stickers.disabled' : 'app.stickers.enabled', { type: 'success' }),
        onError: (e) => fail(e, 'app.stickers.toggle_failed'),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove(
      'stickers',
      { id: toDelete.id, previousData: toDelete },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('app.stickers.deleted', { type: 'success' }),
        onError: (e) => fail(e, 'app.stickers.delete_failed'),
      },
    );
    setToDelete(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('app.stickers.title')}
        </Typography>
        <Chip
          label={translate('app.stickers.count', { count })}
          color="primary"
          variant="outlined"
          aria-label={translate('app.stickers.count_label', { count })}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" component={Link} to={createPath({ resource: 'stickers', type: 'create' })} startIcon={<UploadIcon />}>
          {translate('app.stickers.add')}
        </Button>
      </Box>
      {error && <LoadFailed message="app.stickers.load_failed" onRetry={refetch} />}
      {isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : !data?.length ? (
        error ? null : (
          <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, paddingBlock: 6, color: 'text.secondary', textAlign: 'center' }}>
            <StickersIcon sx={{ fontSize: 48 }} />
            <Typography variant="h6" component="p" color="text.primary">
              {translate('app.stickers.empty_title')}
            </Typography>
            <Typography>{translate('app.stickers.empty_text')}</Typography>
          </Box>
        )
      ) : (
        <Box
          component="ul"
          aria-label={translate('app.stickers.list_label')}
          sx={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {data.map((s) => (
            <StickerCard
              key={s.id}
              sticker={s}
              onView={() => setViewing(s)}
              onToggle={() => void toggle(s)}
              onDelete={() => setToDelete(s)}
            />
          ))}
        </Box>
      )}
      {viewing && <StickerViewDialog sticker={viewing} onClose={() => setViewing(null)} />}
      {toDelete && (
        <ConfirmDialog
          title={translate('app.stickers.delete_title')}
          text={translate('app.stickers.delete_text', { name: toDelete.originalName })}
          onCancel={() => setToDelete(null)}
          onConfirm={confirmDelete}
        />
      )}
    </Box>
  );
};

/** /admin/stickers (and the spec's /admin/sticker-management): the stickers resource's list. */
export const StickerList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.stickers.title" />
      <Button component={Link} to={adminUrl(ROUTES.dashboard)} startIcon={<BackIcon />} sx={{ justifySelf: 'start' }}>
        {translate('app.stickers.back')}
      </Button>
      <List
        resource="stickers"
        title={<span />}
        sort={{ field: 'sortOrder', order: 'ASC' }}
        perPage={24}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[24, 48, 96]} />}
        component="div"
        sx={{ minWidth: 0 }}
      >
        <StickerGrid />
      </List>
    </Box>
  );
};

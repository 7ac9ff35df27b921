import { useState } from 'react';
import { Box, Button, Chip, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/AddOutlined';
import { Link } from 'react-router-dom';
import { List, useCreatePath, useDelete, useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { GovernanceCard } from '@shared/api/content-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExternalLinkIcon } from '../../components/DirectionalIcons';
import { ListPagination } from '../../components/ListPagination';
import { PageTitle } from '../../components/PageTitle';
import { useNotifyError } from '../../providers/useNotifyError';
import { PUBLIC_LINKS } from '../../routes';
import { GovernanceCardItem } from './GovernanceCardItem';
import { LoadFailed } from '../../components/LoadFailed';

/** The page's header, the cards (two columns on wide screens), and the empty and error states. */
const GovernanceCards = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const notify = useNotify();
  const fail = useNotifyError();
  const { data, total, isPending, error, refetch } = useListContext<GovernanceCard>();
  const [update] = useUpdate<GovernanceCard>();
  const [remove] = useDelete<GovernanceCard>();
  const [toDelete, setToDelete] = useState<GovernanceCard | null>(null);

  // Shown or hidden on the public page: the dataProvider's update with { isActive } only.
  const toggle = (card: GovernanceCard) =>
    update(
      'governance-cards',
      { id: card.id, data: { isActive: !card.isActive }, previousData: card },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(card.isActive ? 'app.governance.hidden_toast' : 'app.governance.shown_toast', { type: 'success' }),
        onError: (e) => fail(e, 'app.governance.toggle_failed'),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove(
      'governance-cards',
      { id: toDelete.id, previousData: toDelete },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('app.governance.deleted', { type: 'success' }),
        onError: (e) => fail(e, 'app.governance.delete_failed'),
      },
    );
    setToDelete(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id="governance-cards-title" variant="h5" component="h1">
          {translate('app.governance.title')}
        </Typography>
        <Chip size="small" label={translate('app.governance.count', { count: total ?? 0 })} variant="outlined" />
      </Box>
      <Typography color="text.secondary">{translate('app.governance.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to={createPath({ resource: 'governance-cards', type: 'create' })}
        >
          {translate('app.governance.add')}
        </Button>
        <Button component={MuiLink} href={PUBLIC_LINKS.governance} target="_blank" rel="noopener" endIcon={<ExternalLinkIcon />}>
          {translate('app.governance.public_page')}
        </Button>
      </Box>
      {error && <LoadFailed message="app.governance.load_failed" onRetry={refetch} />}
      {isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : !data?.length ? (
        error ? null : (
          <Typography color="text.secondary">{translate('app.governance.empty')}</Typography>
        )
      ) : (
        <Box
          component="ul"
          aria-labelledby="governance-cards-title"
          sx={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {data.map((card) => (
            <GovernanceCardItem key={card.id} card={card} onToggle={() => void toggle(card)} onDelete={() => setToDelete(card)} />
          ))}
        </Box>
      )}
      {toDelete && (
        <ConfirmDialog
          title={translate('app.governance.delete_title')}
          text={translate('app.governance.delete_text', { title: toDelete.title })}
          onCancel={() => setToDelete(null)}
          onConfirm={confirmDelete}
        />
      )}
    </Box>
  );
};

/** /admin/governance-cards: the documents of the public /governance page (spec: admin-side section 2). */
export const GovernanceCardList = () => (
  <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
    <PageTitle title="app.governance.title" />
    <List
      resource="governance-cards"
      title={<span />}
      sort={{ field: 'displayOrder', order: 'ASC' }}
      perPage={20}
      actions={false}
      empty={false}
      pagination={<ListPagination rowsPerPageOptions={[20, 50, 100]} />}
      component="div"
      sx={{ minWidth: 0 }}
    >
      <GovernanceCards />
    </List>
  </Box>
);

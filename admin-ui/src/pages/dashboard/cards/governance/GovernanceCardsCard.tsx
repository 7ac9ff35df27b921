import { Box, Button, Chip, Link as MuiLink, Typography } from '@mui/material';
import GovernanceIcon from '@mui/icons-material/GavelOutlined';
import AddIcon from '@mui/icons-material/AddOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import { Link } from 'react-router-dom';
import { useCreatePath, useGetList, useTranslate } from 'react-admin';
import { ExternalLinkIcon } from '../../../../components/DirectionalIcons';
import { PUBLIC_LINKS } from '../../../../routes';
import { AdminCard } from '../AdminCard';

/**
 * Dashboard card (spec: admin-side section 2, Governance cards): how many documents there are, and the
 * way into the governance-cards resource, where they are created, edited, shown or hidden and deleted.
 */
export const GovernanceCardsCard = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  // One row is enough: the count comes from the list's Content-Range.
  const { total } = useGetList('governance-cards', { pagination: { page: 1, perPage: 1 }, sort: { field: 'displayOrder', order: 'ASC' } });
  return (
    <AdminCard
      id="governance-card-title"
      title={translate('app.governance.title')}
      icon={<GovernanceIcon />}
      badge={
        total === undefined ? null : <Chip size="small" label={translate('app.governance.count', { count: total })} variant="outlined" />
      }
    >
      <Typography color="text.secondary" sx={{ marginBlockEnd: 1.5 }}>
        {translate('app.governance.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to={createPath({ resource: 'governance-cards', type: 'create' })}
        >
          {translate('app.governance.add')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ListIcon />}
          component={Link}
          to={createPath({ resource: 'governance-cards', type: 'list' })}
        >
          {translate('app.governance.manage')}
        </Button>
        <Button component={MuiLink} href={PUBLIC_LINKS.governance} target="_blank" rel="noopener" endIcon={<ExternalLinkIcon />}>
          {translate('app.governance.public_page')}
        </Button>
      </Box>
    </AdminCard>
  );
};

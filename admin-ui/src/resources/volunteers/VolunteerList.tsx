import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Link } from 'react-router-dom';
import { List, SearchInput, SelectInput, useCreatePath, useListContext, useTranslate } from 'react-admin';
import type { VolunteerRow } from '@shared/api/volunteers';
import { BooleanFilterToggle } from '../../components/BooleanFilterToggle';
import { ListPagination } from '../../components/ListPagination';
import { LoadFailed } from '../../components/LoadFailed';
import { PageTitle } from '../../components/PageTitle';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useLocations } from '../../pages/locations/locationsApi';
import { useVolunteerColumns } from './volunteerFields';

/** The volunteers of the page: a table on wide screens, a card each on a phone. */
const Volunteers = () => {
  const translate = useTranslate();
  const columns = useVolunteerColumns();
  const { data, isPending, error, refetch, filterValues } = useListContext<VolunteerRow>();
  if (error) return <LoadFailed message="app.volunteers.load_failed" onRetry={refetch} />;
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ padding: 3, textAlign: 'center' }}>
        {translate(Object.keys(filterValues).length ? 'ra.navigation.no_results' : 'app.volunteers.empty', {
          name: translate('app.volunteers.title'),
        })}
      </Typography>
    );
  return (
    <Box sx={{ padding: 1 }}>
      <ResponsiveTable rows={data} rowKey={(v) => v.id} columns={columns} labelledBy="volunteers-heading" rowTestId="volunteer-row" />
    </Box>
  );
};

/** /admin/volunteers: the charity's volunteers and drivers, with this month's pickups and kilograms. */
export const VolunteerList = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data: locations } = useLocations();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.volunteers.search')}
      slotProps={{ htmlInput: { 'aria-label': translate('app.volunteers.search') } }}
      sx={{ minWidth: { sm: 300 } }}
    />,
    <SelectInput
      key="area"
      source="area"
      alwaysOn
      label={translate('app.volunteers.area')}
      emptyText={translate('app.volunteers.all_areas')}
      choices={(locations?.areas ?? []).map((a) => ({ id: a.value, name: a.name }))}
      sx={{ minWidth: 200 }}
    />,
  ];
  return (
    <Box sx={{ display: 'grid', gap: 1, paddingBlock: 1, maxWidth: 1280, minWidth: 0 }}>
      <PageTitle title="app.volunteers.title" />
      <Typography id="volunteers-heading" variant="h5" component="h1">
        {translate('app.volunteers.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.volunteers.intro')}</Typography>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={Link}
        to={createPath({ resource: 'volunteers', type: 'create' })}
        sx={{ justifySelf: 'start' }}
      >
        {translate('app.volunteers.add')}
      </Button>
      <List
        resource="volunteers"
        title={<span />}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={filters}
        actions={false}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={[25, 50, 100]} />}
        sx={{ minWidth: 0, maxWidth: '100%', '& .RaList-main': { minWidth: 0 } }}
      >
        <Box sx={{ padding: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <BooleanFilterToggle
            source="active"
            label="app.volunteers.status"
            options={[
              { value: null, label: 'app.volunteers.all' },
              { value: true, label: 'app.volunteers.active' },
              { value: false, label: 'app.volunteers.inactive' },
            ]}
          />
        </Box>
        <Volunteers />
      </List>
    </Box>
  );
};

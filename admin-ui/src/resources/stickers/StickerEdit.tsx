import { Box, Typography } from '@mui/material';
import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Sticker } from '@shared/api/content-admin';
import { formatFileSize } from '@shared/files';
import { Ltr } from '../../components/Ltr';
import { PageTitle } from '../../components/PageTitle';
import { BackToListButton } from '../../components/BackToListButton';
import { useStickerSave } from './useStickerSave';

/** The sticker being edited: its image, name and size (the image itself is not replaced here). */
const StickerSummary = () => {
  const translate = useTranslate();
  const sticker = useRecordContext<Sticker>();
  if (!sticker) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', marginBlockEnd: 2, minWidth: 0 }}>
      {sticker.url ? (
        <Box
          component="img"
          src={sticker.url}
          alt={sticker.description || sticker.originalName}
          sx={{ width: 96, height: 96, objectFit: 'contain', borderRadius: 2, border: 1, borderColor: 'divider', flexShrink: 0 }}
        />
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {sticker.originalName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Ltr>{formatFileSize(sticker.fileSize)}</Ltr> · {translate('app.stickers.order', { order: sticker.sortOrder })}
        </Typography>
      </Box>
    </Box>
  );
};

/** /admin/stickers/:id: description and display order (spec §2's edit dialog), then back to the list. */
export const StickerEdit = () => {
  const translate = useTranslate();
  const save = useStickerSave('app.stickers.updated');
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.stickers.edit_title" />
      <BackToListButton resource="stickers" label="app.stickers.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.stickers.edit_title')}
      </Typography>
      <Edit
        resource="stickers"
        title={<span />}
        actions={false}
        mutationMode="pessimistic"
        mutationOptions={save}
        sx={{ '& .RaEdit-main': { marginBlockStart: 0 } }}
      >
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton label="app.stickers.save" alwaysEnable />
            </Toolbar>
          }
        >
          <StickerSummary />
          <TextInput source="description" multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          <TextInput source="sortOrder" slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} sx={{ maxWidth: 200 }} />
        </SimpleForm>
      </Edit>
    </Box>
  );
};

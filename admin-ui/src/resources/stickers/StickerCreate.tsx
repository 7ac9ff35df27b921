import { Box, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { Create, ImageField, SaveButton, SimpleForm, TextInput, Toolbar, required, useTranslate } from 'react-admin';
import { FILE_KINDS, formatFileSize } from '@shared/files';
import { ChosenFileName, CheckedFileInput, ltrRun, orList } from '../../components/CheckedFileInput';
import { PageTitle } from '../../components/PageTitle';
import { BackToListButton } from '../../components/BackToListButton';
import { useStickerSave } from './useStickerSave';

const FORMATS = ['PNG', 'JPEG', 'GIF', 'WebP'];

/** The chosen image and its name and size (inside the file input's record context). */
const ChosenSticker = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <ImageField
        source="src"
        title={translate('app.stickers.preview_alt')}
        sx={{ '& img': { maxHeight: 120, maxWidth: '100%', objectFit: 'contain', borderRadius: 2, border: 1, borderColor: 'divider' } }}
      />
      <ChosenFileName />
    </Box>
  );
};

/** What the drop zone shows: the call to choose and the formats accepted. */
const ChooseImage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, paddingBlock: 1, color: 'text.secondary' }}>
      <UploadIcon color="primary" />
      <Typography color="primary" sx={{ fontWeight: 600 }}>
        {translate('app.stickers.choose')}
      </Typography>
    </Box>
  );
};

/** /admin/stickers/create: choose an image, see it, describe it, upload it (upload link → PUT → record). */
export const StickerCreate = () => {
  const translate = useTranslate();
  const save = useStickerSave('app.stickers.uploaded');
  return (
    <Box sx={{ display: 'grid', gap: 2, paddingBlock: 1, maxWidth: 960, minWidth: 0 }}>
      <PageTitle title="app.stickers.create_title" />
      <BackToListButton resource="stickers" label="app.stickers.back_to_list" />
      <Typography variant="h5" component="h1">
        {translate('app.stickers.create_title')}
      </Typography>
      <Create resource="stickers" title={<span />} mutationOptions={save} sx={{ '& .RaCreate-main': { marginBlockStart: 0 } }}>
        <SimpleForm
          // The missing image is named under its drop zone; a toast would only cover the button.
          disableInvalidFormNotification
          toolbar={
            <Toolbar>
              <SaveButton label="app.stickers.upload" icon={<UploadIcon />} alwaysEnable />
            </Toolbar>
          }
        >
          <CheckedFileInput
            source="sticker"
            kind="sticker"
            validate={required('app.stickers.file_required')}
            placeholder={<ChooseImage />}
            hint={translate('app.stickers.choose_hint', {
              formats: orList(FORMATS),
              max: ltrRun(formatFileSize(FILE_KINDS.sticker.maxBytes)),
            })}
            preview={<ChosenSticker />}
          />
          <TextInput source="description" multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        </SimpleForm>
      </Create>
    </Box>
  );
};

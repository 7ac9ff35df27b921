import { Box, Button, Typography } from '@mui/material';
import AttachIcon from '@mui/icons-material/AttachFileOutlined';
import {
  BooleanInput,
  FormDataConsumer,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { GovernanceCard } from '@shared/api/content-admin';
import { FILE_KINDS, formatFileSize } from '@shared/files';
import { BackToListButton } from '../../components/BackToListButton';
import { ChosenFileName, CheckedFileInput, ltrRun, orList } from '../../components/CheckedFileInput';

const FORMATS = ['PDF', 'Word'];
const EXTENSIONS = '.pdf, .doc, .docx';

/** The drop zone's call: attach, or replace when the card already has a file. */
const AttachLabel = () => {
  const translate = useTranslate();
  const card = useRecordContext<GovernanceCard>();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'primary.main', fontWeight: 600 }}>
      <AttachIcon />
      {translate(card?.fileName ? 'app.governance.replace' : 'app.governance.attach')}
    </Box>
  );
};

/** The stored document, with a way to drop it on save (hidden while a new file is chosen). */
const CurrentFile = ({ chosen }: { chosen: boolean }) => {
  const translate = useTranslate();
  const card = useRecordContext<GovernanceCard>();
  // The form's removeFile field: the dataProvider sends it only when true.
  const { field } = useInput<boolean>({ source: 'removeFile', defaultValue: false });
  if (!card?.fileName || chosen) return null;
  if (field.value)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ marginBlockEnd: 2 }}>
        {translate('app.governance.file_removed')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockEnd: 2 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {translate('app.governance.current_file')} <bdi>{card.fileName}</bdi>
      </Typography>
      <Button size="small" color="error" onClick={() => field.onChange(true)}>
        {translate('app.governance.remove_file')}
      </Button>
    </Box>
  );
};

/**
 * The create and edit form of a governance card: title (required), description, content, an optional
 * .pdf/.doc/.docx document (uploaded by the dataProvider on save), display order and visibility.
 */
export const GovernanceCardForm = () => {
  const translate = useTranslate();
  return (
    <SimpleForm
      defaultValues={{ displayOrder: 0, isActive: true }}
      // The one checked field shows its reason in place; a toast would only cover the save button.
      disableInvalidFormNotification
      toolbar={
        <Toolbar sx={{ gap: 1 }}>
          <SaveButton label="app.governance.save" alwaysEnable />
          <BackToListButton resource="governance-cards" label="app.governance.cancel" />
        </Toolbar>
      }
    >
      <TextInput source="title" validate={required('app.governance.title_required')} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <TextInput source="description" multiline minRows={2} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      <TextInput source="content" multiline minRows={3} slotProps={{ htmlInput: { maxLength: 20000 } }} />
      <CheckedFileInput
        source="document"
        kind="document"
        placeholder={<AttachLabel />}
        hint={translate('app.governance.file_hint', {
          formats: orList(FORMATS),
          extensions: ltrRun(EXTENSIONS),
          max: ltrRun(formatFileSize(FILE_KINDS.document.maxBytes)),
        })}
        preview={<ChosenFileName label={translate('app.governance.new_file')} />}
      />
      <FormDataConsumer>{({ formData }) => <CurrentFile chosen={!!formData.document} />}</FormDataConsumer>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextInput source="displayOrder" slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} sx={{ width: 160 }} />
        <BooleanInput source="isActive" />
      </Box>
    </SimpleForm>
  );
};

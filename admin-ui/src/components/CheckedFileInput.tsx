import { useState, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { FileInput, useNotify, useRecordContext, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { FILE_KINDS, fileProblem, formatFileSize, type FileKind } from '@shared/files';
import { Ltr } from './Ltr';

/** Latin format names joined with the Arabic word for "or" by the browser's own list rules (Intl.ListFormat). */
export const orList = (items: string[]): string => new Intl.ListFormat('ar', { type: 'disjunction' }).format(items);

/** A left-to-right run (a size, extensions) inside a translated Arabic sentence, isolated (LRI … PDI). */
export const ltrRun = (text: string): string => `\u2066${text}\u2069`;

interface CheckedFileInputProps {
  source: string;
  kind: FileKind;
  /** What the drop zone shows: a button-like call to choose, and the accepted formats. */
  placeholder: ReactNode;
  hint: string;
  /** How the chosen file is shown (inside the file's record context: { rawFile, src, title }). */
  preview: ReactNode;
  validate?: Validator | Validator[];
}

/**
 * react-admin's FileInput with the app's own check of the chosen file (type, size: @shared/files) in
 * Arabic: a refused file never reaches the form, and the reason is announced (role="alert") where the
 * hint was. Dropzone's own `accept` filter is not used: its refusal messages are English.
 */
export const CheckedFileInput = ({ source, kind, placeholder, hint, preview, validate }: CheckedFileInputProps) => {
  const notify = useNotify();
  const translate = useTranslate();
  const resource = useResourceContext();
  // react-admin shows the field's label as text, not as a <label>: the (hidden) file input gets it as its name.
  const label = translate(`resources.${resource}.fields.${source}`);
  const [problem, setProblem] = useState<string | null>(null);
  // Called for dropped and chosen files (and, while dragging, for items that are not yet Files).
  const validator = (file: File | DataTransferItem) => {
    const message = file instanceof File ? fileProblem(kind, file.name, file.type, file.size) : null;
    return message ? { code: 'file-invalid', message } : null;
  };
  return (
    <FileInput
      source={source}
      // The file input's name is its id; react-admin would generate one, a stable name finds it.
      id={source}
      validate={validate}
      inputProps={{ accept: FILE_KINDS[kind].accept, 'aria-label': label }}
      options={{
        validator,
        onDropAccepted: () => setProblem(null),
        onDropRejected: (rejections) => {
          const message = rejections[0]?.errors[0]?.message;
          if (!message) return;
          setProblem(message);
          notify(message, { type: 'warning', messageArgs: { _: message } });
        },
      }}
      placeholder={placeholder}
      helperText={
        problem ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {problem}
          </Box>
        ) : (
          hint
        )
      }
      sx={{
        width: '100%',
        '& .RaFileInput-dropZone': {
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          padding: 2,
          bgcolor: 'background.default',
          cursor: 'pointer',
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        },
        // The remove button sits at the start of the chosen file's line, always visible (touch, keyboard).
        '& .previews > div': { display: 'flex', alignItems: 'center', gap: 1, marginBlockStart: 1 },
      }}
    >
      {preview}
    </FileInput>
  );
};

/** The chosen file's name (in its own direction) and size (left to right), after an optional label. */
export const ChosenFileName = ({ label }: { label?: string }) => {
  const file = useRecordContext<{ rawFile?: File }>();
  if (!file?.rawFile) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {label ? `${label} ` : null}
      <bdi>{file.rawFile.name}</bdi> · <Ltr>{formatFileSize(file.rawFile.size)}</Ltr>
    </Typography>
  );
};

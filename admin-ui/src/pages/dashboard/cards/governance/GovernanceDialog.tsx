import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AttachIcon from '@mui/icons-material/AttachFileOutlined';
import { useNotify } from 'react-admin';
import type { GovernanceCard } from '@shared/api/content-admin';
import { FILE_KINDS, fileProblem, formatFileSize } from '@shared/files';
import { parseDisplayOrder } from '../../../../components/displayOrder';
import { isApiError } from '../../../../providers/httpClient';
import { UploadError, uploadFile } from '../../../../providers/upload';
import { createGovernance, updateGovernance, type GovernanceForm } from './governanceApi';

const TITLE_REQUIRED = 'عنوان البطاقة مطلوب';

/** Create or edit a governance card, with an optional .pdf/.doc/.docx document. */
export const GovernanceDialog = ({ card, onClose }: { card: GovernanceCard | null; onClose: (saved: boolean) => void }) => {
  const notify = useNotify();
  const [title, setTitle] = useState(card?.title ?? '');
  const [description, setDescription] = useState(card?.description ?? '');
  const [content, setContent] = useState(card?.content ?? '');
  const [displayOrder, setDisplayOrder] = useState(String(card?.displayOrder ?? 0));
  const [isActive, setIsActive] = useState(card?.isActive ?? true);
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | null) => {
    const problem = chosen ? fileProblem('document', chosen.name, chosen.type, chosen.size) : null;
    setErrors((e) => ({ ...e, file: problem ?? undefined }));
    setFile(problem ? null : chosen);
    if (chosen && !problem) setRemoveFile(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!title.trim()) return setErrors((e) => ({ ...e, title: TITLE_REQUIRED }));
    setBusy(true);
    const body: GovernanceForm = { title, description, content, displayOrder: parseDisplayOrder(displayOrder), isActive };
    try {
      if (file) {
        body.objectPath = await uploadFile('document', file);
        body.fileName = file.name;
      } else if (removeFile) body.removeFile = true;
      if (card) await updateGovernance(card.id, body);
      else await createGovernance(body);
      notify(card ? 'تم تحديث البطاقة بنجاح' : 'تم إنشاء البطاقة بنجاح', { type: 'success' });
      onClose(true);
    } catch (error) {
      const message =
        error instanceof UploadError ? error.message : isApiError(error) ? `فشل في حفظ البطاقة: ${error.message}` : 'فشل في حفظ البطاقة';
      if (isApiError(error) && error.envelope?.errors?.title) setErrors((e) => ({ ...e, title: error.envelope?.errors?.title }));
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };

  const currentFile = !removeFile && !file && card?.fileName ? card.fileName : null;
  return (
    <Dialog open onClose={() => !busy && onClose(false)} aria-labelledby="governance-dialog-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={save} noValidate>
        <DialogTitle id="governance-dialog-title">{card ? 'تعديل بطاقة الحوكمة' : 'بطاقة حوكمة جديدة'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, paddingBlockStart: '8px !important' }}>
          <TextField
            label="العنوان"
            required
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setErrors((x) => ({ ...x, title: undefined }));
            }}
            error={!!errors.title}
            helperText={errors.title}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="الوصف"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <TextField
            label="المحتوى"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 20000 } }}
          />
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Button component="label" variant="outlined" startIcon={<AttachIcon />} sx={{ justifySelf: 'start' }}>
              {card?.fileName ? 'استبدال الملف' : 'إرفاق ملف'}
              <input
                hidden
                type="file"
                name="document"
                accept={FILE_KINDS.document.accept}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="caption" color={errors.file ? 'error' : 'text.secondary'} role={errors.file ? 'alert' : undefined}>
              {errors.file ?? `PDF أو Word (.pdf, .doc, .docx) حتى ${formatFileSize(FILE_KINDS.document.maxBytes)}`}
            </Typography>
            {file && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                الملف الجديد: {file.name} · {formatFileSize(file.size)}
              </Typography>
            )}
            {currentFile && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  الملف الحالي: {currentFile}
                </Typography>
                <Button size="small" color="error" onClick={() => setRemoveFile(true)}>
                  إزالة الملف
                </Button>
              </Box>
            )}
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              label="ترتيب العرض"
              value={displayOrder}
              onChange={(e) => setDisplayOrder(e.target.value)}
              sx={{ width: 140 }}
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            />
            <FormControlLabel
              control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
              label="ظاهرة في صفحة الحوكمة"
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            إلغاء
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
          >
            حفظ
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

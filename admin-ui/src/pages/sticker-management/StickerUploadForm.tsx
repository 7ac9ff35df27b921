import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import { useNotify } from 'react-admin';
import { FILE_KINDS, fileProblem, formatFileSize } from '@shared/files';
import { isApiError } from '../../providers/httpClient';
import { UploadError, uploadFile } from '../../providers/upload';
import { createSticker } from './stickersApi';

/** Choose an image, see it, describe it, upload it: upload URL → PUT → record (spec §7 Stickers). */
export const StickerUploadForm = ({ onUploaded }: { onUploaded: () => void }) => {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | null) => {
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (!chosen) return;
    const issue = fileProblem('sticker', chosen.name, chosen.type, chosen.size);
    if (issue) {
      setProblem(issue);
      notify(issue, { type: 'warning', messageArgs: { _: issue } });
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    try {
      const objectPath = await uploadFile('sticker', file);
      await createSticker({ objectPath, originalName: file.name, fileSize: file.size, mimeType: file.type, description });
      notify('تم رفع الملصق بنجاح', { type: 'success' });
      setDescription('');
      choose(null);
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (error) {
      const message =
        error instanceof UploadError
          ? error.message
          : isApiError(error)
            ? `فشل في حفظ بيانات الملصق: ${error.message}`
            : 'حدث خطأ غير متوقع أثناء رفع الملصق';
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="upload-title">
      <CardContent component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <Typography id="upload-title" variant="h6" component="h2">
          رفع ملصق جديد
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 1 }}>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />} sx={{ justifySelf: 'start' }}>
              اختيار صورة
              <input
                ref={input}
                hidden
                type="file"
                name="sticker"
                accept={FILE_KINDS.sticker.accept}
                onChange={(e) => choose(e.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
              {problem ?? `PNG أو JPEG أو GIF أو WebP، حتى ${formatFileSize(FILE_KINDS.sticker.maxBytes)}`}
            </Typography>
            {file && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.name} · {formatFileSize(file.size)}
              </Typography>
            )}
          </Box>
          {preview && (
            <Box
              component="img"
              src={preview}
              alt="معاينة الملصق المختار"
              sx={{
                maxHeight: 120,
                maxWidth: '100%',
                objectFit: 'contain',
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                justifySelf: 'start',
              }}
            />
          )}
        </Box>
        <TextField
          label="الوصف (اختياري)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!file || busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <UploadIcon />}
          sx={{ justifySelf: 'start' }}
        >
          {busy ? 'جارٍ الرفع…' : 'رفع الملصق'}
        </Button>
      </CardContent>
    </Card>
  );
};

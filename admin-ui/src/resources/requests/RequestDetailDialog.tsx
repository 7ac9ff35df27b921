import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/labels';
import { formatDateTimeWithHijri } from '@shared/arabic-date';
import { toWesternDigits } from '@shared/digits';
import { Ltr } from '../../components/Ltr';
import { isApiError } from '../../providers/httpClient';
import { DeadlineChip, DualDate, PhoneLinks, StatusChip } from './fields';
import { changeStatus, SUMMARY_QUERY_KEY } from './requestsApi';
import { DeleteRequestDialog } from './DeleteRequestDialog';
import { RequestMessages } from './RequestMessages';
import { singleStatusToast } from './statusToasts';

/** Shown for an empty field (decisions.md). */
const EMPTY = '—';

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '9rem 1fr' }, gap: { xs: 0.25, sm: 1 }, paddingBlock: 0.75 }}>
    <Typography variant="body2" color="text.secondary" component="dt">
      {label}
    </Typography>
    <Typography variant="body2" component="dd" sx={{ margin: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

/** The whole request, by its Arabic names, with the status change and the delete. */
export const RequestDetailDialog = ({ record, onClose }: { record: AdminRequestRow; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [status, setStatus] = useState<RequestStatus>(record.status);
  const [reason, setReason] = useState('');
  const [weight, setWeight] = useState(record.weighedKg === null ? '' : String(record.weighedKg));
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const kg = weight.trim() ? Number(toWesternDigits(weight.trim()).replace('٫', '.')) : undefined;
      if (kg !== undefined && !(Number.isFinite(kg) && kg >= 0)) {
        notify('الوزن الفعلي يجب أن يكون رقماً صفراً أو أكثر', { type: 'warning' });
        return;
      }
      const result = await changeStatus(record.id, {
        status,
        ...(status === 'cancelled' && reason.trim() ? { cancellationReason: reason.trim() } : {}),
        ...(status === 'completed' && kg !== undefined ? { weighedKg: Math.round(kg * 100) / 100 } : {}),
      });
      // The server says whether a notice went out; the record's opt-in is the fallback.
      const told = result.notified ?? record.whatsappOptIn;
      notify(result.changed ? singleStatusToast(status === 'cancelled', told) : result.message, { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: SUMMARY_QUERY_KEY });
      refresh();
      onClose();
    } catch (error) {
      notify(isApiError(error) ? `خطأ في التحديث: ${error.message}` : 'خطأ في التحديث', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="request-detail-title">
        <DialogTitle id="request-detail-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>
            تفاصيل الطلب <Ltr>#{record.id}</Ltr>
          </span>
          <StatusChip status={record.status} />
          <DeadlineChip deadline={record.collectionDeadline} status={record.status} />
        </DialogTitle>
        <DialogContent dividers>
          <Box component="dl" sx={{ margin: 0 }}>
            <Row label="اسم المنظم">{record.organizerName}</Row>
            <Row label="رقم الجوال">
              <PhoneLinks phone={record.organizerPhone} />
            </Row>
            <Row label="البريد الإلكتروني">{record.organizerEmail ? <Ltr>{record.organizerEmail}</Ltr> : EMPTY}</Row>
            <Row label="نوع المناسبة">{record.eventTypeLabel}</Row>
            <Row label="تاريخ المناسبة">
              <DualDate date={record.eventDate} />
            </Row>
            <Row label="وقت الانتهاء">
              <Ltr>{record.endTime}</Ltr>
            </Row>
            <Row label="عدد الحضور">{record.attendeeCount}</Row>
            <Row label="أنواع الطعام">{record.foodTypeLabels.join('، ') || EMPTY}</Row>
            <Divider sx={{ marginBlock: 1 }} />
            <Row label="المنطقة">{record.areaName ?? record.area ?? EMPTY}</Row>
            <Row label="الحي">{record.districtName ?? record.district ?? EMPTY}</Row>
            <Row label="رقم المبنى">{record.buildingNumber || EMPTY}</Row>
            {/* A place deleted since keeps no label: the address written at submission holds its name, never its code. */}
            <Row label="المكان المهم">{record.importantPlaceLabel ?? (record.importantPlace ? record.fullAddress : null) ?? EMPTY}</Row>
            <Row label="العنوان الكامل">{record.fullAddress || EMPTY}</Row>
            <Row label="معالم قريبة">{record.landmarks || EMPTY}</Row>
            <Row label="جوال الموقع">{record.locationPhone ? <PhoneLinks phone={record.locationPhone} /> : EMPTY}</Row>
            {record.latitude !== null && record.longitude !== null && (
              <Row label="الموقع على الخريطة">
                <a href={`https://www.google.com/maps?q=${record.latitude},${record.longitude}`} target="_blank" rel="noopener noreferrer">
                  فتح في الخرائط
                </a>
              </Row>
            )}
            <Row label="ملاحظات إضافية">{record.additionalNotes || EMPTY}</Row>
            <Divider sx={{ marginBlock: 1 }} />
            <Row label="الحالة">{record.statusLabel}</Row>
            <Row label="إشعارات واتساب">{record.whatsappOptIn ? 'وافق العميل على الإشعارات' : 'لم يوافق العميل على الإشعارات'}</Row>
            <Row label="تاريخ الإنشاء">{formatDateTimeWithHijri(new Date(record.createdAt))}</Row>
            {record.cancellationReason && <Row label="سبب الإلغاء">{record.cancellationReason}</Row>}
            {record.weighedKg !== null && <Row label="الوزن الفعلي">{record.weighedKg} كجم</Row>}
          </Box>

          <RequestMessages requestId={record.id} />

          <Stack component="section" aria-label="تغيير الحالة" spacing={1.5} sx={{ marginBlockStart: 2 }}>
            <Typography variant="subtitle1" component="h3">
              تغيير الحالة
            </Typography>
            <TextField
              select
              label="الحالة الجديدة"
              value={status}
              onChange={(e) => setStatus(e.target.value as RequestStatus)}
              size="small"
              sx={{ maxWidth: 320 }}
            >
              {REQUEST_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {REQUEST_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            {status === 'completed' && (
              <TextField
                label="الوزن الفعلي بالكيلوجرام (اختياري)"
                helperText="إذا وُزن الطعام عند الاستلام يحل الوزن الفعلي محل التقدير في الإحصائيات"
                value={weight}
                onChange={(e) => setWeight(e.target.value)}
                size="small"
                sx={{ maxWidth: 320 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
            )}
            {status === 'cancelled' && (
              <TextField
                label="سبب الإلغاء (اختياري)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            )}
            {record.whatsappOptIn && status !== record.status && (
              <Alert severity="info" variant="outlined">
                {status === 'cancelled' ? 'سيُلغى الطلب ويُرسل إشعار واتساب للعميل.' : 'سيُرسل إشعار واتساب للعميل بالحالة الجديدة.'}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button color="error" onClick={() => setConfirmDelete(true)}>
            حذف الطلب
          </Button>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={onClose}>إغلاق</Button>
            <Button
              variant="contained"
              onClick={save}
              disabled={
                saving ||
                (status === record.status &&
                  !(status === 'completed' && weight.trim() !== (record.weighedKg === null ? '' : String(record.weighedKg))))
              }
            >
              حفظ الحالة
            </Button>
          </Box>
        </DialogActions>
      </Dialog>
      {confirmDelete && (
        <DeleteRequestDialog
          ids={[record.id]}
          onClose={(deleted) => {
            setConfirmDelete(false);
            if (deleted) onClose();
          }}
        />
      )}
    </>
  );
};

import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MessageCircle, Send } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { api, errorMessage } from '../../lib/api';
import { QUICK_MESSAGE_MAX_LENGTH } from '@shared/constants';
import { Spinner } from '../../components/Spinner';
import { AdminPreviewFormNotice } from '../site-block/AdminPreviewBanner';
import { useToast } from '../toast/ToastProvider';
import { checkQuickMessage, classifyMessage, normalizeQuickPhone, type QuickMessageErrors, type QuickMessageValues } from './rules';

interface QuickMessagePayload {
  senderName: string;
  senderPhone: string;
  inquiryType: string;
  inquirySubject: string;
  originalMessage: string;
}

interface QuickMessageCreated {
  id: number;
  status: string;
  inquiryType: string;
  inquirySubject: string;
  message?: string;
}

const t = ar.quickMessage;
const EMPTY: QuickMessageValues = { senderName: '', senderPhone: '', message: '' };
const ids = { senderName: 'qm-name', senderPhone: 'qm-phone', message: 'qm-message' } as const;

/** The home contact section's quick-message form: name, phone, message; type and subject chosen from the message. */
export function QuickMessageSection() {
  const toast = useToast();
  const [values, setValues] = useState<QuickMessageValues>(EMPTY);
  const [errors, setErrors] = useState<QuickMessageErrors>({});
  const classification = classifyMessage(values.message);

  const mutation = useMutation({
    mutationFn: (payload: QuickMessagePayload) => api.post<QuickMessageCreated>('/api/quick-messages', payload),
    onSuccess: (created) => {
      toast.show({ variant: 'success', title: t.successTitle, description: created?.message || t.successBody });
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      toast.show({ variant: 'error', title: t.errorTitle, description: errorMessage(error, ar.errors.generic, ar.errors.network) });
    },
  });

  const set = (key: keyof QuickMessageValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const { errors: found, summary } = checkQuickMessage(values);
    const first = (Object.keys(ids) as Array<keyof QuickMessageValues>).find((k) => found[k]);
    if (first) {
      setErrors(found);
      document.getElementById(ids[first])?.focus();
      if (summary) toast.show({ variant: 'error', title: t.errorTitle, description: summary });
      return;
    }
    mutation.mutate({
      senderName: values.senderName.trim(),
      senderPhone: normalizeQuickPhone(values.senderPhone) ?? values.senderPhone.trim(),
      inquiryType: classification.inquiryType,
      inquirySubject: classification.inquirySubject,
      originalMessage: values.message.trim(),
    });
  };

  const described = (key: keyof QuickMessageValues, hint: boolean) =>
    [hint ? `${ids[key]}-hint` : '', errors[key] ? `${ids[key]}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (key: keyof QuickMessageValues) =>
    errors[key] ? (
      <p className="field__error" id={`${ids[key]}-error`}>
        {errors[key]}
      </p>
    ) : null;

  return (
    <section className="card quick-message" aria-labelledby="quick-message-title">
      <div className="quick-message__head">
        <span className="icon-tile" aria-hidden="true">
          <MessageCircle size={22} strokeWidth={1.75} />
        </span>
        <h3 id="quick-message-title" className="card__title">
          {ar.contactSection.quickMessageTitle}
        </h3>
      </div>
      <AdminPreviewFormNotice />
      <form className="quick-message__form" noValidate onSubmit={onSubmit}>
        <div className={`field${errors.senderName ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={ids.senderName}>
            {t.name}
          </label>
          <input
            id={ids.senderName}
            className="control"
            autoComplete="name"
            maxLength={100}
            value={values.senderName}
            aria-invalid={errors.senderName ? true : undefined}
            aria-describedby={described('senderName', false)}
            onChange={(e) => set('senderName', e.target.value)}
          />
          {error('senderName')}
        </div>
        <div className={`field${errors.senderPhone ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={ids.senderPhone}>
            {t.phone}
          </label>
          <input
            id={ids.senderPhone}
            className="control control--ltr"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            placeholder="05xxxxxxxx"
            value={values.senderPhone}
            aria-invalid={errors.senderPhone ? true : undefined}
            aria-describedby={described('senderPhone', true)}
            onChange={(e) => set('senderPhone', e.target.value)}
            onBlur={() => {
              const phone = normalizeQuickPhone(values.senderPhone);
              if (phone) set('senderPhone', phone);
            }}
          />
          <p className="field__hint" id={`${ids.senderPhone}-hint`}>
            {t.phoneHint}
          </p>
          {error('senderPhone')}
        </div>
        <div className={`field${errors.message ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={ids.message}>
            {t.message}
          </label>
          <textarea
            id={ids.message}
            className="control control--textarea"
            rows={4}
            maxLength={QUICK_MESSAGE_MAX_LENGTH}
            value={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described('message', true)}
            onChange={(e) => set('message', e.target.value)}
          />
          <p className="field__hint field__hint--split" id={`${ids.message}-hint`}>
            <span>{t.messageHint}</span>
            <span dir="ltr">
              {values.message.length}/{QUICK_MESSAGE_MAX_LENGTH}
            </span>
          </p>
          {error('message')}
        </div>
        {values.message.trim() ? (
          <p className="quick-message__preview" data-testid="quick-message-preview">
            {t.detected} <strong>{classification.inquiryType}</strong> — {t.subject}: <strong>{classification.inquirySubject}</strong>
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner size="sm" label={t.submitting} /> : <Send size={18} aria-hidden="true" className="icon-dir" />}
          {mutation.isPending ? t.submitting : t.submit}
        </button>
        <p className="field__hint quick-message__note">{t.whatsappNote}</p>
      </form>
    </section>
  );
}

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CloudOff, Send } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { LocationSection } from './LocationSection';
import { useSubmitRequest } from './useSubmitRequest';
import { toWesternDigits } from '@shared/digits';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { Spinner } from '../../components/Spinner';
import { TOAST_REQUEST_MS, useToast } from '../toast/ToastProvider';
import { focusField, useRequestFormState } from './useRequestFormState';
import { firstErrorField, missingFieldErrors, toRequestPayload } from './submit';
import { DateField } from './DateField';
import { describedBy, Field } from './Field';
import { fieldId, formatErrors, missingCountText, missingFields, normalizeTime, type FieldName } from './form-state';
import { useDropdownOptions, useLocationOptions } from './options';
import { groupVenues } from './venue-groups';
import { clearDraft, readDraft, saveDraft } from './draft';
import { newIdempotencyKey } from '../offline/pending-requests';

const t = ar.requestForm;
const f = t.fields;

export function RequestForm() {
  const toast = useToast();
  const locations = useLocationOptions();
  const dropdowns = useDropdownOptions();

  // What the visitor typed before a reload or a lost connection comes back (draft.ts).
  const [draft] = useState(readDraft);
  const [draftShown, setDraftShown] = useState(draft !== null);
  const form = useRequestFormState(draft);
  const { values, setValues, errors, setErrors, pinned, set, setDate, blurPhone } = form;
  useEffect(() => {
    const timer = setTimeout(() => saveDraft(values, pinned), 300);
    return () => clearTimeout(timer);
  }, [values, pinned]);
  const areas = locations.data?.areas ?? [];
  const allDistricts = locations.data?.districts ?? [];
  const districts = useMemo(() => allDistricts.filter((d) => d.areaValue === values.area), [allDistricts, values.area]);
  const eventTypes = dropdowns.data?.eventTypes ?? [];
  const foodTypes = dropdowns.data?.foodTypes ?? [];
  const places = dropdowns.data?.importantPlaces ?? [];
  const venueGroups = useMemo(() => groupVenues(places), [places]);

  const { mutation, waitingKey } = useSubmitRequest(form);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || waitingKey) return;
    const missing = missingFields(values, pinned);
    if (missing.length > 0) {
      const inline = missingFieldErrors(missing);
      setErrors(inline);
      toast.show({
        variant: 'error',
        duration: TOAST_REQUEST_MS,
        title: `${t.missingTitle} (${missingCountText(missing.length)})`,
        items: missing.map((m) => m.label),
      });
      focusField(missing[0]!.field);
      return;
    }
    const invalid = formatErrors(values);
    const firstInvalid = firstErrorField(invalid);
    if (firstInvalid) {
      setErrors(invalid);
      toast.show({
        variant: 'error',
        duration: TOAST_REQUEST_MS,
        title: t.fixTitle,
        items: Object.values(invalid).filter((m): m is string => !!m),
      });
      focusField(firstInvalid);
      return;
    }
    setErrors({});
    const payload = toRequestPayload(
      values,
      pinned,
      { areas, districts: allDistricts, places },
      {
        consentText: f.whatsappConsent,
        hostname: window.location.hostname,
        userAgent: navigator.userAgent,
      },
    );
    // One key per request, made now: a resend after a lost connection cannot create a second request.
    mutation.mutate({ payload, key: newIdempotencyKey() });
  };

  const optionsFailed = locations.isError || dropdowns.isError;
  const canSubmit = values.termsAccepted && values.whatsappOptIn && !mutation.isPending && !waitingKey;
  const inputProps = (name: FieldName, hint?: unknown) => ({
    id: fieldId(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint, errors[name]),
  });

  return (
    <form className="request-form" noValidate onSubmit={onSubmit} aria-labelledby="request-form-title">
      <p className="request-form__required-hint">{t.requiredHint}</p>
      {draftShown && !waitingKey ? (
        <div className="notice notice--draft" role="status">
          <span>{t.offline.draftRestored}</span>
          <button
            type="button"
            className="button button--sm button--outline"
            onClick={() => {
              form.reset();
              clearDraft();
              setDraftShown(false);
            }}
          >
            {t.offline.draftClear}
          </button>
        </div>
      ) : null}
      {optionsFailed ? (
        <div className="notice notice--error" role="alert">
          <span>{t.optionsError}</span>
          <button
            type="button"
            className="button button--sm button--outline"
            onClick={() => {
              void locations.refetch();
              void dropdowns.refetch();
            }}
          >
            {ar.common.retry}
          </button>
        </div>
      ) : null}

      {/* 1. Event */}
      <fieldset className="form-section">
        <legend className="form-section__title">
          <span className="form-section__number" aria-hidden="true">
            1
          </span>
          {t.sections.event}
        </legend>
        <div className="form-grid">
          <Field name="eventType" label={f.eventType} required error={errors.eventType}>
            <select
              {...inputProps('eventType')}
              className="control"
              value={values.eventType}
              onChange={(e) => set('eventType', e.target.value)}
            >
              <option value="">{dropdowns.isPending ? ar.common.loading : f.eventTypePlaceholder}</option>
              {eventTypes.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field name="attendeeCount" label={f.attendeeCount} required hint={f.attendeeHint} error={errors.attendeeCount}>
            <input
              {...inputProps('attendeeCount', true)}
              className="control control--ltr"
              inputMode="numeric"
              autoComplete="off"
              placeholder="100"
              maxLength={7}
              value={values.attendeeCount}
              onChange={(e) => set('attendeeCount', toWesternDigits(e.target.value).replace(/[^\d]/g, ''))}
            />
          </Field>
          <DateField value={values.eventDate} onChange={setDate} error={errors.eventDate} />
          <Field
            name="endTime"
            label={f.endTime}
            required
            hint={values.eventDate ? f.endTimeHint : f.endTimeNeedsDate}
            error={errors.endTime}
          >
            <input
              {...inputProps('endTime', true)}
              className="control control--ltr"
              inputMode="numeric"
              autoComplete="off"
              placeholder="--:--"
              maxLength={5}
              disabled={!values.eventDate}
              value={values.endTime}
              onChange={(e) => set('endTime', toWesternDigits(e.target.value))}
              onBlur={() => setValues((v) => (v.endTime.trim() ? { ...v, endTime: normalizeTime(v.endTime) } : v))}
            />
          </Field>
        </div>
      </fieldset>

      {/* 2. Location */}
      <LocationSection
        form={form}
        areas={areas}
        districts={districts}
        venueGroups={venueGroups}
        areasLoading={locations.isPending}
        venuesLoading={dropdowns.isPending}
        inputProps={inputProps}
      />

      {/* 3. Organizer */}
      <fieldset className="form-section">
        <legend className="form-section__title">
          <span className="form-section__number" aria-hidden="true">
            3
          </span>
          {t.sections.organizer}
        </legend>
        <div className="form-grid">
          <Field name="organizerName" label={f.organizerName} required error={errors.organizerName}>
            <input
              {...inputProps('organizerName')}
              className="control"
              autoComplete="name"
              maxLength={100}
              value={values.organizerName}
              onChange={(e) => set('organizerName', e.target.value)}
            />
          </Field>
          <Field name="organizerPhone" label={f.organizerPhone} required hint={f.phoneHint} error={errors.organizerPhone}>
            <input
              {...inputProps('organizerPhone', true)}
              className="control control--ltr"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              placeholder="05xxxxxxxx"
              value={values.organizerPhone}
              onChange={(e) => set('organizerPhone', e.target.value)}
              onBlur={blurPhone('organizerPhone')}
            />
          </Field>
          <Field name="organizerEmail" label={f.organizerEmail} error={errors.organizerEmail}>
            <input
              {...inputProps('organizerEmail')}
              className="control control--ltr"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder="name@example.com"
              value={values.organizerEmail}
              onChange={(e) => set('organizerEmail', e.target.value)}
            />
          </Field>
        </div>
      </fieldset>

      {/* 4. Extra */}
      <fieldset className="form-section">
        <legend className="form-section__title">
          <span className="form-section__number" aria-hidden="true">
            4
          </span>
          {t.sections.extra}
        </legend>
        {foodTypes.length > 0 ? (
          <fieldset className="field chips" aria-describedby={undefined}>
            <legend className="field__label">
              {f.foodTypes} <span className="field__optional">{t.optional}</span>
            </legend>
            <div className="chips__list">
              {foodTypes.map((food) => {
                const checked = values.foodTypes.includes(food.value);
                return (
                  <label key={food.value} className={`chip${checked ? ' chip--checked' : ''}`}>
                    <input
                      type="checkbox"
                      name="foodTypes"
                      value={food.value}
                      checked={checked}
                      onChange={() =>
                        set('foodTypes', checked ? values.foodTypes.filter((v) => v !== food.value) : [...values.foodTypes, food.value])
                      }
                    />
                    <span>{food.label}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <Field name="additionalNotes" label={f.additionalNotes} hint={f.additionalNotesHint}>
          <textarea
            id={fieldId('additionalNotes')}
            name="additionalNotes"
            className="control control--textarea"
            rows={3}
            maxLength={1000}
            aria-describedby={describedBy('additionalNotes', true, false)}
            value={values.additionalNotes}
            onChange={(e) => set('additionalNotes', e.target.value)}
          />
        </Field>
      </fieldset>

      {/* 5. Consents */}
      <fieldset className="form-section">
        <legend className="form-section__title">
          <span className="form-section__number" aria-hidden="true">
            5
          </span>
          {t.sections.consents}
        </legend>
        <div className={`consent${errors.termsAccepted ? ' consent--invalid' : ''}`}>
          <input
            type="checkbox"
            id={fieldId('termsAccepted')}
            checked={values.termsAccepted}
            onChange={(e) => set('termsAccepted', e.target.checked)}
            aria-describedby={describedBy('termsAccepted', false, errors.termsAccepted)}
          />
          <label htmlFor={fieldId('termsAccepted')}>
            {f.terms}{' '}
            <Link to={PUBLIC_ROUTES.terms} className="inline-link" target="_blank">
              {f.termsLink}
            </Link>{' '}
            {f.and}
            <Link to={PUBLIC_ROUTES.privacy} className="inline-link" target="_blank">
              {f.privacyLink}
            </Link>
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          {errors.termsAccepted ? (
            <p className="field__error" id={`${fieldId('termsAccepted')}-error`}>
              {errors.termsAccepted}
            </p>
          ) : null}
        </div>
        <div className={`consent${errors.whatsappOptIn ? ' consent--invalid' : ''}`}>
          <input
            type="checkbox"
            id={fieldId('whatsappOptIn')}
            checked={values.whatsappOptIn}
            onChange={(e) => set('whatsappOptIn', e.target.checked)}
            aria-describedby={describedBy('whatsappOptIn', false, errors.whatsappOptIn)}
          />
          <label htmlFor={fieldId('whatsappOptIn')}>
            {f.whatsappConsent}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          {errors.whatsappOptIn ? (
            <p className="field__error" id={`${fieldId('whatsappOptIn')}-error`}>
              {errors.whatsappOptIn}
            </p>
          ) : null}
        </div>
      </fieldset>

      <p className="request-form__promise">{t.footerPromise}</p>
      <div className="submit-bar">
        {/* In the bar that stays on screen: the visitor sees it wherever they scroll. */}
        {waitingKey ? (
          <div className="notice notice--waiting" role="status">
            <CloudOff size={22} aria-hidden="true" />
            <p>
              <strong>{t.offline.waitingTitle}</strong> {t.offline.waitingBody}
            </p>
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--accent button--lg submit-bar__button"
          disabled={!canSubmit}
          aria-describedby={canSubmit || mutation.isPending || waitingKey ? undefined : 'rf-submit-hint'}
        >
          {mutation.isPending ? <Spinner size="sm" label={t.submitting} /> : <Send size={20} aria-hidden="true" className="icon-dir" />}
          {mutation.isPending ? t.submitting : waitingKey ? t.offline.waitingButton : t.submit}
        </button>
        {canSubmit || mutation.isPending || waitingKey ? null : (
          <p className="submit-bar__hint" id="rf-submit-hint">
            {t.submitDisabledHint}
          </p>
        )}
      </div>
    </form>
  );
}

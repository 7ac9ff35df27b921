import { lazy, Suspense, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Crosshair, ExternalLink, Map as MapIcon, MapPin, RotateCcw, Send } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { ApiError } from '../../lib/api';
import { toWesternDigits } from '@shared/digits';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { GPS_LOCATION_PHRASE } from '@shared/constants';
import { formatPhone } from '../../lib/phone';
import { LtrText } from '../../components/LtrText';
import { Spinner } from '../../components/Spinner';
import { useContent } from '../content/useContent';
import { homepageStatisticsQueryKey } from '../statistics/api';
import { TOAST_REQUEST_LONG_MS, TOAST_REQUEST_MS, useToast } from '../toast/ToastProvider';
import { submitRequest } from './api';
import { firstErrorField, missingFieldErrors, serverFieldErrors, toRequestPayload } from './submit';
import { DateField } from './DateField';
import { describedBy, Field } from './Field';
import {
  EMPTY_FORM,
  OTHER_VENUE,
  fieldId,
  formatErrors,
  missingCountText,
  missingFields,
  normalizePhoneInput,
  normalizeTime,
  type FieldName,
  type LocationType,
  type PinnedLocation,
  type RequestFormValues,
} from './form-state';
import {
  accuracyLabel,
  currentPosition,
  geolocationErrorMessage,
  geolocationSupported,
  reverseGeocode,
  type Coordinates,
} from './geolocation';
import { dropdownOptionsQueryKey, groupVenues, locationOptionsQueryKey, useDropdownOptions, useLocationOptions } from './options';

// The map (Leaflet and its tiles) downloads only when the visitor opens it.
const MapPicker = lazy(() => import('./MapPicker'));

const t = ar.requestForm;
const f = t.fields;

/** Scrolls to a field and puts the focus in it. */
function focusField(field: FieldName) {
  const element = document.getElementById(fieldId(field));
  if (!element) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'instant' : 'smooth', block: 'center' });
  element.focus({ preventScroll: true });
}

export function RequestForm() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const content = useContent();
  const locations = useLocationOptions();
  const dropdowns = useDropdownOptions();

  const [values, setValues] = useState<RequestFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pinned, setPinned] = useState<PinnedLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState('');
  const [mapOpen, setMapOpen] = useState(false);
  const autoLandmarks = useRef('');

  const areas = locations.data?.areas ?? [];
  const allDistricts = locations.data?.districts ?? [];
  const districts = useMemo(() => allDistricts.filter((d) => d.areaValue === values.area), [allDistricts, values.area]);
  const eventTypes = dropdowns.data?.eventTypes ?? [];
  const foodTypes = dropdowns.data?.foodTypes ?? [];
  const places = dropdowns.data?.importantPlaces ?? [];
  const venueGroups = useMemo(() => groupVenues(places), [places]);
  const locked = pinned !== null || locating;

  const set = useCallback(<K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  }, []);

  const setDate = (date: string) => {
    // Changing the date clears the end time.
    setValues((v) => (v.eventDate === date ? v : { ...v, eventDate: date, endTime: '' }));
    setErrors((e) => ({ ...e, eventDate: undefined, endTime: undefined }));
  };
  const setArea = (area: string) => {
    // Changing the area clears the district.
    setValues((v) => (v.area === area ? v : { ...v, area, district: '' }));
    setErrors((e) => ({ ...e, area: undefined, district: undefined }));
  };
  const setLocationType = (type: LocationType) => {
    setValues((v) => ({ ...v, locationType: type }));
    setErrors((e) => ({ ...e, locationType: undefined }));
  };

  /** GPS or the map gave a point: lock the address fields and clear them. */
  const pin = async (point: Coordinates, source: PinnedLocation['source'], accuracy?: number) => {
    const base: PinnedLocation = { source, ...point, accuracy, address: '', mapLink: '', resolved: false };
    setPinned(base);
    setValues((v) => ({
      ...v,
      locationType: 'custom',
      area: '',
      district: '',
      buildingNumber: '',
      street: '',
      importantPlace: '',
      importantPlaceText: '',
    }));
    setErrors((e) => ({ ...e, locationType: undefined, area: undefined, district: undefined, buildingNumber: undefined }));
    const place = await reverseGeocode(point);
    const landmarks = `${GPS_LOCATION_PHRASE}: ${place.address}`;
    setPinned((current) =>
      current && current.latitude === point.latitude && current.longitude === point.longitude
        ? { ...current, address: place.address, mapLink: place.mapLink, resolved: place.source !== 'coordinates' }
        : current,
    );
    // Typed landmarks stay; an earlier automatic text is replaced.
    const previousAuto = autoLandmarks.current;
    autoLandmarks.current = landmarks;
    setValues((v) => (v.landmarks.trim() && v.landmarks !== previousAuto ? v : { ...v, landmarks }));
  };

  const useGps = async () => {
    setGeoError('');
    if (!geolocationSupported()) {
      setGeoError(t.location.errors.unsupported);
      window.alert(t.location.errors.unsupported);
      return;
    }
    setLocating(true);
    try {
      const position = await currentPosition();
      setLocating(false);
      await pin({ latitude: position.coords.latitude, longitude: position.coords.longitude }, 'gps', position.coords.accuracy);
    } catch (error) {
      setLocating(false);
      setGeoError(geolocationErrorMessage(error as GeolocationPositionError));
    }
  };

  const resetLocation = () => {
    setPinned(null);
    setGeoError('');
    // Updaters run later: read the automatic landmarks text now.
    const auto = autoLandmarks.current;
    setValues((v) => ({
      ...v,
      locationType: '',
      area: '',
      district: '',
      buildingNumber: '',
      street: '',
      landmarks: v.landmarks === auto ? '' : v.landmarks,
    }));
    autoLandmarks.current = '';
    requestAnimationFrame(() => focusField('locationType'));
  };

  const mutation = useMutation({
    mutationFn: submitRequest,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
      void queryClient.invalidateQueries({ queryKey: locationOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dropdownOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: homepageStatisticsQueryKey });
      const phone = formatPhone(content.find('contact_phone'));
      toast.show({
        variant: 'success',
        duration: TOAST_REQUEST_LONG_MS,
        title: t.toasts.successTitle,
        description: (
          <>
            {t.toasts.successNumber}{' '}
            <LtrText>
              <strong>#{created.id}</strong>
            </LtrText>
            .{' '}
            {phone ? (
              <>
                {t.toasts.successBody}{' '}
                <a href={`https://wa.me/${phone.whatsapp}`} className="inline-link" target="_blank" rel="noreferrer">
                  <LtrText>{phone.display}</LtrText>
                </a>
                .
              </>
            ) : (
              t.toasts.successBodyNoPhone
            )}
          </>
        ),
      });
      setValues(EMPTY_FORM);
      setPinned(null);
      setErrors({});
      autoLandmarks.current = '';
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'DUPLICATE_REQUEST') {
        const id = error.details?.existingRequestId;
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_LONG_MS,
          title: t.toasts.duplicateTitle,
          description: (
            <>
              {t.toasts.duplicateBody}{' '}
              <LtrText>
                <strong>#{String(id ?? '')}</strong>
              </LtrText>
              . {t.toasts.duplicateAdvice}
            </>
          ),
        });
        return;
      }
      if (error instanceof ApiError && error.code === 'ACTIVE_REQUESTS_LIMIT') {
        const count = Number(error.details?.activeRequestsCount ?? 2);
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_LONG_MS,
          title: t.toasts.limitTitle,
          description: (
            <>
              {t.toasts.limitBody}: <LtrText>{String(count)}</LtrText>. {t.toasts.limitAdvice}
            </>
          ),
        });
        return;
      }
      if (error instanceof ApiError && error.errors) {
        const { fields: next, others } = serverFieldErrors(error.errors);
        setErrors(next);
        const first = firstErrorField(next);
        if (first) focusField(first);
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_MS,
          title: t.toasts.errorTitle,
          description: error.serverMessage || t.toasts.errorFallback,
          items: [...Object.values(next).filter((m): m is string => !!m), ...others],
        });
        return;
      }
      toast.show({
        variant: 'error',
        duration: TOAST_REQUEST_MS,
        title: t.toasts.errorTitle,
        description: (error instanceof ApiError && error.serverMessage) || t.toasts.errorFallback,
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
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
    mutation.mutate(payload);
  };

  const blurPhone = (key: 'locationPhone' | 'organizerPhone') => () => {
    setValues((v) => (v[key].trim() ? { ...v, [key]: normalizePhoneInput(v[key]) } : v));
  };

  const optionsFailed = locations.isError || dropdowns.isError;
  const canSubmit = values.termsAccepted && values.whatsappOptIn && !mutation.isPending;
  const inputProps = (name: FieldName, hint?: unknown) => ({
    id: fieldId(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint, errors[name]),
  });

  return (
    <form className="request-form" noValidate onSubmit={onSubmit} aria-labelledby="request-form-title">
      <p className="request-form__required-hint">{t.requiredHint}</p>
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
      <fieldset className="form-section">
        <legend className="form-section__title">
          <span className="form-section__number" aria-hidden="true">
            2
          </span>
          {t.sections.location}
        </legend>

        <div className="locate">
          <div className="locate__buttons">
            <button type="button" className="button button--secondary" onClick={() => void useGps()} disabled={locating || pinned !== null}>
              {locating ? <Spinner size="sm" label={t.location.locating} /> : <Crosshair size={18} aria-hidden="true" />}
              {locating ? t.location.locating : t.location.useGps}
            </button>
            <button type="button" className="button button--outline" onClick={() => setMapOpen(true)} disabled={locating || mapOpen}>
              <MapIcon size={18} aria-hidden="true" />
              {t.location.pickOnMap}
            </button>
          </div>
          {geoError ? (
            <p className="notice notice--error" role="alert">
              {geoError}
            </p>
          ) : null}
          {mapOpen ? (
            <section className="map-dialog" aria-label={t.location.mapTitle}>
              <h3 className="map-dialog__title">{t.location.mapTitle}</h3>
              <Suspense fallback={<Spinner showLabel label={t.location.mapLoading} />}>
                <MapPicker
                  initial={pinned ?? undefined}
                  onCancel={() => setMapOpen(false)}
                  onConfirm={(point) => {
                    setMapOpen(false);
                    setGeoError('');
                    void pin(point, 'map');
                  }}
                />
              </Suspense>
            </section>
          ) : null}
          {pinned ? (
            <div className="pinned" role="status" data-testid="pinned-location">
              <MapPin size={22} aria-hidden="true" className="pinned__icon" />
              <div className="pinned__body">
                <p className="pinned__title">{pinned.source === 'gps' ? t.location.pinnedGps : t.location.pinnedMap}</p>
                <p className="pinned__address">{pinned.address ? pinned.address : t.location.resolving}</p>
                {pinned.address && !pinned.resolved ? <p className="field__hint">{t.location.coordinatesOnly}</p> : null}
                {pinned.accuracy !== undefined ? (
                  <p className="pinned__accuracy">
                    {t.location.accuracyLabel}: <strong>{accuracyLabel(pinned.accuracy)}</strong> ({t.location.about}{' '}
                    {Math.round(pinned.accuracy)} {t.location.meters})
                  </p>
                ) : null}
                {pinned.mapLink ? (
                  <a href={pinned.mapLink} className="inline-link" target="_blank" rel="noreferrer">
                    <ExternalLink size={16} aria-hidden="true" /> {t.location.openMap}
                  </a>
                ) : null}
                <p className="field__hint">{t.location.lockedNote}</p>
              </div>
              <button type="button" className="button button--sm button--outline pinned__reset" onClick={resetLocation}>
                <RotateCcw size={16} aria-hidden="true" />
                {t.location.reset}
              </button>
            </div>
          ) : (
            <p className="locate__or">{t.location.or}</p>
          )}
        </div>

        <Field name="locationType" label={f.locationType} required error={errors.locationType} asGroup>
          <div
            className="choice-cards"
            role="radiogroup"
            aria-labelledby={`${fieldId('locationType')}-label`}
            aria-describedby={describedBy('locationType', false, errors.locationType)}
          >
            {(
              [
                ['custom', f.custom, f.customHint],
                ['important_place', f.importantPlace, f.importantPlaceHint],
              ] as const
            ).map(([value, label, hint], index) => (
              <label key={value} className={`choice-card${values.locationType === value ? ' choice-card--checked' : ''}`}>
                <input
                  type="radio"
                  name="locationType"
                  id={index === 0 ? fieldId('locationType') : undefined}
                  value={value}
                  checked={values.locationType === value}
                  disabled={locked}
                  onChange={() => setLocationType(value)}
                />
                <span className="choice-card__text">
                  <span className="choice-card__label">{label}</span>
                  <span className="choice-card__hint">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </Field>

        {values.locationType === 'custom' ? (
          <div className="form-grid">
            <Field name="area" label={f.area} required error={errors.area}>
              <select
                {...inputProps('area')}
                className="control"
                value={values.area}
                disabled={locked}
                onChange={(e) => setArea(e.target.value)}
              >
                <option value="">{locations.isPending ? ar.common.loading : f.areaPlaceholder}</option>
                {areas.map((a) => (
                  <option key={a.value} value={a.value}>
                    {a.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="district" label={f.district} required error={errors.district}>
              <select
                {...inputProps('district')}
                className="control"
                value={values.district}
                disabled={locked || !values.area}
                onChange={(e) => set('district', e.target.value)}
              >
                <option value="">{values.area ? f.districtPlaceholder : f.districtNeedsArea}</option>
                {districts.map((d) => (
                  <option key={`${d.areaValue}/${d.value}`} value={d.value}>
                    {d.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field name="buildingNumber" label={f.buildingNumber} required hint={f.buildingHint} error={errors.buildingNumber}>
              <input
                {...inputProps('buildingNumber', true)}
                className="control"
                autoComplete="off"
                maxLength={100}
                disabled={locked}
                value={values.buildingNumber}
                onChange={(e) => set('buildingNumber', e.target.value)}
              />
            </Field>
            <Field name="street" label={f.street}>
              <input
                id={fieldId('street')}
                name="street"
                className="control"
                autoComplete="address-line1"
                maxLength={100}
                disabled={locked}
                value={values.street}
                onChange={(e) => {
                  set('street', e.target.value);
                  setErrors((er) => ({ ...er, buildingNumber: undefined }));
                }}
              />
            </Field>
          </div>
        ) : null}

        {values.locationType === 'important_place' && !pinned ? (
          <div className="form-grid">
            <Field name="importantPlace" label={f.venue} required error={errors.importantPlace}>
              <select
                {...inputProps('importantPlace')}
                className="control"
                value={values.importantPlace}
                onChange={(e) => set('importantPlace', e.target.value)}
              >
                <option value="">{dropdowns.isPending ? ar.common.loading : f.venuePlaceholder}</option>
                {venueGroups.map((group) => (
                  <optgroup key={group.key} label={f.venueGroups[group.key]}>
                    {group.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </optgroup>
                ))}
                <option value={OTHER_VENUE}>{f.venueOther}</option>
              </select>
            </Field>
            {values.importantPlace === OTHER_VENUE ? (
              <Field name="importantPlaceText" label={f.venueText} required error={errors.importantPlaceText}>
                <input
                  {...inputProps('importantPlaceText')}
                  className="control"
                  maxLength={200}
                  value={values.importantPlaceText}
                  onChange={(e) => set('importantPlaceText', e.target.value)}
                />
              </Field>
            ) : null}
          </div>
        ) : null}

        <div className="form-grid">
          <Field name="landmarks" label={f.landmarks} hint={f.landmarksHint} error={errors.landmarks} className="form-grid__wide">
            <input
              {...inputProps('landmarks', true)}
              className="control"
              maxLength={300}
              value={values.landmarks}
              onChange={(e) => set('landmarks', e.target.value)}
            />
          </Field>
          <Field name="locationPhone" label={f.locationPhone} hint={f.locationPhoneHint} error={errors.locationPhone}>
            <input
              {...inputProps('locationPhone', true)}
              className="control control--ltr"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={20}
              placeholder="05xxxxxxxx"
              value={values.locationPhone}
              onChange={(e) => set('locationPhone', e.target.value)}
              onBlur={blurPhone('locationPhone')}
            />
          </Field>
        </div>
      </fieldset>

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
        <button
          type="submit"
          className="button button--accent button--lg submit-bar__button"
          disabled={!canSubmit}
          aria-describedby={canSubmit || mutation.isPending ? undefined : 'rf-submit-hint'}
        >
          {mutation.isPending ? <Spinner size="sm" label={t.submitting} /> : <Send size={20} aria-hidden="true" className="icon-dir" />}
          {mutation.isPending ? t.submitting : t.submit}
        </button>
        {canSubmit || mutation.isPending ? null : (
          <p className="submit-bar__hint" id="rf-submit-hint">
            {t.submitDisabledHint}
          </p>
        )}
      </div>
    </form>
  );
}

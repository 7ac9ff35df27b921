import { lazy, Suspense } from 'react';
import { Crosshair, ExternalLink, Map as MapIcon, MapPin, RotateCcw } from 'lucide-react';
import { IMPORTANT_PLACE_GROUP_LABELS } from '@shared/labels';
import { ar } from '../../i18n/ar';
import { Spinner } from '../../components/Spinner';
import { describedBy, Field } from './Field';
import { OTHER_VENUE, fieldId, type FieldName } from './form-state';
import { accuracyLabel } from './geolocation';
import type { AreaOption, DistrictOption } from './options';
import type { VenueGroup } from './venue-groups';
import type { RequestFormState } from './useRequestFormState';

// The map (Leaflet and its tiles) downloads only when the visitor opens it.
const MapPicker = lazy(() => import('./MapPicker'));

const t = ar.requestForm;
const f = t.fields;

interface LocationSectionProps {
  form: RequestFormState;
  areas: readonly AreaOption[];
  /** The districts of the chosen area. */
  districts: readonly DistrictOption[];
  venueGroups: VenueGroup[];
  areasLoading: boolean;
  venuesLoading: boolean;
  inputProps: (name: FieldName, hint?: unknown) => Record<string, unknown>;
}

/**
 * Section 2 of the request form: GPS or a point on the map (which lock the address fields), or a
 * typed address (area, district, building or street), or a venue from the list; then landmarks and
 * the location's phone.
 */
export function LocationSection({ form, areas, districts, venueGroups, areasLoading, venuesLoading, inputProps }: LocationSectionProps) {
  const { values, errors, pinned, locating, geoError, setGeoError, mapOpen, setMapOpen, locked } = form;
  const { set, setArea, setLocationType, pin, useGps, resetLocation, blurPhone, setErrors } = form;
  return (
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
              <option value="">{areasLoading ? ar.common.loading : f.areaPlaceholder}</option>
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
              <option value="">{venuesLoading ? ar.common.loading : f.venuePlaceholder}</option>
              {venueGroups.map((group) => (
                <optgroup key={group.key} label={IMPORTANT_PLACE_GROUP_LABELS[group.key]}>
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
  );
}

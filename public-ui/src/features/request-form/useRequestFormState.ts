import { useCallback, useRef, useState } from 'react';
import { GPS_LOCATION_PHRASE } from '@shared/constants';
import { ar } from '../../i18n/ar';
import {
  EMPTY_FORM,
  fieldId,
  normalizePhoneInput,
  type FieldName,
  type LocationType,
  type PinnedLocation,
  type RequestFormValues,
} from './form-state';
import { currentPosition, geolocationErrorMessage, geolocationSupported, reverseGeocode, type Coordinates } from './geolocation';

const t = ar.requestForm;

/** Scrolls to a field and puts the focus in it. */
export function focusField(field: FieldName) {
  const element = document.getElementById(fieldId(field));
  if (!element) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'instant' : 'smooth', block: 'center' });
  element.focus({ preventScroll: true });
}

/**
 * What the visitor has entered, its errors and the location state (a GPS or map point locks the
 * address fields), with the rules that tie fields together: a new date clears the end time, a new
 * area the district, and a pinned point the typed address. `initial` is a saved draft (draft.ts).
 */
export function useRequestFormState(initial?: { values: RequestFormValues; pinned: PinnedLocation | null } | null) {
  const [values, setValues] = useState<RequestFormValues>(initial?.values ?? EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pinned, setPinned] = useState<PinnedLocation | null>(initial?.pinned ?? null);
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState('');
  const [mapOpen, setMapOpen] = useState(false);
  const autoLandmarks = useRef('');

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

  const locked = pinned !== null || locating;

  const blurPhone = (key: 'locationPhone' | 'organizerPhone') => () => {
    setValues((v) => (v[key].trim() ? { ...v, [key]: normalizePhoneInput(v[key]) } : v));
  };

  /** Empty again after a request was sent. */
  const reset = () => {
    setValues(EMPTY_FORM);
    setPinned(null);
    setErrors({});
    autoLandmarks.current = '';
  };

  return {
    values,
    setValues,
    errors,
    setErrors,
    pinned,
    locating,
    geoError,
    setGeoError,
    mapOpen,
    setMapOpen,
    locked,
    set,
    setDate,
    setArea,
    setLocationType,
    pin,
    useGps,
    resetLocation,
    blurPhone,
    reset,
  };
}

export type RequestFormState = ReturnType<typeof useRequestFormState>;

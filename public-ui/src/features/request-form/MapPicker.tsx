import { useState } from 'react';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MAP_ATTRIBUTION, MAP_TILE_URL, YANBU_CENTER } from '../../lib/map-config';
import { ar } from '../../i18n/ar';
import type { Coordinates } from './geolocation';

// Leaflet's default marker looks for its images next to its CSS; point it at the bundled files.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

function ClickToPlace({ onPick }: { onPick: (point: [number, number]) => void }) {
  useMapEvents({ click: (event) => onPick([event.latlng.lat, event.latlng.lng]) });
  return null;
}

interface MapPickerProps {
  initial?: Coordinates;
  onConfirm: (point: Coordinates) => void;
  onCancel: () => void;
}

/** A map of Yanbu: click or drag the marker to the event's place, then confirm. */
export default function MapPicker({ initial, onConfirm, onCancel }: MapPickerProps) {
  const t = ar.requestForm.location;
  const [point, setPoint] = useState<[number, number]>(initial ? [initial.latitude, initial.longitude] : YANBU_CENTER);
  return (
    <div className="map-picker">
      <p className="field__hint">{t.mapHelp}</p>
      <div className="map-picker__map" data-testid="map-picker">
        <MapContainer center={point} zoom={14} scrollWheelZoom style={{ blockSize: '100%', inlineSize: '100%' }}>
          <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
          <ClickToPlace onPick={setPoint} />
          <Marker
            position={point}
            icon={icon}
            draggable
            title={t.mapMarker}
            alt={t.mapMarker}
            eventHandlers={{
              dragend: (event) => {
                const ll = (event.target as L.Marker).getLatLng();
                setPoint([ll.lat, ll.lng]);
              },
            }}
          />
        </MapContainer>
      </div>
      <p className="map-picker__coords" dir="ltr">
        {point[0].toFixed(6)}, {point[1].toFixed(6)}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => onConfirm({ latitude: point[0], longitude: point[1] })}>
          {t.mapConfirm}
        </button>
        <button type="button" className="button button--outline" onClick={onCancel}>
          {t.mapCancel}
        </button>
      </div>
    </div>
  );
}

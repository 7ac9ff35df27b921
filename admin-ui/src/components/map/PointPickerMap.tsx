import { useEffect } from 'react';
import { AttributionControl, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MAP_ATTRIBUTION, MAP_TILE_URL, YANBU_CENTER } from './mapConfig';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

// Leaflet's default marker looks for its images next to its CSS; point it at the bundled files.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function TapToPlace({ onPick, onCentre }: { onPick: (point: MapPoint) => void; onCentre: (centre: MapPoint) => void }) {
  const map = useMapEvents({
    click: (event) => onPick({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
    moveend: () => {
      const centre = map.getCenter();
      onCentre({ latitude: round(centre.lat), longitude: round(centre.lng) });
    },
  });
  return null;
}

/** A dialog opens at its final size after the map mounted: measure again so no tiles are missing. */
function FixSize() {
  const map = useMap();
  useEffect(() => {
    const timer = setTimeout(() => map.invalidateSize(), 250);
    return () => clearTimeout(timer);
  }, [map]);
  return null;
}

interface PointPickerMapProps {
  point: MapPoint | null;
  onPick: (point: MapPoint) => void;
  /** The map's centre after each pan or zoom (for a "place the marker here" button used from the keyboard). */
  onCentre: (centre: MapPoint) => void;
  label: string;
  markerLabel: string;
  height?: number;
}

/**
 * A map of Yanbu on which a tap (or click) places the marker, which can also be dragged. Opens on the
 * point when there is one. Loaded on demand: Leaflet and its tiles download only when a map is shown.
 */
export default function PointPickerMap({ point, onPick, onCentre, label, markerLabel, height = 280 }: PointPickerMapProps) {
  const centre: [number, number] = point ? [point.latitude, point.longitude] : YANBU_CENTER;
  return (
    <div data-testid="point-picker-map" role="group" aria-label={label} style={{ blockSize: height, inlineSize: '100%' }}>
      <MapContainer
        center={centre}
        zoom={point ? 16 : 12}
        scrollWheelZoom
        attributionControl={false}
        style={{ blockSize: '100%', inlineSize: '100%', borderRadius: 10 }}
      >
        {/* The tiles' credit only (no "Leaflet" prefix: no English beyond the map project's own name). */}
        <AttributionControl prefix={false} />
        <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
        <TapToPlace onPick={onPick} onCentre={onCentre} />
        <FixSize />
        {point ? (
          <Marker
            position={[point.latitude, point.longitude]}
            icon={icon}
            draggable
            title={markerLabel}
            alt={markerLabel}
            eventHandlers={{
              dragend: (event) => {
                const ll = (event.target as L.Marker).getLatLng();
                onPick({ latitude: round(ll.lat), longitude: round(ll.lng) });
              },
            }}
          />
        ) : null}
      </MapContainer>
    </div>
  );
}

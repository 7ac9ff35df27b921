import { useEffect, useMemo } from 'react';
import { GlobalStyles } from '@mui/material';
import { MapContainer, Marker, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useTranslate } from 'react-admin';
import type { PickupRow } from '@shared/api/pickups';
import { mapsLink } from '@shared/pickups';
import { MAP_ATTRIBUTION, MAP_TILE_URL, YANBU_CENTER } from '../../components/map/mapConfig';
import { located } from './pickupFormat';

// Leaflet's default marker looks for its images beside its CSS, which Vite moves: point it at the
// bundled files (any default marker, e.g. a plugin's, then finds them).
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

/** A round marker with the pickup's order in the day, so the map and the list read alike. */
const numbered = (order: number, done: boolean) =>
  L.divIcon({
    className: 'pickup-marker',
    html: `<span class="pickup-marker__pin${done ? ' pickup-marker__pin--done' : ''}" dir="ltr">${order}</span>`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
    popupAnchor: [0, -16],
  });

/** The numbered markers and the clusters in the brand's colours (white on deep green: 8:1). */
const MARKER_STYLES = {
  '.pickup-marker': { background: 'none', border: 'none' },
  '.pickup-marker__pin': {
    display: 'grid',
    placeItems: 'center',
    width: 34,
    height: 34,
    boxSizing: 'border-box',
    borderRadius: '50%',
    background: '#1b5e3b',
    color: '#fff',
    border: '3px solid #fff',
    boxShadow: '0 1px 5px rgba(0, 0, 0, 0.45)',
    fontWeight: 700,
    fontSize: 15,
    fontFamily: 'inherit',
  },
  '.pickup-marker__pin--done': { background: '#535c56' },
  // Inside the map container, so these win over the cluster plugin's own sheet whatever the load order.
  '.leaflet-container .marker-cluster': { backgroundColor: 'rgba(200, 150, 62, 0.45)' },
  '.leaflet-container .marker-cluster div': {
    backgroundColor: '#8f6420',
    color: '#fff',
    fontWeight: 700,
    fontFamily: 'inherit',
  },
};

/** Leaflet names itself in English before the tiles' attribution; the tiles' own credit is what must show. */
function ArabicControls() {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.setPrefix(false);
  }, [map]);
  return null;
}

/** Fits the map to its markers whenever the day changes. */
function FitBounds({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 1) map.setView(points[0], 15);
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
    // `key` names the points: the map refits only when they change, not on every render.
  }, [map, key]);
  return null;
}

/** The day's pickups on a map of Yanbu: numbered markers, clustered where they crowd. */
export default function PickupsMap({ pickups }: { pickups: PickupRow[] }) {
  const translate = useTranslate();
  const points = useMemo(() => located(pickups), [pickups]);
  return (
    <MapContainer
      center={YANBU_CENTER}
      zoom={12}
      scrollWheelZoom={false}
      zoomControl={false}
      style={{ blockSize: '100%', inlineSize: '100%' }}
    >
      <GlobalStyles styles={MARKER_STYLES} />
      <ArabicControls />
      <ZoomControl position="topleft" zoomInTitle={translate('app.pickups.zoom_in')} zoomOutTitle={translate('app.pickups.zoom_out')} />
      <TileLayer url={MAP_TILE_URL} attribution={MAP_ATTRIBUTION} />
      <FitBounds points={points.map((p) => [p.lat, p.lng])} />
      <MarkerClusterGroup chunkedLoading showCoverageOnHover={false} maxClusterRadius={40}>
        {points.map(({ pickup, order, lat, lng }) => (
          <Marker
            key={pickup.id}
            position={[lat, lng]}
            icon={numbered(order, pickup.status === 'completed')}
            title={`${order}. ${pickup.organizerName}`}
            alt={`${order}. ${pickup.organizerName}`}
          >
            <Popup>
              <div dir="rtl" style={{ fontFamily: 'inherit' }}>
                <strong>
                  {order}. {pickup.organizerName}
                </strong>
                <div>{pickup.place}</div>
                <a href={mapsLink(pickup, pickup.place)} target="_blank" rel="noopener noreferrer">
                  {translate('app.pickups.open_in_maps')}
                </a>
              </div>
            </Popup>
          </Marker>
        ))}
      </MarkerClusterGroup>
    </MapContainer>
  );
}

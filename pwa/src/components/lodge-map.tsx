import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

// Leaflet finds its default marker images by parsing CSS URLs, which breaks once Vite
// fingerprints the assets; an explicit icon with imported URLs always resolves.
const lodgeMarker = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export const MAP_ZOOM = 13;

/** The lodge on an OpenStreetMap map (docs/product.md, Landing page). Default export for lazy(). */
export default function LodgeMap({ latitude, longitude, lodgeName, tagline }: { latitude: number; longitude: number; lodgeName: string; tagline: string }) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <TileLayer
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      />
      <Marker position={[latitude, longitude]} icon={lodgeMarker}>
        <Popup>
          <strong>{lodgeName}</strong>
          <br />
          {tagline}
        </Popup>
      </Marker>
    </MapContainer>
  );
}

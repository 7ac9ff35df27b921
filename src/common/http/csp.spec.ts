import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config';
import { cspOrigins } from './csp';

const base = {
  csp: { mapTiles: ['https://tile.openstreetmap.org'], geocoding: ['https://nominatim.openstreetmap.org'] },
  storage: { driver: 'local', s3: { region: 'me-south-1', forcePathStyle: false } },
} as unknown as Pick<AppConfig, 'csp' | 'storage'>;

describe('cspOrigins', () => {
  it('lists the map tiles for images and the geocoder for fetch, nothing more with local storage', () => {
    expect(cspOrigins(base)).toEqual({ img: ['https://tile.openstreetmap.org'], connect: ['https://nominatim.openstreetmap.org'] });
  });

  it('adds the bucket with S3 storage: AWS by region, or the endpoint (and its bucket subdomains unless path style)', () => {
    const aws = cspOrigins({ ...base, storage: { ...base.storage, driver: 's3' } } as typeof base);
    expect(aws.connect).toContain('https://*.s3.me-south-1.amazonaws.com');
    expect(aws.img).toContain('https://s3.me-south-1.amazonaws.com');
    const minio = cspOrigins({
      ...base,
      storage: { driver: 's3', s3: { region: 'x', endpoint: 'https://files.charity.example:9000', forcePathStyle: true } },
    } as typeof base);
    expect(minio.connect).toEqual(['https://nominatim.openstreetmap.org', 'https://files.charity.example:9000']);
  });
});

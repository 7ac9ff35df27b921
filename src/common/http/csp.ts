import type { AppConfig } from '../../config/app-config';

/**
 * The foreign origins of the Content-Security-Policy: map tiles (images), reverse geocoding (fetch),
 * and, with S3 storage, the bucket (uploads by signed URL and the images they hold). Nothing else.
 */
export function cspOrigins(config: Pick<AppConfig, 'csp' | 'storage'>): { img: string[]; connect: string[] } {
  const storage: string[] = [];
  if (config.storage.driver === 's3') {
    const { endpoint, forcePathStyle, region } = config.storage.s3;
    if (endpoint) {
      const url = new URL(endpoint);
      storage.push(url.origin);
      // Virtual-hosted style puts the bucket in front of the endpoint's host.
      if (!forcePathStyle) storage.push(`${url.protocol}//*.${url.host}`);
    } else {
      storage.push(`https://*.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`);
    }
  }
  return { img: [...config.csp.mapTiles, ...storage], connect: [...config.csp.geocoding, ...storage] };
}

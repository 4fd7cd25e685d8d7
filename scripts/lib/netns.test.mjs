import { describe, expect, it } from 'vitest';
import { hostAddress } from './netns.mjs';
import { repoEnv } from './pg-ha.mjs';

// The multi-host shape's address plan and the backup repository as pgBackRest's variables (issue 51).
describe('multi-host addresses', () => {
  it('gives the data host, the database hosts and the app hosts addresses of their own', () => {
    expect(hostAddress('bs-data')).toBe('10.77.0.2');
    expect(hostAddress('bs-db1')).toBe('10.77.0.21');
    expect(hostAddress('bs-db2')).toBe('10.77.0.22');
    expect(hostAddress('bs-app1')).toBe('10.77.0.11');
    expect(hostAddress('bs-app9')).toBe('10.77.0.19');
    // Past bs-app9 the app hosts skip the database hosts' .21–.29.
    expect(hostAddress('bs-app10')).toBe('10.77.0.30');
    expect(hostAddress('bs-app80')).toBe('10.77.0.100');
    const all = ['bs-data', ...Array.from({ length: 9 }, (_, i) => `bs-db${i + 1}`), ...Array.from({ length: 80 }, (_, i) => `bs-app${i + 1}`)].map(hostAddress);
    expect(new Set(all).size).toBe(all.length);
    expect(() => hostAddress('bs-db10')).toThrow(/not a host name/);
    expect(() => hostAddress('bs-app81')).toThrow(/not a host name/);
  });
});

describe('repoEnv', () => {
  it('names the S3 repository in pgBackRest\'s own variables, as the API runs `pgbackrest info` with them', () => {
    const env = repoEnv({ s3: { endpoint: 'https://10.77.0.2:4570', bucket: 'database-backups', accessKeyId: 'K', secretAccessKey: 'S', verifyTls: false, prefix: 'pgbackrest' } });
    expect(env).toEqual({
      PGBACKREST_REPO1_TYPE: 's3',
      PGBACKREST_REPO1_PATH: '/pgbackrest',
      PGBACKREST_REPO1_S3_BUCKET: 'database-backups',
      PGBACKREST_REPO1_S3_ENDPOINT: '10.77.0.2',
      PGBACKREST_REPO1_STORAGE_PORT: '4570',
      PGBACKREST_REPO1_S3_REGION: 'us-east-1',
      PGBACKREST_REPO1_S3_KEY: 'K',
      PGBACKREST_REPO1_S3_KEY_SECRET: 'S',
      PGBACKREST_REPO1_S3_URI_STYLE: 'path',
      PGBACKREST_REPO1_STORAGE_VERIFY_TLS: 'n',
      PGBACKREST_REPO1_RETENTION_FULL: '2',
    });
    expect(() => repoEnv({ s3: { endpoint: 'http://10.77.0.2:4569', bucket: 'b' } })).toThrow(/only TLS/);
  });
});

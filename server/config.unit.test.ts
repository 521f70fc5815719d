import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('runs with zero configuration', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, ai: { provider: 'offline' } });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('treats blank variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PUBLIC_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_EMAILS: 'a@example.com,not-an-email' }, 'ADMIN_EMAILS'],
    [{ AI_PROVIDER: 'gpt' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' }, 'AI_API_KEY'],
    [{ DOCUMENT_SERVER_URL: 'http://ds.local' }, 'DOCUMENT_SERVER_JWT_SECRET'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.local' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ DOCUMENT_SERVER_URL: 'http://ds.local', DOCUMENT_SERVER_JWT_SECRET: 'a-secret-of-16-chars' }, 'PUBLIC_URL'],
    [{ STORAGE_URL: 'https://bucket.example.com' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://Upper_Case' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://ab' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://key:secret@bucket' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://bucket/../other' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 'file:///srv/files' }, 'STORAGE_URL'],
    [{ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'ftp://minio.local' }, 'S3_ENDPOINT'],
    [{ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ STORAGE_URL: 's3://bucket', S3_REGION: 'eu west' }, 'S3_REGION'],
    [{ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE_URL: 's3://bucket', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio.local:9000' }, 'S3_ENDPOINT'],
    [{ STORAGE_URL: 'file:', S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '-1' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '91.5' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT'],
    [{ METRICS_HOST: '0.0.0.0' }, 'METRICS_PORT'],
  ])('stops on %j naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['TRUE', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1 ,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
    ['fd00::/8', ['fd00::/8']],
  ])('reads TRUST_PROXY %j as %j', (value, expected) => {
    expect(parseConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('keeps files on the local disk unless STORAGE_URL names a bucket', () => {
    expect(parseConfig({}).storage).toEqual({ kind: 'disk' });
    expect(parseConfig({ STORAGE_URL: 'file:' }).storage).toEqual({ kind: 'disk' });
    expect(parseConfig({ STORAGE_URL: ' ' }).storage).toEqual({ kind: 'disk' });
  });

  it.each([
    ['s3://redraft-files', ''],
    ['s3://redraft-files/', ''],
    ['s3://redraft-files/prod', 'prod/'],
    ['s3://redraft-files//prod/documents/', 'prod/documents/'],
  ])('reads STORAGE_URL %j as its bucket and the prefix %j', (url, prefix) => {
    expect(parseConfig({ STORAGE_URL: url }).storage).toEqual({
      kind: 's3',
      bucket: 'redraft-files',
      prefix,
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('reads the S3 settings, and never puts a secret in a configuration error', () => {
    const storage = parseConfig({
      STORAGE_URL: 's3://files',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very/secret+key',
      S3_FORCE_PATH_STYLE: 'TRUE',
    }).storage;
    expect(storage).toEqual({
      kind: 's3',
      bucket: 'files',
      prefix: '',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very/secret+key' },
    });
    expect(() => parseConfig({ STORAGE_URL: 's3://AKIA:very-secret@files', S3_SECRET_ACCESS_KEY: 'very/secret+key' })).toThrow(
      expect.objectContaining({ message: expect.not.stringMatching(/secret/) }),
    );
  });

  it('sweeps orphan files older than an hour, or ORPHAN_GRACE_SECONDS, never 0 (a write in flight would go)', () => {
    expect(parseConfig({}).orphanGraceMs).toBe(3_600_000);
    expect(parseConfig({ STORAGE_URL: 's3://redraft-files/prod' }).orphanGraceMs).toBe(3_600_000);
    expect(parseConfig({ STORAGE_URL: 's3://redraft-files/prod', ORPHAN_GRACE_SECONDS: '7200' }).orphanGraceMs).toBe(7_200_000);
    expect(parseConfig({ ORPHAN_GRACE_SECONDS: '60' }).orphanGraceMs).toBe(60_000);
    for (const bad of ['0', '-1', '1.5', 'soon', '9999999']) expect(() => parseConfig({ ORPHAN_GRACE_SECONDS: bad }), bad).toThrow(/ORPHAN_GRACE_SECONDS/);
  });

  it('reads the job lease and the orphan sweep interval in whole seconds, with defaults', () => {
    expect(parseConfig({}).jobs).toEqual({ leaseMs: 30_000, orphanSweepMs: 3_600_000 });
    expect(parseConfig({ JOB_LEASE_SECONDS: '2', ORPHAN_SWEEP_SECONDS: '5' }).jobs).toEqual({ leaseMs: 2_000, orphanSweepMs: 5_000 });
    for (const bad of ['0', '-3', '2.5', 'later', '999999999']) {
      expect(() => parseConfig({ JOB_LEASE_SECONDS: bad }), bad).toThrow(/JOB_LEASE_SECONDS/);
      expect(() => parseConfig({ ORPHAN_SWEEP_SECONDS: bad }), bad).toThrow(/ORPHAN_SWEEP_SECONDS/);
    }
  });

  it('has no metrics listener unless METRICS_PORT is set, and binds it to loopback unless METRICS_HOST says otherwise', () => {
    expect(parseConfig({}).metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: ' ', METRICS_HOST: '' }).metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9091' }).metrics).toEqual({ port: 9091, host: '127.0.0.1' });
    expect(parseConfig({ METRICS_PORT: '9091', METRICS_HOST: ' 10.0.0.5 ' }).metrics).toEqual({ port: 9091, host: '10.0.0.5' });
    // 0: any free port, as PORT=0 takes one (tests read the bound address).
    expect(parseConfig({ PORT: '0', METRICS_PORT: '0' }).metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(() => parseConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT: must be a port number from 1 to 65535/);
  });

  it('normalises admin emails and trailing slashes', () => {
    const c = parseConfig({ ADMIN_EMAILS: ' Boss@Example.com , ops@example.com', PUBLIC_URL: 'https://redraft.example/' });
    expect(c.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(c.publicUrl).toBe('https://redraft.example');
  });
});

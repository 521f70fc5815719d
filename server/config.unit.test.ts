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

  it('normalises admin emails and trailing slashes', () => {
    const c = parseConfig({ ADMIN_EMAILS: ' Boss@Example.com , ops@example.com', PUBLIC_URL: 'https://redraft.example/' });
    expect(c.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(c.publicUrl).toBe('https://redraft.example');
  });
});

import { describe, expect, it } from 'vitest';
import { setupWarnings } from './setup-check';

const ds = (url: string) => ({ url, jwtSecret: 'a-secret-of-16-chars' });

describe('the ONLYOFFICE setup warnings', () => {
  it('say nothing for a sound setup, or without a Document Server', () => {
    expect(setupWarnings({ documentServer: ds('https://docs.example.com'), publicUrl: 'https://redraft.example.com' })).toEqual([]);
    expect(setupWarnings({ documentServer: undefined, publicUrl: 'http://127.0.0.1:3000' })).toEqual([]);
  });

  it('name PUBLIC_URL when it is a loopback address a remote Document Server cannot reach', () => {
    const [warning] = setupWarnings({ documentServer: ds('http://docs.internal'), publicUrl: 'http://localhost:3000' });
    expect(warning).toMatch(/PUBLIC_URL \(http:\/\/localhost:3000\) is a loopback address/);
  });

  it('say nothing about loopback when both run on one machine', () => {
    expect(setupWarnings({ documentServer: ds('http://127.0.0.1:8080'), publicUrl: 'http://127.0.0.1:3000' })).toEqual([]);
  });

  it('warn of mixed content: an HTTPS site with an HTTP Document Server', () => {
    const [warning] = setupWarnings({ documentServer: ds('http://docs.example.com'), publicUrl: 'https://redraft.example.com' });
    expect(warning).toMatch(/mixed content/);
  });
});

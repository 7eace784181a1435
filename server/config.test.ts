import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the defaults of DESIGN.md §3', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      seed: 'demo',
      mailFrom: 'Stance <no-reply@localhost>',
      isProduction: false,
    });
  });

  it('reads lists and trims', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
      PUBLIC_URL: 'https://stance.example/',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.publicUrl).toBe('https://stance.example');
  });

  it('names every invalid variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SEED: 'everything', PUBLIC_URL: 'not a url' }),
    ).toThrow(/PORT[\s\S]*PUBLIC_URL[\s\S]*SEED|PORT[\s\S]*SEED[\s\S]*PUBLIC_URL/);
  });
});

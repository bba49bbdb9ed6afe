import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ocrModelsFromEnv } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '/srv/data',
      blobStore: 'fs',
      bootstrap: null,
      adminToken: null,
      webhookAllowPrivate: false,
      maxUploadBytes: 20971520,
      tokenTtlSeconds: 86400,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      DOCRISK_DATA_DIR: '/var/lib/docrisk',
      DOCRISK_BLOB_STORE: 'postgres',
      DOCRISK_BOOTSTRAP_CLIENT_ID: 'client-1',
      DOCRISK_BOOTSTRAP_CLIENT_SECRET: 'secret-123',
      DOCRISK_BOOTSTRAP_SUBSCRIPTION_KEY: 'key-12345',
      DOCRISK_ADMIN_TOKEN: 'a'.repeat(20),
      DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1',
      DOCRISK_MAX_UPLOAD_BYTES: '1000',
    });
    expect(c.port).toBe(9000);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.blobStore).toBe('postgres');
    expect(c.bootstrap).toEqual({ clientId: 'client-1', clientSecret: 'secret-123', subscriptionKey: 'key-12345' });
    expect(c.webhookAllowPrivate).toBe(true);
    expect(c.maxUploadBytes).toBe(1000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DOCRISK_BLOB_STORE: 'ftp' }, 'DOCRISK_BLOB_STORE'],
    [{ DOCRISK_BLOB_STORE: 's3' }, 'S3_BUCKET'],
    [{ DOCRISK_BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-the-id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ DOCRISK_BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ DOCRISK_MAX_UPLOAD_BYTES: '-5' }, 'DOCRISK_MAX_UPLOAD_BYTES'],
    [{ DOCRISK_WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'DOCRISK_WEBHOOK_ALLOW_PRIVATE'],
    [{ DOCRISK_ADMIN_TOKEN: 'short' }, 'DOCRISK_ADMIN_TOKEN'],
    [{ DOCRISK_BOOTSTRAP_CLIENT_ID: 'only-one' }, 'DOCRISK_BOOTSTRAP_CLIENT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %o naming %s', (env, name) => {
    try {
      loadConfig(env);
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).message).toContain(name);
    }
  });

  it('reports every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', DOCRISK_MAX_UPLOAD_BYTES: 'y' });
      expect.fail('should throw');
    } catch (e) {
      expect((e as ConfigError).problems).toHaveLength(2);
    }
  });
});

describe('DOCRISK_OCR_MODELS', () => {
  it('is a config key (auto by default) and readable alone for the offline parse command', () => {
    expect(loadConfig({}).ocrModels).toBe('auto');
    expect(loadConfig({ DOCRISK_OCR_MODELS: 'best_int' }).ocrModels).toBe('best_int');
    expect(() => loadConfig({ DOCRISK_OCR_MODELS: 'best' })).toThrow(/DOCRISK_OCR_MODELS/);
    expect(ocrModelsFromEnv({ DOCRISK_OCR_MODELS: 'fast' })).toBe('fast');
    expect(ocrModelsFromEnv({})).toBe('auto');
    expect(() => ocrModelsFromEnv({ DOCRISK_OCR_MODELS: 'x' })).toThrow(ConfigError);
  });
});

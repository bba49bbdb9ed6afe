import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CORPUS = new URL('../../shared/corpus', import.meta.url).pathname;
const docrisk = (...args: string[]) => run(process.execPath, ['src/main.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent' } });

describe('docrisk CLI', () => {
  it('parse prints the File JSON of each file offline', async () => {
    const { stdout } = await docrisk('parse', `${CORPUS}/stan-postbank/PB_KAZ_KtoNr_9999999999_06-04-2017_1200.pdf`);
    const f = JSON.parse(stdout);
    expect(f).toMatchObject({ document_type: 'bank_statement', validation_result: { status: 'success' }, parsing_status: 'completed' });
    expect(f.parsing_result.iban.value).toBe('DE31200100209999999999');
    expect(f.parsing_result.transactions.value.length).toBeGreaterThan(0);
  });

  it('parse exits 1 for an unsupported file and 2 without files', async () => {
    await expect(docrisk('parse', 'package.json')).rejects.toMatchObject({ code: 1 });
    await expect(docrisk('parse')).rejects.toMatchObject({ code: 2 });
  });

  it('refuses invalid configuration naming the variable', async () => {
    const r = run(process.execPath, ['src/main.ts', 'serve'], { env: { ...process.env, PORT: 'eighty' } });
    await expect(r).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('PORT') });
  });

  it('lists its commands and configuration', async () => {
    expect((await docrisk('help')).stdout).toMatch(/serve[\s\S]*worker[\s\S]*migrate[\s\S]*parse/);
    expect((await docrisk('config')).stdout).toContain('DOCRISK_MAX_UPLOAD_BYTES');
  });
});

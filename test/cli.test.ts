import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
import { parseCommand } from '../src/app/parse-command.ts';
import { SAMPLES } from './helpers/samples.ts';

const docrisk = (...args: string[]) => run(process.execPath, ['src/main.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent' } });

describe('docrisk CLI', () => {
  it('parse prints one File JSON per line on stdout (NDJSON) and its progress on stderr', async () => {
    const { stdout, stderr } = await docrisk('parse', 'examples/statement.pdf', `${SAMPLES}/actual-budget-data.sta`);
    const lines = stdout.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(3);
    const [pdf, sta] = lines.slice(0, 2).map((l) => JSON.parse(l));
    expect(pdf).toMatchObject({ document_type: 'bank_statement', validation_result: { status: 'success' }, parsing_status: 'completed' });
    expect(pdf.parsing_result.iban.value).toBe('IT68P7153253183600421931555');
    expect(pdf.parsing_result.transactions.value).toHaveLength(40);
    expect(sta).toMatchObject({ format: 'mt940', parsing_status: 'completed' });
    expect(stderr).toMatch(/\[1\/2\] examples\/statement\.pdf: validating[\s\S]*\[1\/2\] examples\/statement\.pdf: parsing pdf as bank_statement[\s\S]*\[1\/2\][^\n]*completed in [\d.]+ s/);
    expect(stderr).toMatch(/\[2\/2\][^\n]*completed in/);
  });

  it('parse of one file is one JSON document on stdout (what fresh-check reads); --quiet silences progress', async () => {
    const { stdout, stderr } = await docrisk('parse', '--quiet', `${SAMPLES}/actual-budget-data.sta`);
    expect(JSON.parse(stdout)).toMatchObject({ format: 'mt940' });
    expect(stderr).toBe('');
  });

  it('parse says it is still working while a file takes long (every tickMs), and only on the progress stream', async () => {
    const out: string[] = [];
    const progress: string[] = [];
    const code = await parseCommand(['examples/statement.pdf'], { out: (l) => out.push(l), progress: (l) => progress.push(l), tickMs: 20 });
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(progress.some((l) => /^\[1\/1\] examples\/statement\.pdf: still (validating|parsing) \([\d.]+ s\)$/.test(l))).toBe(true);
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

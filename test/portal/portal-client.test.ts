/**
 * The portal talks to the API only through the typed client generated from the OpenAPI document
 * (clients/typescript), as an integrator would: no page builds a URL or calls fetch itself, and
 * portal/src/api.ts keeps only the session, the transport the client runs on and the shapes the
 * schema leaves open.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../portal/src/', import.meta.url));
const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(SRC, f), 'utf8') }));

describe('portal API calls', () => {
  it('no portal source names an API path: every call goes through the generated client', () => {
    const paths = sources.filter(({ text }) =>
      /['"`]\/(?:document-engine|portal\/v1|auth\/v1|workflow|parsing|admin)\//.test(text),
    );
    expect(paths.map((s) => s.file)).toEqual([]);
  });

  it('only api.ts touches the network (the transport under the generated client)', () => {
    const network = sources.filter(({ text }) => /\bfetch\(|\bXMLHttpRequest\b|\bnew WebSocket\b/.test(text));
    expect(network.map((s) => s.file)).toEqual(['api.ts']);
  });

  it('api.ts exports no hand-written request helpers', () => {
    const api = sources.find((s) => s.file === 'api.ts')!.text;
    const exported = [...api.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(exported.sort()).toEqual([
      'ApiError',
      'client',
      'loadSession',
      'onSessionExpired',
      'saveAs',
      'saveSession',
      'signIn',
      'withProgress',
    ]);
    expect(api).toContain("from '../../clients/typescript/src/index.ts'");
  });
});

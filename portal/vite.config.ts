/**
 * Builds the web portal into portal/dist, served by the API server at /portal/.
 * pdf.js runs from bundled files only (worker, standard fonts, CMaps, wasm decoders): no external request.
 */
import { cpSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pdfjsDir = here('../node_modules/pdfjs-dist/');

/** Copies pdf.js's data files (fonts for non-embedded PDF fonts, CMaps, image decoders) into the build. */
const pdfjsAssets = (): Plugin => ({
  name: 'docrisk-pdfjs-assets',
  apply: 'build',
  closeBundle() {
    for (const d of ['standard_fonts', 'cmaps', 'wasm']) {
      const from = `${pdfjsDir}${d}`;
      if (existsSync(from)) cpSync(from, here(`./dist/pdfjs/${d}`), { recursive: true });
    }
  },
});

export default defineConfig({
  root: here('.'),
  base: '/portal/',
  plugins: [react(), pdfjsAssets()],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '^/(auth|document-engine|portal/v1)': 'http://127.0.0.1:8080' } },
});

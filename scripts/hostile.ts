/**
 * Writes the hostile-input set (test/hostile/generate.ts) to a directory, for trying a running
 * service by hand: `node scripts/hostile.ts /tmp/hostile`. Nothing large is committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HOSTILE_CASES } from '../test/hostile/generate.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/hostile.ts DIR');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
for (const c of HOSTILE_CASES) {
  const bytes = await c.make();
  writeFileSync(path.join(dir, c.file), bytes);
  console.log(`${c.file.padEnd(24)} ${String(bytes.length).padStart(10)} bytes  ${c.name}`);
}

/** CPU time of the PostgreSQL server's processes on this machine, from /proc (for the benchmarks). */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU ticks (1/100 s) of every PostgreSQL process on the machine: a diagnostic (other users of the server count too). */
export const postgresTicks = (): number => {
  let t = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!raw.includes('(postgres)')) continue;
      const f = raw.split(') ')[1]!.split(' ');
      t += Number(f[11]) + Number(f[12]); // utime + stime, fields 14 and 15
    } catch {
      /* gone */
    }
  }
  return t;
};

/** Small inline-SVG charts (no chart library): monthly flows, end balances, category shares, score gauge. */
import type { CategoryRow, MonthlyRow } from '../api.ts';
import { useI18n } from '../i18n.tsx';

const W = 640;
const H = 240;
const PAD = { l: 72, r: 12, t: 12, b: 28 };

function ticks(min: number, max: number, n = 4): number[] {
  if (max === min) return [min];
  const raw = (max - min) / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v < max + step - 1e-9; v += step)
    out.push(Math.round(v * 100) / 100);
  return out;
}

export function FlowsChart({ rows, currency }: { rows: MonthlyRow[]; currency: string }) {
  const { t, num, month, money } = useI18n();
  const max = Math.max(1, ...rows.flatMap((r) => [r.inflow, r.outflow]));
  const ys = ticks(0, max);
  const top = Math.max(max, ys[ys.length - 1] ?? max);
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const y = (v: number) => PAD.t + ih - (v / top) * ih;
  const band = iw / Math.max(1, rows.length);
  const bw = Math.min(36, band * 0.35);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="flows-title flows-desc">
        <title id="flows-title">{t('charts.flows')}</title>
        <desc id="flows-desc">
          {rows
            .map(
              (r) =>
                `${month(r.month)}: ${t('charts.inflow')} ${money(r.inflow, currency)}, ${t('charts.outflow')} ${money(r.outflow, currency)}`,
            )
            .join('; ')}
        </desc>
        {ys.map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className="grid" />
            <text x={PAD.l - 6} y={y(v) + 4} textAnchor="end" className="axis">
              {num(v)}
            </text>
          </g>
        ))}
        {rows.map((r, i) => {
          const cx = PAD.l + band * i + band / 2;
          return (
            <g key={r.month}>
              <rect
                x={cx - bw - 1}
                y={y(r.inflow)}
                width={bw}
                height={Math.max(0, y(0) - y(r.inflow))}
                className="bar-in"
              >
                <title>{`${month(r.month)} · ${t('charts.inflow')}: ${money(r.inflow, currency)}`}</title>
              </rect>
              <rect
                x={cx + 1}
                y={y(r.outflow)}
                width={bw}
                height={Math.max(0, y(0) - y(r.outflow))}
                className="bar-out"
              >
                <title>{`${month(r.month)} · ${t('charts.outflow')}: ${money(r.outflow, currency)}`}</title>
              </rect>
              <text x={cx} y={H - 8} textAnchor="middle" className="axis">
                {month(r.month)}
                {r.full ? '' : '*'}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="legend">
        <span className="key key-in" /> {t('charts.inflow')} <span className="key key-out" />{' '}
        {t('charts.outflow')}
        {rows.some((r) => !r.full) && <span className="muted small"> · * {t('charts.partialMonth')}</span>}
      </figcaption>
    </figure>
  );
}

export function BalanceChart({ rows, currency }: { rows: MonthlyRow[]; currency: string }) {
  const { t, num, month, money } = useI18n();
  const pts = rows.filter((r) => r.end_balance !== null) as (MonthlyRow & { end_balance: number })[];
  if (pts.length === 0) return <p className="muted">{t('charts.noBalances')}</p>;
  const vals = pts.map((p) => p.end_balance);
  const ys = ticks(Math.min(0, ...vals), Math.max(1, ...vals));
  const lo = Math.min(ys[0] ?? 0, ...vals);
  const hi = Math.max(ys[ys.length - 1] ?? 1, ...vals);
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const y = (v: number) => PAD.t + ih - ((v - lo) / (hi - lo || 1)) * ih;
  const x = (i: number) => PAD.l + (pts.length === 1 ? iw / 2 : (iw * i) / (pts.length - 1));
  const d = pts.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.end_balance).toFixed(1)}`).join(' ');
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="bal-title bal-desc">
        <title id="bal-title">{t('charts.balance')}</title>
        <desc id="bal-desc">
          {pts.map((p) => `${month(p.month)}: ${money(p.end_balance, currency)}`).join('; ')}
        </desc>
        {ys.map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className={v === 0 ? 'zero' : 'grid'} />
            <text x={PAD.l - 6} y={y(v) + 4} textAnchor="end" className="axis">
              {num(v)}
            </text>
          </g>
        ))}
        <path d={d} className="line" />
        {pts.map((p, i) => (
          <g key={p.month}>
            <circle cx={x(i)} cy={y(p.end_balance)} r={4} className={p.end_balance < 0 ? 'dot neg' : 'dot'}>
              <title>{`${month(p.month)}: ${money(p.end_balance, currency)}`}</title>
            </circle>
            <text x={x(i)} y={H - 8} textAnchor="middle" className="axis">
              {month(p.month)}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

export function CategoryBars({ rows, currency }: { rows: CategoryRow[]; currency: string }) {
  const { t, code, money, pct } = useI18n();
  const groups: CategoryRow['group'][] = ['income', 'expenses', 'transfers'];
  return (
    <div className="cats">
      {groups.map((g) => {
        const rs = rows.filter((r) => r.group === g).sort((a, b) => Math.abs(b.total) - Math.abs(a.total));
        if (rs.length === 0) return null;
        return (
          <div key={g} className="cat-group">
            <h3>{t(`charts.group.${g}`)}</h3>
            <table className="table bars">
              <tbody>
                {rs.map((r) => (
                  <tr key={r.category}>
                    <th scope="row">{code('category', r.category)}</th>
                    <td className="barcell">
                      <span
                        className={`hbar hbar-${g}`}
                        style={{ width: `${Math.max(1, Math.round(r.share * 100))}%` }}
                      />
                    </td>
                    <td className="num nowrap">{money(Math.abs(r.total), currency)}</td>
                    <td className="num muted">{pct(r.share, 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </div>
  );
}

export function ScoreGauge({ score, grade }: { score: number; grade: string }) {
  const { t } = useI18n();
  const f = Math.max(0, Math.min(1, score / 1000));
  const a = Math.PI * (1 - f);
  const r = 80;
  const cx = 100;
  const cy = 95;
  const x = cx + r * Math.cos(a);
  const y = cy - r * Math.sin(a);
  return (
    <svg
      viewBox="0 0 200 110"
      className="gauge"
      role="img"
      aria-label={t('report.scoreOf', { score, grade })}
    >
      <path d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${cx + r},${cy}`} className="gauge-track" />
      <path
        d={`M${cx - r},${cy} A${r},${r} 0 0 1 ${x.toFixed(1)},${y.toFixed(1)}`}
        className={`gauge-fill grade-stroke-${grade}`}
      />
      <text x={cx} y={cy - 18} textAnchor="middle" className="gauge-score" data-testid="score">
        {score}
      </text>
      <text x={cx} y={cy} textAnchor="middle" className="gauge-scale">
        / 1000
      </text>
    </svg>
  );
}

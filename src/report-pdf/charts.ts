import type { Doc } from './layout.ts';
import { BOLD, COLORS, FONT } from './layout.ts';

export interface ChartBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A round axis maximum ≥ v: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeil(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** Axis range on round steps covering [min, max] with 0 included: [lo, hi, step], at most 6 intervals. */
export function niceRange(min: number, max: number): [number, number, number] {
  const lo0 = Math.min(0, min);
  const hi0 = Math.max(0, max, lo0 + 1);
  const step = niceCeil((hi0 - lo0) / 6);
  return [Math.floor(lo0 / step) * step, Math.ceil(hi0 / step) * step, step];
}

function axis(doc: Doc, box: ChartBox, [lo, hi, step]: [number, number, number], label: (v: number) => string): (v: number) => number {
  const plotX = box.x + 52;
  const yOf = (v: number): number => box.y + box.h - ((v - lo) / (hi - lo)) * box.h;
  doc.font(FONT).fontSize(6.5);
  for (let i = 0; lo + i * step <= hi + step / 1000; i++) {
    const v = lo + i * step;
    const y = yOf(v);
    doc.moveTo(plotX, y).lineTo(box.x + box.w, y).lineWidth(0.3).strokeColor(COLORS.rule).stroke();
    doc.fillColor(COLORS.muted).text(label(v), box.x, y - 3, { width: 48, align: 'right', lineBreak: false });
  }
  return yOf;
}

function monthLabels(doc: Doc, box: ChartBox, labels: readonly string[], slot: number): void {
  const plotX = box.x + 52;
  doc.font(FONT).fontSize(6.5).fillColor(COLORS.muted);
  labels.forEach((l, i) => doc.text(l, plotX + i * slot, box.y + box.h + 3, { width: slot, align: 'center', lineBreak: false }));
}

function legend(doc: Doc, x: number, y: number, items: readonly (readonly [string, string])[]): void {
  let cx = x;
  doc.font(FONT).fontSize(7.5);
  for (const [color, text] of items) {
    doc.rect(cx, y + 1, 8, 6).fill(color);
    doc.fillColor(COLORS.ink).text(text, cx + 11, y, { lineBreak: false });
    cx += 11 + doc.widthOfString(text) + 14;
  }
}

/** Paired bars per month: inflow and outflow. */
export function barChart(doc: Doc, box: ChartBox, labels: readonly string[], inflow: readonly number[], outflow: readonly number[], legendText: readonly [string, string], label: (v: number) => string): void {
  const yOf = axis(doc, box, niceRange(0, Math.max(1, ...inflow, ...outflow)), label);
  const plotX = box.x + 52;
  const slot = (box.w - 52) / Math.max(1, labels.length);
  const bw = Math.min(14, slot * 0.34);
  labels.forEach((_, i) => {
    const cx = plotX + i * slot + slot / 2;
    const a = inflow[i] ?? 0;
    const b = outflow[i] ?? 0;
    doc.rect(cx - bw - 1, yOf(a), bw, yOf(0) - yOf(a)).fill(COLORS.inflow);
    doc.rect(cx + 1, yOf(b), bw, yOf(0) - yOf(b)).fill(COLORS.outflow);
  });
  monthLabels(doc, box, labels, slot);
  legend(doc, plotX, box.y - 14, [[COLORS.inflow, legendText[0]], [COLORS.outflow, legendText[1]]]);
}

/** End-of-month balance as a line with points; a dashed zero line when the range crosses zero. */
export function lineChart(doc: Doc, box: ChartBox, labels: readonly string[], values: readonly (number | null)[], label: (v: number) => string): void {
  const known = values.filter((v): v is number => v !== null);
  const range = niceRange(Math.min(...known), Math.max(...known, 1));
  const lo = range[0];
  const yOf = axis(doc, box, range, label);
  const plotX = box.x + 52;
  const slot = (box.w - 52) / Math.max(1, labels.length);
  if (lo < 0) {
    doc.moveTo(plotX, yOf(0)).lineTo(box.x + box.w, yOf(0)).lineWidth(0.8).dash(3, { space: 2 }).strokeColor(COLORS.decline).stroke();
    doc.undash();
  }
  let started = false;
  values.forEach((v, i) => {
    if (v === null) {
      started = false;
      return;
    }
    const px = plotX + i * slot + slot / 2;
    if (!started) doc.moveTo(px, yOf(v));
    else doc.lineTo(px, yOf(v));
    started = true;
  });
  doc.lineWidth(1.4).strokeColor(COLORS.line).stroke();
  values.forEach((v, i) => {
    if (v !== null) doc.circle(plotX + i * slot + slot / 2, yOf(v), 2).fill(v < 0 ? COLORS.decline : COLORS.line);
  });
  monthLabels(doc, box, labels, slot);
  doc.font(BOLD);
}

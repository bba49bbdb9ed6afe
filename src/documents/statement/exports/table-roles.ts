/**
 * Heading words → column role hints. The vocabulary is data (table-vocab.data.ts);
 * this module only normalises and matches.
 */
import { HEADING_TERMS, INFO_LABELS, type ColumnRole, type LabelKind } from '../../data/table-vocab.data.ts';

export type { ColumnRole, LabelKind } from '../../data/table-vocab.data.ts';

export function normaliseLabel(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\((?:eur|euro|€|usd|chf|gbp|[a-z]{3})\)|€|\bin (?:eur|euro|chf|gbp|usd)\b|\b(?:eur|euro)\b/g, ' ')
    .split('/')
    .map((p) => p.trim())
    .join('/')
    .replace(/[:.*_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function containsWords(text: string, term: string): boolean {
  if (text === term) return true;
  const i = text.indexOf(term);
  if (i < 0) return false;
  const before = i === 0 ? ' ' : (text[i - 1] ?? ' ');
  const after = text[i + term.length] ?? ' ';
  return /[\s/,;-]/.test(before) && /[\s/,;-]/.test(after);
}

/** Every role a heading could name, best first ("Valuta" → valueDate, then currency by content). */
export function headingRoles(header: string): ColumnRole[] {
  const n = normaliseLabel(header);
  if (n.length === 0 || n.length > 60) return [];
  const roles: ColumnRole[] = [];
  for (const [role, terms] of HEADING_TERMS) if (terms.some((t) => containsWords(n, t))) roles.push(role);
  // "Valuta" is a value date in Italian and German exports, a currency in some others.
  if (roles[0] === 'valueDate' && !roles.includes('currency')) roles.push('currency');
  return roles;
}

/** The first role a heading names, or null. */
export function roleOf(header: string): ColumnRole | null {
  return headingRoles(header)[0] ?? null;
}

/** Kind of a preamble / summary label, or null; also the rest of the cell after the label. */
export function labelKind(cell: string): LabelKind | null {
  return labelMatch(cell)?.kind ?? null;
}

// First words of the labels, to turn away ordinary texts before normalising them.
const FIRST_WORDS = new Set(INFO_LABELS.map(([label]) => label.split(' ')[0] ?? ''));

export function labelMatch(cell: string): { kind: LabelKind; rest: string } | null {
  const head = /^[\p{L}]+/u.exec(cell.trimStart())?.[0]?.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase() ?? '';
  if (!FIRST_WORDS.has(head)) return null;
  const n = normaliseLabel(cell.replace(/\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}[./]\d{1,2}[./]?/g, ' '));
  if (n.length === 0 || n.length > 60) return null;
  for (const [label, kind] of INFO_LABELS) {
    if (n === label || n.startsWith(label + ' ')) return { kind, rest: n.slice(label.length).trim() };
  }
  return null;
}

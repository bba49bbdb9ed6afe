/**
 * Writes examples/statement.pdf: a generated (fictitious) Italian bank statement for the README
 * walk-through, reproducible from its seed. Run: node scripts/make-examples.ts
 */
import { writeFileSync } from 'node:fs';
import { generateStatement } from '../test/fixtures/generator/index.ts';

const out = new URL('../examples/', import.meta.url).pathname;
const { pdf, truth } = await generateStatement({ layout: 'it_dare_avere', seed: 158, transactions: 40 });
writeFileSync(`${out}statement.pdf`, pdf);
console.log(`examples/statement.pdf: ${truth.account_holder}, ${truth.iban}, ${truth.period.start}..${truth.period.end}, ${truth.transactions.length} transactions, ${truth.pages} pages`);

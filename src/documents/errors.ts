import { DocumentParseError } from './types.ts';

/**
 * Why a structured parse failed. `corrupt` maps to validation code corrupt_file,
 * `unsupported` to unsupported_format, `too_large` to corrupt_file with a limit message,
 * `no_rows` (a transaction table none of whose rows could be read) to
 * no_transactions_extracted: never a `completed` parse with zero transactions.
 */
export type StructuredFailure = 'corrupt' | 'unsupported' | 'too_large' | 'hostile' | 'no_rows';

const CODES: Record<StructuredFailure, string> = {
  corrupt: 'corrupt_file',
  unsupported: 'unsupported_format',
  too_large: 'corrupt_file',
  hostile: 'corrupt_file',
  no_rows: 'no_transactions_extracted',
};

export class StructuredError extends DocumentParseError {
  readonly failure: StructuredFailure;
  constructor(failure: StructuredFailure, message: string) {
    super(CODES[failure], message);
    this.name = 'StructuredError';
    this.failure = failure;
  }
}

export function corrupt(message: string): StructuredError {
  return new StructuredError('corrupt', message);
}

export function tooLarge(message: string): StructuredError {
  return new StructuredError('too_large', message);
}

export function noRows(message: string): StructuredError {
  return new StructuredError('no_rows', message);
}

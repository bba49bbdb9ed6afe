import { DocumentParseError } from '../types.ts';

/**
 * Why a structured parse failed. `corrupt` maps to validation code corrupt_file,
 * `unsupported` to unsupported_format, `too_large` to corrupt_file with a limit message.
 */
export type StructuredFailure = 'corrupt' | 'unsupported' | 'too_large' | 'hostile';

export class StructuredError extends DocumentParseError {
  readonly failure: StructuredFailure;
  constructor(failure: StructuredFailure, message: string) {
    super(failure === 'unsupported' ? 'unsupported_format' : 'corrupt_file', message);
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

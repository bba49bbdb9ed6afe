export type RiskEngineErrorCode = 'INVALID_INPUT' | 'NO_TRANSACTIONS' | 'UNSUPPORTED';

/** Impossible input to the risk engine; `code` is stable, `details` name the offending fields. */
export class RiskEngineError extends Error {
  readonly code: RiskEngineErrorCode;
  readonly details: readonly string[];
  constructor(code: RiskEngineErrorCode, message: string, details: readonly string[] = []) {
    super(message);
    this.name = 'RiskEngineError';
    this.code = code;
    this.details = details;
  }
}

/**
 * What OCR confuses in the figures of a statement, version 1. Every change made from these tables
 * is kept only where something printed confirms it (statement/repair/).
 */

/** Letters of a digit's shape read inside an amount ("1O5,5O"): the digit meant. */
export const DIGIT_OF_LETTER: Readonly<Record<string, string>> = { O: '0', o: '0', I: '1', l: '1', S: '5', B: '8' };

/** Digits OCR confuses in amounts: for each digit read, the digits it may have been. */
export const CONFUSABLE_DIGITS: Readonly<Record<string, readonly string[]>> = {
  '0': ['8', '6', '9'],
  '1': ['7', '4'],
  '3': ['8', '5', '9'],
  '4': ['1'],
  '5': ['6', '3', '8'],
  '6': ['5', '8', '0'],
  '7': ['1'],
  '8': ['3', '6', '0', '9'],
  '9': ['8', '0', '3'],
};

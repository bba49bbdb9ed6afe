/**
 * Month names and abbreviations (it, de, en; lower case, accents folded) for dates
 * printed with words: "03 Jan 2026", "3 gen 2026", "3. März 2026", "03-Jan-26".
 * Version 1.
 */
export const MONTH_NAMES: Readonly<Record<string, number>> = {
  // en
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
  // it
  gen: 1, gennaio: 1, febbraio: 2, marzo: 3, aprile: 4, mag: 5, maggio: 5, giu: 6, giugno: 6, lug: 7, luglio: 7,
  ago: 8, agosto: 8, set: 9, settembre: 9, ott: 10, ottobre: 10, novembre: 11, dic: 12, dicembre: 12,
  // de (Jänner: Austria)
  januar: 1, jaenner: 1, janner: 1, februar: 2, maerz: 3, marz: 3, mrz: 3, mai: 5, juni: 6, juli: 7,
  okt: 10, oktober: 10, dez: 12, dezember: 12,
};

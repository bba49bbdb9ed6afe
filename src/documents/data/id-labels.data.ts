/**
 * Field labels printed on identity documents (residence permits, ID cards, passports' data pages),
 * Italian, English, German and French, version 1. Read by src/documents/identity/front.ts.
 *
 * Each label is a phrase of words as printed, compared after folding (upper case, accents and
 * punctuation removed, "ß" → "SS"); bilingual labels ("COGNOME / SURNAME") are two labels joined by a
 * slash, and the first one names the field. A phrase naming several fields ("LUOGO E DATA DI NASCITA")
 * lists its parts in printed order; the value is split into them (a date and the rest).
 * `ambiguous: 'validity'` marks a label that is the start of validity on some cards and the expiry on
 * others ("VALIDITA' / VALIDITY"): the reader decides by the other labels of the card and the MRZ.
 * Fields not delivered (sex, address, remarks …) are listed too, so that their values are never
 * taken for another field's.
 */
export const ID_LABELS_VERSION = 1;

export type IdLabelField =
  | 'surname'
  | 'given_names'
  | 'full_name'
  | 'birth_date'
  | 'birth_place'
  | 'citizenship'
  | 'validity_start_date'
  | 'expiration_date'
  | 'document_number'
  | 'issuing_authority'
  | 'permit_type'
  | 'sex'
  | 'address'
  | 'remarks'
  | 'height'
  | 'tax_code'
  | 'parents'
  | 'signature'
  | 'title';

export interface IdLabel {
  /** The words of the label, upper case without accents or punctuation. */
  phrase: string;
  /** One field, or the parts of a combined label in printed order. */
  fields: readonly IdLabelField[];
  ambiguous?: 'validity';
}

const L = (fields: IdLabelField | readonly IdLabelField[], ...phrases: string[]): IdLabel[] =>
  phrases.map((phrase) => ({ phrase, fields: typeof fields === 'string' ? [fields] : fields }));

export const ID_LABELS: readonly IdLabel[] = [
  // names
  ...L('surname', 'COGNOME', 'SURNAME', 'FAMILY NAME', 'LAST NAME', 'NAME', 'FAMILIENNAME', 'NACHNAME', 'NOM', 'NOM DE FAMILLE', 'NOM PATRONYMIQUE'),
  ...L('given_names', 'NOME', 'NOMI', 'GIVEN NAME', 'GIVEN NAMES', 'FORENAME', 'FORENAMES', 'FORENAME S', 'FIRST NAME', 'FIRST NAMES', 'VORNAME', 'VORNAMEN', 'VORNAME N', 'PRENOM', 'PRENOMS'),
  ...L('full_name', 'COGNOME E NOME', 'NOME E COGNOME', 'NAME UND VORNAME', 'NAME VORNAME', 'NOM ET PRENOM', 'NOM ET PRENOMS', 'SURNAME AND GIVEN NAMES', 'FULL NAME'),
  ...L('parents', 'COGNOME E NOME DEI GENITORI', 'GENITORI', 'PARENTS'),
  // birth
  ...L('birth_date', 'DATA DI NASCITA', 'NATO IL', 'NATA IL', 'NATO A IL', 'DATE OF BIRTH', 'BIRTH DATE', 'BORN ON', 'BORN', 'GEBURTSDATUM', 'GEBURTSTAG', 'GEBOREN AM', 'DATE DE NAISSANCE', 'NE LE', 'NEE LE'),
  ...L('birth_place', 'LUOGO DI NASCITA', 'NATO A', 'NATA A', 'PLACE OF BIRTH', 'BIRTH PLACE', 'BIRTHPLACE', 'GEBURTSORT', 'GEBOREN IN', 'LIEU DE NAISSANCE', 'NE A', 'NEE A'),
  ...L(['birth_place', 'birth_date'], 'LUOGO E DATA DI NASCITA', 'PLACE AND DATE OF BIRTH', 'GEBURTSORT UND DATUM', 'GEBURTSORT UND TAG', 'LIEU ET DATE DE NAISSANCE'),
  ...L(['birth_date', 'birth_place'], 'DATA E LUOGO DI NASCITA', 'DATE AND PLACE OF BIRTH', 'GEBURTSTAG UND ORT', 'GEBURTSDATUM UND ORT', 'GEBURTSDATUM UND GEBURTSORT', 'DATE ET LIEU DE NAISSANCE'),
  // nationality
  ...L('citizenship', 'CITTADINANZA', 'NAZIONALITA', 'NATIONALITY', 'CITIZENSHIP', 'STAATSANGEHORIGKEIT', 'NATIONALITAT', 'NATIONALITE'),
  // validity
  ...L('validity_start_date', 'DATA DI RILASCIO', 'DATA RILASCIO', 'RILASCIATO IL', 'RILASCIATA IL', 'EMESSO IL', 'EMISSIONE', 'DATA DI EMISSIONE', 'VALIDITA DAL', 'VALIDO DAL', 'VALIDA DAL', 'DATE OF ISSUE', 'ISSUE DATE', 'ISSUED ON', 'ISSUED', 'ISSUING', 'DATE ISSUED', 'VALID FROM', 'AUSSTELLUNGSDATUM', 'AUSGESTELLT AM', 'AUSGESTELLT', 'GULTIG AB', 'GULTIG VON', 'DATE DE DELIVRANCE', 'DELIVRE LE', 'VALABLE DU', 'VALABLE A PARTIR DU'),
  ...L('expiration_date', 'SCADENZA', 'DATA DI SCADENZA', 'DATA SCADENZA', 'SCADE IL', 'VALIDO FINO AL', 'VALIDA FINO AL', 'VALIDITA FINO AL', 'EXPIRY', 'EXPIRY DATE', 'DATE OF EXPIRY', 'EXPIRES', 'EXPIRES ON', 'EXPIRATION', 'EXPIRATION DATE', 'VALID UNTIL', 'VALID TO', 'VALID THRU', 'GULTIG BIS', 'ABLAUFDATUM', 'DATE D EXPIRATION', 'DATE DE FIN DE VALIDITE', 'EXPIRE LE', 'VALABLE JUSQU AU'),
  { phrase: 'VALIDITA', fields: ['validity_start_date'], ambiguous: 'validity' },
  { phrase: 'VALIDITY', fields: ['validity_start_date'], ambiguous: 'validity' },
  { phrase: 'GULTIGKEIT', fields: ['validity_start_date'], ambiguous: 'validity' },
  { phrase: 'VALIDITE', fields: ['validity_start_date'], ambiguous: 'validity' },
  // document
  ...L('document_number', 'NUMERO DOCUMENTO', 'N DOCUMENTO', 'DOCUMENTO N', 'NUMERO', 'N', 'NO', 'NR', 'NUMBER', 'DOCUMENT NO', 'DOCUMENT NUMBER', 'DOCUMENT N', 'CARD NO', 'CARD NUMBER', 'PERMIT NO', 'PERMIT NUMBER', 'DOKUMENTENNUMMER', 'KARTENNUMMER', 'AUSWEISNUMMER', 'NUMERO DU DOCUMENT', 'NUMERO DE CARTE', 'N DU DOCUMENT', 'N DE CARTE'),
  ...L('issuing_authority', 'RILASCIATO DA', 'RILASCIATA DA', 'AUTORITA', 'AUTORITA DI RILASCIO', 'ENTE EMITTENTE', 'ENTE DI RILASCIO', 'ISSUED BY', 'ISSUING AUTHORITY', 'AUTHORITY', 'AUSSTELLENDE BEHORDE', 'BEHORDE', 'AUSGESTELLT VON', 'AUTORITE', 'AUTORITE DE DELIVRANCE', 'DELIVRE PAR'),
  ...L('permit_type', 'TIPO DI PERMESSO', 'TIPO PERMESSO', 'TIPO', 'TYPE OF PERMIT', 'PERMIT TYPE', 'TYPE', 'PERMISSION', 'ART DES TITELS', 'ART DES AUFENTHALTSTITELS', 'TITELART', 'TYPE DE TITRE', 'TYPE DE PERMIS', 'CATEGORIE'),
  // not delivered
  ...L('sex', 'SESSO', 'SEX', 'GESCHLECHT', 'SEXE'),
  ...L('address', 'INDIRIZZO', 'INDIRIZZO DI RESIDENZA', 'RESIDENZA', 'ADDRESS', 'RESIDENCE', 'ANSCHRIFT', 'WOHNORT', 'ADRESSE', 'DOMICILE'),
  ...L('remarks', 'OSSERVAZIONI', 'ANNOTAZIONI', 'NOTE', 'REMARKS', 'ANMERKUNGEN', 'NEBENBESTIMMUNGEN', 'OBSERVATIONS', 'MENTIONS'),
  ...L('height', 'STATURA', 'ALTEZZA', 'HEIGHT', 'GROSSE', 'TAILLE'),
  ...L('tax_code', 'CODICE FISCALE', 'FISCAL CODE', 'STEUER ID', 'PPS NO', 'PPS NUMBER'),
  ...L('signature', 'FIRMA DEL TITOLARE', 'FIRMA', 'SIGNATURE', 'UNTERSCHRIFT'),
  // A document's title is no field's label and takes no value; listed so that its words are not read as
  // one ("RESIDENCE" of "RESIDENCE PERMIT" as an address label taking the number printed beside the title).
  ...L('title', 'RESIDENCE PERMIT', 'PERMESSO DI SOGGIORNO', 'IDENTITY CARD', 'CARTA D IDENTITA', 'CARTA DI IDENTITA', 'CARTA DIDENTITA', 'TITRE DE SEJOUR', 'CARTE D IDENTITE', 'CARTE NATIONALE D IDENTITE', 'PERSONALAUSWEIS'),
];

/**
 * Labels that are a single short word ("N.", "NO.", "NR.", "TIPO", "NAME") are taken only where they
 * stand as a label: at the start of a line or of a column, or in a bilingual pair.
 */
export const SHORT_LABEL_MAX = 4;

/**
 * Words an issuing authority's name opens with (upper case, no accents), it/de/en/fr: where an
 * authority's label was not read, the block that opens with one of them is the authority
 * ("QUESTURA DI BERGAMO", "Stadt Köln", "Landratsamt Ebersberg", "BH Innsbruck-Land", "MA 35 Wien",
 * "GARDA NATIONAL IMMIGRATION BUREAU", "PREFECTURE DE POLICE").
 */
export const AUTHORITY_WORDS: readonly string[] = [
  'QUESTURA', 'PREFETTURA', 'COMUNE', 'MINISTERO',
  'STADT', 'LANDESHAUPTSTADT', 'LANDRATSAMT', 'LANDKREIS', 'KREIS', 'KREISVERWALTUNG', 'AUSLANDERBEHORDE', 'BURGERAMT', 'GEMEINDE',
  'MAGISTRAT', 'BEZIRKSHAUPTMANNSCHAFT', 'BH', 'MA', 'LANDESPOLIZEIDIREKTION', 'MIGRATIONSAMT', 'REGIERUNGSPRASIDIUM',
  'GARDA', 'IMMIGRATION', 'HOME', 'MINISTRY', 'DEPARTMENT',
  'PREFECTURE', 'MAIRIE', 'SOUS',
];

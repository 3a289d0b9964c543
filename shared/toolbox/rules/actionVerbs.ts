/**
 * Verbs that say what a tool does, for the description-no-verb check: base forms, matched with their usual
 * inflections (returns, searching, fetched, retrieves...). A heuristic list, not a grammar: a description that
 * starts with a verb not listed here is reported, and can be turned off per project.
 */
const VERBS = `
accept access add aggregate allow analyse analyze answer append apply archive ask assign attach authenticate book browse
build calculate call cancel capture change check classify clean clear clone close collect combine compare compile
complete compose compute connect convert copy count crawl create crop decode decrypt delete deploy describe detect
determine diff download draft draw edit email embed encode encrypt enrich estimate evaluate execute explain export
extract fetch fill filter find fix forecast format forward generate geocode get give grade group handle identify import
index inspect install invoke join label launch list load locate log look lookup make manage map match measure merge
monitor move normalize notify open order parse pay perform pick place plan play plot post predict prepare print
process produce provide publish pull push query rank read recommend record redact reformat register remix remove rename
render reply report request rerank reserve reset resize resolve respond restart restore retrieve return review rewrite
route run save scan schedule score scrape search select send set share show sign simulate sort speak split start stop
store stream submit summarise summarize sync tag take tell test track transcribe transform translate transfer trigger
tokenize undo unzip update upload validate verify view visualize watch write zip
raise throw echo greet ping wait sleep fail emit sum multiply divide subtract solve say welcome ensure keep hold wrap
unwrap escape sanitize mask hash convert lock unlock enable disable approve reject invite notify poll refresh retry
`;

const BASE = new Set(VERBS.split(/\s+/).filter(Boolean));

/**
 * Words a noun phrase starts with, not a verb: "The weather…", "A tool…", "This returns…" (its verb comes later).
 * After a sentence's first word, they mark that word as a verb with its object: "Raise a RuntimeError", "Greet the user".
 */
const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'its', 'their', 'your', 'my', 'our', 'his', 'her', 'all', 'any', 'each', 'every', 'some']);

/**
 * Whether a sentence (its words, in order) starts with a verb: one of the list's forms, or a first word followed
 * by an object's determiner ("Raise a RuntimeError…", "Echo the text back"), which a noun phrase is not.
 */
export function startsWithVerb(words: readonly string[]): boolean {
  const [first, second] = words;
  if (first === undefined) return false;
  if (actionVerbOf(first) !== undefined) return true;
  return second !== undefined && !DETERMINERS.has(first.toLowerCase()) && DETERMINERS.has(second.toLowerCase()) && /^[A-Za-z]+$/.test(first);
}

/** The base verb `word` is a form of (returns → return, searching → search), or undefined. */
export function actionVerbOf(word: string): string | undefined {
  const w = word.toLowerCase();
  const candidates = [w];
  if (w.endsWith('ies')) candidates.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) candidates.push(w.slice(0, -2));
  if (w.endsWith('s')) candidates.push(w.slice(0, -1));
  if (w.endsWith('ied')) candidates.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('ed')) candidates.push(w.slice(0, -2), w.slice(0, -1), w.slice(0, -3));
  if (w.endsWith('ing')) candidates.push(w.slice(0, -3), `${w.slice(0, -3)}e`, w.slice(0, -4));
  return candidates.find((c) => BASE.has(c));
}

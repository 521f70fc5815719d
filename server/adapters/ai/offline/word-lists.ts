/**
 * Words the en-US Hunspell dictionary lacks but our users write every day: contract Latin, legal
 * party names, and product vocabulary. Without them the speller "corrects" force majeure to force
 * manure and payor to payer, which is worse than leaving a real typo alone.
 */
export const PERSONAL_WORDS: readonly string[] = `
  alia amongst arguendo assignor bona cestui certiorari counterparty counterparties curiae
  enforceability estoppel fide grantor habeas indemnitee indemnitees indemnitor indemnitors
  initio inter licensor licensors majeure mandamus mutandis mutatis nisi noncompete novation
  novations obligee obligor optionee optionor payor payors quantum quo rata sequitur severability
  subcontractors sublicense sublicensed sublicensee sublicenses sublicensing subprocessor
  subprocessors timeframe timeframes ultra vires warrantor warrantors whilst
  api apis cyberattack cybersecurity docx dropdown ecommerce gdpr hyperlink hyperlinks livestream
  offboarding onboarding plaintext redline redlines signup url urls wifi xlsx pptx pdf pdfs`
  .trim()
  .split(/\s+/);

/**
 * Rewrites from British to American spelling. dictionary-en is en-US, and our users in the UK and
 * the Commonwealth write "colour", "licence" and "organisation" on purpose: a word that becomes
 * correct after one of these rewrites is a British spelling and is left as it is.
 */
export const BRITISH_TO_AMERICAN: ReadonlyArray<readonly [RegExp, string]> = [
  [/our/g, 'or'],
  [/is(e|es|ed|ing|er|ers|ation|ations)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/tre(s|d)?$/, 'ter$1'],
  [/ence(s)?$/, 'ense$1'],
  [/ise(s|d)?$/, 'ice$1'],
  [/ogue(s)?$/, 'og$1'],
  [/ll(ed|ing|er|ers|ation)$/, 'l$1'],
  [/l(ment|ments)$/, 'll$1'],
  [/l$/, 'll'],
  [/gement(s)?$/, 'gment$1'],
  [/ae/g, 'e'],
  [/oe/g, 'e'],
  [/amme(s)?$/, 'am$1'],
  [/que(s)?$/, 'ck$1'],
  [/yre(s)?$/, 'ire$1'],
  [/^sc/, 'sk'],
  [/ium$/, 'um'],
  [/ey$/, 'ay'],
  [/t$/, 'ed'],
];

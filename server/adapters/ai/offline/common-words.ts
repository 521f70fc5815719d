/**
 * The most frequent English function words. Two uses: they carry no topic, so retrieval and
 * summaries ignore them; and they are by far the likeliest intended word when a typo is one
 * keystroke from several dictionary words ("teh" -> "the", not "tea" or "ten").
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can could did do does doing down during each either few for
  from further had has have having he her here hers herself him himself his how i if in into is
  it its itself just may me might more most must my myself neither no nor not now of off on once
  only or other our ours ourselves out over own same shall she should so some such than that the
  their theirs them themselves then there these they this those through to too under until up
  upon very was we were what when where which while who whom whose why will with within without
  would you your yours yourself yourselves`.split(/\s+/),
);

// Where the report's separate sections (the browser, fairness, growth) send a reader when a goal
// is missed: the findings in bench/README.md, written from the profiles and plans of the run.

/** The sentence under a section whose goal a figure misses. */
export const MISSED_GOAL =
  'Where the time goes and what would close the gap: bench/README.md, "Findings and fixes", ' +
  '"First rows in the browser, fairness, ten times the data".';

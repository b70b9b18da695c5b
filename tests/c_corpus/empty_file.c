/* expect: ok */
/*
 * This translation unit intentionally contains no function definitions,
 * no declarations and no statements.  It exercises the analyser's handling
 * of a file that yields an empty report.
 */

/* Descriptions next to the (imaginary) calls of records.c */

/*?
 * Tag: fix.1
 * Text: "%d is not a valid number "
 *       "of %s"
 * Severity: Error
 * Parameter:
 *   @1: the number, as given
 *   @2: what was counted; this description
 *       runs over two lines
 * Description:
 * First paragraph of the description.
 *
 * Second paragraph, with a - dash and a \ backslash.
 * .A line starting with a dot.
 * User action:
 * Do something sensible.
 */

/*?
 * Tag: fix.4
 * Text: "text as described"
 * Severity: Error
 * Description:
 * The call prints another text.
 */

/*?
 * Tag: fix.5
 * Text: "wrong severity"
 * Severity: Error
 * Description:
 * Printed at level 6 but described as an error.
 */

/*?
 * Tag: fix.6
 * Text: "two conversions %d %d"
 * Severity: Error
 * Parameter:
 *   @1: only one
 * Description:
 * Only one of the two parameters is described.
 */

/**
 * JSON that is safe inside an HTML `<script>` element. `JSON.stringify` leaves `</script>`,
 * `<!--` and the line separators U+2028/U+2029 as they are, so a title could end the element
 * and start markup of its own. Every place that inlines JSON in a page uses this.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

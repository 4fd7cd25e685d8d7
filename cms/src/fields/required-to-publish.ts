/** Nothing written yet: no value, no text, or a rich-text body without a word in it. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'object' && 'root' in value) return !JSON.stringify(value).includes('"text":"');
  return false;
}

/**
 * A field a draft may leave empty but a published document must have. The collections validate
 * drafts (content-hooks.ts, so an untouched "Create New" saves nothing), which would otherwise ask
 * a contributor for a category and a body before their first "Save draft". Anything filled in is
 * checked by the field's own rule, draft or not.
 */
export function requiredToPublish<V extends (value: never, options: never) => unknown>(validate: V): V {
  const wrapped = (value: unknown, options: { data?: { _status?: string } }) =>
    options.data?._status !== 'published' && isEmpty(value) ? true : validate(value as never, options as never);
  return wrapped as unknown as V;
}

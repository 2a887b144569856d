/**
 * A server action's form as it arrived. The browser sends FormData, but anyone can post any value to an action
 *: anything else reads as an empty form, which the action's own checks then refuse in French.
 */
export function formOf(value: unknown): FormData {
  return value instanceof FormData ? value : new FormData()
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Route ids come from the URL: anything that is not a uuid is simply "not found", never a database error. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}

// Reading a plain object (parsed JSON, a stored row, a request body) by a key a customer chose: only its own
// properties count, so "constructor" or "__proto__" never finds Object.prototype's members.

/** The value `table` holds as its own property `key`; undefined when it has none. */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// A type of its own file that imports nothing: the English texts (content/en/) are checked against
// it, and the mechanism that picks them (i18n/translation.ts) returns it, without either
// importing the other.

/**
 * The shape every translation of a German text has: the same keys, lists of the same length and
 * functions of the same parameters, with any strings. A text missing or left over in either
 * language fails the type check.
 */
export type Translated<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translated<R>
    : T extends object
      ? { [K in keyof T]: Translated<T[K]> }
      : T;

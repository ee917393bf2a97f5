/**
 * The links whose stamped copies are kept: the active ones, or undefined when
 * that cannot be told now (a store that cannot be read says nothing about
 * which links ended). Given by the module that knows the links, so the stamp
 * needs nothing of theirs.
 */
export abstract class StampLinks {
  abstract active(): Promise<string[] | undefined>;
}

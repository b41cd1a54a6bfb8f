import type { JsonObserver } from './jsonObserver';

/**
 * One observer that shows every event to each of `observers` in turn (a judge, then a progress
 * builder) and reports the first rejection. Observers that are `undefined` are left out; with one
 * left, it is returned as it is.
 */
export function joinObservers(
  ...observers: readonly (JsonObserver | undefined)[]
): JsonObserver | undefined {
  const all = observers.filter((observer) => observer !== undefined);
  if (all.length <= 1) return all[0];
  const partials = all.filter((observer) => observer.partial !== undefined);
  return {
    member(path, depth, name) {
      for (const observer of all) {
        const rejection = observer.member(path, depth, name);
        if (rejection !== undefined) return rejection;
      }
      return undefined;
    },
    value(path, depth, kind, scalar) {
      for (const observer of all) {
        const rejection = observer.value(path, depth, kind, scalar);
        if (rejection !== undefined) return rejection;
      }
      return undefined;
    },
    close(path, depth, kind) {
      for (const observer of all) {
        const rejection = observer.close(path, depth, kind);
        if (rejection !== undefined) return rejection;
      }
      return undefined;
    },
    ...(partials.length === 0
      ? {}
      : {
          partial(path, depth, text, name) {
            for (const observer of partials) {
              const rejection = observer.partial!(path, depth, text, name);
              if (rejection !== undefined) return rejection;
            }
            return undefined;
          },
        }),
  };
}

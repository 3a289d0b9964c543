/**
 * pyhocon's substitution rules (`ConfigParser.resolve_substitutions`): its own order of work, not the spec's. A
 * substitution's value is written into its concatenation's tokens; a string put in front of another token keeps
 * the blanks written after the `}` (those before it were already dropped); a null read through `get` removes the
 * key (inside a list it stays null); a key defined several times at the root sees its earlier definitions;
 * whatever is still unresolved when a round changes nothing is reported as a cycle.
 */
import {
  ConfigSubstitution,
  ConfigTree,
  ConfigValues,
  PyhoconError,
  NoneValue,
  deepCopy,
  isPlainKey,
  isTruthy,
  lineCol,
  parseKey,
  pyStr,
  spendCopyBudget,
  type PyHocon,
} from './pyhoconModel';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `os.environ.get(name)`: the environment's own variables only. `env` is an object keyed by the file's text, so
 * `${constructor}` or `${__proto__}` must not find what every JavaScript object inherits.
 */
function environmentValue(env: Environment, name: string): string | undefined {
  return Object.hasOwn(env, name) ? env[name] : undefined;
}

/** Substitutions visited over all rounds before giving up (pyhocon has no limit; a real file needs a few rounds). */
const MAX_RESOLVE_STEPS = 2_000_000;

/** Substitutions reachable from a value (a ConfigValues' own and those of what it overrides). */
export function findSubstitutions(item: unknown): ConfigSubstitution[] {
  if (item instanceof ConfigValues) return item.getSubstitutions();
  const found: ConfigSubstitution[] = [];
  collectSubstitutions(item, found);
  return found;
}

/** What findSubstitutions finds below `item`, in its order, added to `found` (no list made per level). */
function collectSubstitutions(item: unknown, found: ConfigSubstitution[]): void {
  if (item instanceof ConfigValues) {
    for (const s of item.getSubstitutions()) found.push(s);
    return;
  }
  if (item instanceof ConfigTree) {
    spendCopyBudget(item.map.size);
    for (const child of item.map.values()) collectSubstitutions(child, found);
  } else if (Array.isArray(item)) {
    spendCopyBudget(item.length);
    for (const child of item) collectSubstitutions(child, found);
  } else {
    spendCopyBudget(0);
  }
}

function resolveVariable(config: ConfigTree, substitution: ConfigSubstitution, env: Environment): [boolean, PyHocon] {
  const variable = substitution.variable;
  try {
    return [true, config.get(variable)];
  } catch (error) {
    if (!(error instanceof PyhoconError) || error.type !== 'ConfigMissingException') throw error;
    const value = environmentValue(env, variable);
    if (value === undefined) {
      if (substitution.optional) return [false, null];
      // Raised while handling the missing key: Python chains them, and neuro-san reports the missing key.
      const outer = new PyhoconError(
        'ConfigSubstitutionException',
        `Cannot resolve variable \${${variable}} (${lineCol(substitution.instring, substitution.loc, substitution.span)})`,
        substitution.span,
      );
      throw new PyhoconError(error.type, error.message, substitution.span, outer);
    }
    return [true, value];
  }
}

function doSubstitute(
  substitution: ConfigSubstitution,
  resolved: PyHocon | ConfigValues,
  isOptionalResolved = true,
): [boolean, ConfigSubstitution[], PyHocon | ConfigValues] {
  if (resolved instanceof ConfigValues) return [true, [], resolved];
  const values = substitution.parent;
  const formatted =
    resolved === null || resolved instanceof ConfigTree || Array.isArray(resolved) || substitution.index === values.tokens.length - 1
      ? resolved
      : pyStr(resolved) + substitution.ws;
  values.put(substitution.index, deepCopy(formatted));
  const transformation = values.transform();
  const result = transformation === null && !isOptionalResolved ? (values.overriddenValue ?? null) : transformation;
  const parent = values.parent;
  if (result === null) {
    if (parent instanceof ConfigTree) {
      if (typeof values.key === 'string' && parent.contains(values.key)) parent.deleteItem(values.key);
    } else if (Array.isArray(parent) && parent.some((x) => pyEqualsInt(x, values.key))) {
      // `key in list` compares the index with the elements: only a list holding that number loses an element.
      parent.splice(values.key as number, 1);
    }
    return [false, [], result];
  }
  if (parent instanceof ConfigTree) parent.map.set(String(values.key), result);
  else if (Array.isArray(parent)) parent[values.key as number] = result;
  const found = findSubstitutions(result);
  return found.length > 0 ? [true, found, result] : [false, [], result];
}

function pyEqualsInt(x: unknown, key: unknown): boolean {
  return typeof key === 'number' && ((typeof x === 'bigint' && x === BigInt(key)) || x === key || (typeof x === 'boolean' && Number(x) === key));
}

function fixupSelfReferences(config: ConfigTree, env: Environment): void {
  if (!config.root || config.history === undefined) return;
  for (const key of [...config.map.keys()]) {
    const history = config.history.get(key) ?? [];
    if (history.length === 0) continue;
    let previous: PyHocon | ConfigValues = history[0]!;
    for (let i = 1; i < history.length; i++) {
      let current: PyHocon | ConfigValues = history[i]!;
      for (const substitution of findSubstitutions(current)) {
        const path = parseKey(substitution.variable);
        if (path.length > 1 && config.get(substitution.variable, null) !== null) continue;
        if (path[0] !== key) continue;
        if (previous instanceof ConfigValues) {
          throw new PyhoconError('ConfigSubstitutionException', `Property ${substitution.variable} cannot be substituted. Check for cycles.`, substitution.span);
        }
        let value: PyHocon;
        if (path.length === 1) value = previous;
        else if (previous instanceof ConfigTree) value = previous.get(path.slice(1).join('.'));
        else throw new PyhoconError('AttributeError', `'${pyTypeOf(previous)}' object has no attribute 'get'`, substitution.span);
        current = doSubstitute(substitution, value)[2];
      }
      previous = current;
    }
    if (history.length === 1) {
      for (const substitution of findSubstitutions(previous)) {
        const path = parseKey(substitution.variable);
        if (path.length > 1 && config.get(substitution.variable, null) !== null) continue;
        if (path[0] !== key) continue;
        const value = environmentValue(env, key);
        if (value !== undefined) {
          doSubstitute(substitution, value);
          continue;
        }
        if (substitution.optional) doSubstitute(substitution, null);
      }
    }
  }
}

function pyTypeOf(value: unknown): string {
  if (typeof value === 'string') return 'str';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'boolean') return 'bool';
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  return 'object';
}

/** `_final_fixup`: every ConfigValues left becomes its concatenation. Returns the fixed value. */
export function finalFixup(item: PyHocon | ConfigValues): PyHocon | ConfigValues {
  if (item instanceof ConfigValues) return item.transform();
  if (Array.isArray(item)) return item.map((child) => finalFixup(child));
  if (item instanceof ConfigTree) {
    for (const key of [...item.map.keys()]) {
      // `item.get(key)` read without parsing the key where it names itself (almost every key); a list it would copy
      // (its NoneValues as None) is copied once, by the fixup.
      if (!isPlainKey(key)) {
        item.map.set(key, finalFixup(item.get(key)));
        continue;
      }
      const child = item.map.get(key)!;
      if (Array.isArray(child)) item.map.set(key, child.map((x) => finalFixup(x instanceof NoneValue ? null : x)));
      else item.map.set(key, child instanceof NoneValue ? null : finalFixup(child));
    }
  }
  return item;
}

/** `resolve_substitutions(config)`; throws as pyhocon raises. */
export function resolveSubstitutions(config: ConfigTree | PyHocon[], env: Environment): void {
  if (config instanceof ConfigTree) fixupSelfReferences(config, env);
  const substitutions = findSubstitutions(config);
  if (substitutions.length > 0) {
    let anyUnresolved = true;
    let previousRound: ConfigSubstitution[] = [];
    const cache = new Map<ConfigSubstitution, ConfigSubstitution[]>();
    // pyhocon goes round until nothing changes; hostile input could keep it going: stop past a budget of steps.
    let steps = 0;
    while (anyUnresolved && substitutions.length > 0 && !sameSet(substitutions, previousRound)) {
      steps += substitutions.length;
      if (steps > MAX_RESOLVE_STEPS) throw new PyhoconError('RecursionError', `Toolbox Editor stopped resolving after ${MAX_RESOLVE_STEPS} steps`);
      anyUnresolved = false;
      previousRound = [...substitutions];
      for (const substitution of previousRound) {
        let unresolved = false;
        let overridden: PyHocon | ConfigValues | undefined = substitution.parent.overriddenValue;
        if (overridden instanceof ConfigValues) overridden = overridden.transform();
        if (overridden !== null && overridden !== undefined && substitutions.some((s) => s.parent === overridden)) continue;
        const [isOptionalResolved, resolvedRaw] = resolveVariable(config as ConfigTree, substitution, env);
        let resolved: PyHocon | ConfigValues = resolvedRaw;
        if (resolved instanceof ConfigValues) {
          resolved = resolved.transform();
          let toSubstitute = resolved;
          if (isTruthy(overridden) && !(overridden instanceof ConfigValues)) toSubstitute = overridden as PyHocon;
          [unresolved] = doSubstitute(substitution, toSubstitute, isOptionalResolved);
          anyUnresolved = unresolved || anyUnresolved;
          if (!unresolved) remove(substitutions, substitution);
          continue;
        }
        let cacheValues: ConfigSubstitution[] = [];
        if (overridden instanceof ConfigValues) {
          const cached = cache.get(substitution);
          if (cached === undefined) continue;
          cacheValues = cached;
        }
        cacheValues.push(substitution);
        const overrides = substitutions.filter((s) => s.parent.overriddenValue === substitution.parent);
        if (overrides.length > 0) {
          for (const o of overrides) {
            const values = cache.get(o) ?? [];
            values.push(...cacheValues);
            cache.set(o, values);
          }
          remove(substitutions, substitution);
          continue;
        }
        for (const s of cacheValues) {
          const [resolvedOptional, value] = resolveVariable(config as ConfigTree, s, env);
          const [stillUnresolved, newSubstitutions] = doSubstitute(s, !resolvedOptional && s.optional ? null : value, resolvedOptional);
          unresolved = stillUnresolved;
          remove(substitutions, s);
          substitutions.push(...newSubstitutions);
        }
        anyUnresolved = unresolved || anyUnresolved;
        if (cacheValues.length === 0) anyUnresolved = true;
      }
    }
    finalFixup(config);
    if (anyUnresolved) {
      const list = substitutions.map((s) => `\${${s.variable}}: (${lineCol(s.instring, s.loc, s.span)})`).join(', ');
      throw new PyhoconError('ConfigSubstitutionException', `Cannot resolve ${list}. Check for cycles.`, substitutions[0]?.span);
    }
  }
  finalFixup(config);
}

function remove<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i >= 0) list.splice(i, 1);
}

function sameSet<T>(a: T[], b: T[]): boolean {
  const setA = new Set(a);
  const setB = new Set(b);
  if (setA.size !== setB.size) return false;
  for (const x of setA) if (!setB.has(x)) return false;
  return true;
}

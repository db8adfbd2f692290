/**
 * The CLI's options, built from the game modules: every option any game declares is known to
 * the parser (so a typo is refused by name), and once the game is known its own options are
 * checked (whole numbers in their range, a choice among its values) and every other game's
 * option is refused by name. Deprecated names still work, with a one-line note.
 */
import { fail, isGuesstreeError } from '../../runtime/errors.js';
import type { GameModule, GameOptions, OptionSpec } from '../games/module.js';
import { GAMES } from '../games/registry.js';

export type Verb = 'compile' | 'verify' | 'stats' | 'export' | 'play';

/** An option of some game, as the parser knows it: its type and what it is to each game. */
export interface KnownOption {
  readonly name: string;
  readonly type: OptionSpec['type'];
  readonly describe: string;
  /** Only compile takes it (for every game that declares it). */
  readonly compileOnly: boolean;
  /** A deprecated name: the option it now is. */
  readonly deprecatedOf?: string;
}

function specsOf(m: GameModule, verb: Verb): OptionSpec[] {
  const own = m.options.filter((o) => verb === 'compile' || !o.compileOnly);
  return verb === 'verify' && m.verifyExtra ? [...own, ...m.verifyExtra.options] : own;
}

/** Every game option the parser must know for a verb, with a description naming the games. */
export function knownOptions(verb: Verb): KnownOption[] {
  const byName = new Map<string, { type: OptionSpec['type']; parts: string[]; compileOnly: boolean }>();
  const deprecated = new Map<string, string>();
  for (const m of GAMES) {
    for (const o of specsOf(m, verb)) {
      const range = o.min !== undefined ? ` (${o.min}..${o.max})` : o.choices ? ` (${o.choices.join(', ')})` : '';
      const cur = byName.get(o.name) ?? { type: o.type, parts: [], compileOnly: o.compileOnly === true };
      cur.parts.push(`${m.id}: ${o.describe}${range}`);
      byName.set(o.name, cur);
      for (const d of o.deprecated ?? []) deprecated.set(d.name, o.name);
    }
  }
  const out: KnownOption[] = [...byName].map(([name, v]) => ({
    name,
    type: v.type,
    describe: v.parts.join('; '),
    compileOnly: v.compileOnly,
  }));
  for (const [name, of] of deprecated)
    if (!byName.has(name))
      out.push({
        name,
        type: byName.get(of)?.type ?? 'string',
        describe: `deprecated: use --${of}`,
        compileOnly: false,
        deprecatedOf: of,
      });
  return out;
}

/**
 * How options are named in messages and how their values come: the CLI's `--max-memory 400`
 * (text, as typed), or the library's `maxMemory: 400` (named as the program wrote it, values
 * already typed: a number option takes a number, a flag a boolean, the others a string).
 */
export interface OptionStyle {
  /** The option as the user wrote it: `--max-memory`, `maxMemory`. */
  name(option: string): string;
  /** Values come typed (the library); else as text (the CLI). */
  readonly typed: boolean;
  /** The verb as messages name it (the library's `verify`, `openTree`); default: the CLI's verb. */
  readonly verb?: string;
}

export const CLI_STYLE: OptionStyle = { name: (o) => `--${o}`, typed: false };

/**
 * Runs a game module's own check or load under `style`. Modules name options in their usage
 * lines as the CLI spells them (`mastermind needs --pegs P`); under another style each `--name`
 * is reworded as that style names it (`pegs`), so a program reads the names it passes.
 */
export function inStyle<T>(style: OptionStyle, run: () => T): T {
  if (style === CLI_STYLE) return run();
  try {
    return run();
  } catch (e) {
    if (!isGuesstreeError(e) || e.kind !== 'usage') throw e;
    throw fail(
      'usage',
      e.message.replace(
        /(^|[\s(])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)/g,
        (_, pre: string, n: string) => pre + style.name(n),
      ),
    );
  }
}

/** A value of the wrong type, in words: `the number 42`, `the string "5"`, `null`, `an array`. */
function describeValue(raw: unknown): string {
  if (raw === null) return 'null';
  if (Array.isArray(raw)) return 'an array';
  switch (typeof raw) {
    case 'string':
      return `the string "${quote(raw)}"`;
    case 'number':
    case 'bigint':
      return `the ${typeof raw} ${String(raw)}`;
    case 'boolean':
      return String(raw);
    case 'function':
      return 'a function';
    case 'object':
      return 'an object';
    default:
      return typeof raw;
  }
}

/** A library value of the wrong JavaScript type: one line naming the option, what it takes and what it got. */
export function wrongType(name: string, expected: string, raw: unknown): never {
  throw fail('usage', `${name}: expected ${expected}, got ${describeValue(raw)}`);
}

/** Parse a whole number as typed: digits only (a sign allowed), within the safe range (typed: a number). */
export function parseWhole(
  flag: string,
  raw: unknown,
  { min, max, style = CLI_STYLE }: { readonly min: number; readonly max: number; readonly style?: OptionStyle },
): number {
  const name = style.name(flag);
  if (style.typed && typeof raw !== 'number') wrongType(name, `a whole number from ${min} to ${max}`, raw);
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[+-]?\d+$/.test(text))
    throw fail('usage', `${name} ${quote(raw)}: expected a whole number from ${min} to ${max}`);
  const v = Number(text);
  if (!Number.isSafeInteger(v) || v < min || v > max)
    throw fail('usage', `${name} ${quote(raw)}: expected a whole number from ${min} to ${max}`);
  return v;
}

export function quote(raw: unknown): string {
  const s = Array.isArray(raw) ? raw.map(String).join(' ') : String(raw);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/** What the user typed, by option name (undefined when absent). */
export type RawArgs = Readonly<Record<string, unknown>>;

/**
 * The game's options from the parsed arguments: its own checked and typed, deprecated names
 * mapped (with a note on `warn`), any other game's option refused by name.
 */
export function gameOptionsOf(
  m: GameModule,
  args: RawArgs,
  {
    verb,
    warn,
    style = CLI_STYLE,
  }: { readonly verb: Verb; readonly warn: (line: string) => void; readonly style?: OptionStyle },
): GameOptions {
  const specs = specsOf(m, verb);
  const out: Record<string, string | number | boolean | undefined> = {};
  const mine = new Set(specs.map((o) => o.name));
  for (const o of specs) {
    let raw = args[o.name];
    for (const d of o.deprecated ?? []) {
      const old = args[d.name];
      if (old === undefined) continue;
      if (raw !== undefined)
        throw fail('usage', `give ${style.name(o.name)} or ${style.name(d.name)} (deprecated), not both`);
      warn(`guesstree: note: ${d.note}`);
      raw = old;
      mine.add(d.name);
    }
    if (raw === undefined) continue;
    if (Array.isArray(raw) && !style.typed)
      throw fail('usage', `${style.name(o.name)} was given ${raw.length} times; give it once`);
    out[o.name] = checkValue(m, o, raw, style);
  }
  for (const k of knownOptions(verb)) {
    if (mine.has(k.name) || args[k.name] === undefined) continue;
    const takes = specs.length ? specs.map((o) => style.name(o.name)).join(', ') : 'no options';
    const forVerb = style.verb ?? verb;
    throw fail(
      'usage',
      `${style.name(k.name)} is not an option of ${m.id}${forVerb === 'compile' ? '' : ` for ${forVerb}`} (${m.id} takes ${takes})`,
    );
  }
  return out;
}

/** A flag's value: a boolean (the library), or the flag given with no value (the CLI). `name`: as the style writes it. */
export function flagValue(name: string, raw: unknown, style: OptionStyle): boolean {
  if (typeof raw !== 'boolean') {
    if (style.typed) wrongType(name, 'true or false', raw);
    throw fail('usage', `${name} takes no value`);
  }
  return raw;
}

function checkValue(m: GameModule, o: OptionSpec, raw: unknown, style: OptionStyle): string | number | boolean {
  const name = style.name(o.name);
  switch (o.type) {
    case 'boolean':
      return flagValue(name, raw, style);
    case 'integer':
      return parseWhole(o.name, raw, {
        min: o.min ?? Number.MIN_SAFE_INTEGER,
        max: o.max ?? Number.MAX_SAFE_INTEGER,
        style,
      });
    case 'string':
    case 'file': {
      if (style.typed && typeof raw !== 'string')
        wrongType(name, o.type === 'file' ? 'a file name (a string)' : 'a string', raw);
      if (typeof raw === 'boolean') throw fail('usage', `${name} needs a value`);
      const s = String(raw);
      if (o.type === 'file' && s.trim() === '') throw fail('usage', `${name} "": expected a file name`);
      if (o.choices && !o.choices.includes(s))
        throw fail('usage', `${name} ${quote(s)}: unknown ${o.name} for ${m.id} (choose ${o.choices.join(', ')})`);
      return s;
    }
  }
}

/**
 * `--exact` is `--effort exact` (Mastermind, Bulls and Cows): given with another effort, the two
 * contradict each other and neither wins silently.
 */
export function checkEffortAgrees(opts: GameOptions, effort: unknown, style: OptionStyle = CLI_STYLE): void {
  const [exact, named] = [style.name('exact'), style.name('effort')];
  if (opts.exact === true && effort !== undefined && effort !== 'exact')
    throw fail(
      'usage',
      `${exact} and ${named} ${quote(effort)} contradict each other (${exact} is ${named} exact): give one of them`,
    );
}

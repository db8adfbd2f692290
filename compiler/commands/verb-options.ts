/**
 * A verb's own options, as commands/help.ts lists them (type, range, choices, what one needs),
 * checked the same way for the CLI (`--workers 2`: text as typed) and the library (`workers: 2`:
 * typed values): a whole number in its range, a non-empty name, a flag, one of the choices; an
 * option that needs another (`--resume` needs `--checkpoint`) refused without it.
 */
import { fail } from '../../runtime/errors.js';
import { type AnyVerb, type VerbOption, verbInfo } from './help.js';
import { CLI_STYLE, flagValue, type OptionStyle, parseWhole, quote, type RawArgs, wrongType } from './options.js';

/** A verb's own option values by name (`max-memory`), checked; absent ones undefined. */
export type VerbValues = Readonly<Record<string, string | number | boolean | undefined>>;

const NAME_OF: Readonly<Record<VerbOption['type'], string>> = {
  number: 'a number',
  text: 'a name',
  file: 'a file name',
  folder: 'a folder name',
  url: 'a URL',
  boolean: 'true or false',
  choice: 'a name',
};

function checkedValue(o: VerbOption, raw: unknown, style: OptionStyle): string | number | boolean {
  const name = style.name(o.name);
  if (Array.isArray(raw) && !style.typed) throw fail('usage', `${name} was given ${raw.length} times; give it once`);
  switch (o.type) {
    case 'boolean':
      return flagValue(name, raw, style);
    case 'number':
      return parseWhole(o.name, raw, { min: o.min ?? 0, max: o.max ?? Number.MAX_SAFE_INTEGER, style });
    default: {
      if (typeof raw !== 'string') {
        if (style.typed) wrongType(name, `${NAME_OF[o.type]} (a string)`, raw);
        throw fail('usage', `${name} needs a value`);
      }
      if (raw.trim() === '') throw fail('usage', `${name} "": expected ${NAME_OF[o.type]}`);
      if (o.choices && !o.choices.includes(raw))
        throw fail('usage', `${name} ${quote(raw)}: expected one of ${o.choices.join(', ')}`);
      return raw;
    }
  }
}

/** The verb's own options among `args`, each checked; then each option's need of another. */
export function verbOptionsOf(verb: AnyVerb, args: RawArgs, style: OptionStyle = CLI_STYLE): VerbValues {
  const specs = verbInfo(verb).options;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const o of specs) {
    const raw = args[o.name];
    if (raw !== undefined) out[o.name] = checkedValue(o, raw, style);
  }
  for (const o of specs) {
    const v = out[o.name];
    if (o.requires !== undefined && v !== undefined && v !== false && out[o.requires] === undefined)
      throw fail('usage', `${style.name(o.name)} needs ${style.name(o.requires)}`);
  }
  return out;
}

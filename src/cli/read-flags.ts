import { ConfigError } from '../errors/api-error';
import { anyOf, closestWords } from '../near-miss/closest-words';
import type { OptionValue } from '../app/option-values';

/** A flag the command line reads: a start option (src/app/start-options.ts) or one of a command's own. */
export interface FlagSpec {
  flag: `--${string}`;
  /** `<n>`: a value must follow; `[on|off]`: one may; empty: a switch. */
  arg: string;
  /** Read when the flag is not given (a variable set to nothing counts as given: it says "none"). */
  env?: string;
  value?: OptionValue<unknown>;
  /** Given again, the values add up (lists). */
  repeatable?: true;
}

/** The command line read: each flag's value by name, the words that are not flags, and `--help`/`--version`. */
export interface ReadFlags {
  values: Record<string, unknown>;
  positionals: string[];
  help: boolean;
  version: boolean;
}

/** How a command reads its words. */
export interface ReadOptions {
  /** `-v`/`--version` is known. */
  version?: boolean;
  /** The first word that is not a flag ends the flags: it and what follows are a subcommand's. */
  stopAtWord?: boolean;
}

/**
 * Reads `args` against `specs` (by name): `--name value`, `--name=value`, `--` (the rest are words), `-h`/`--help`
 * and, when asked, `-v`/`--version`. Every mistake is a ConfigError saying what to fix; an unknown flag gets the
 * closest known ones. The environment is read apart (withEnvironment), once it is known what runs.
 *
 * @example readFlags(['--port', '0'], { port: START_OPTIONS.port }).values // { port: 0 }
 */
export function readFlags(args: readonly string[], specs: Record<string, FlagSpec>, { version = false, stopAtWord = false }: ReadOptions = {}): ReadFlags {
  const byFlag = new Map<string, { name: string; spec: FlagSpec }>(Object.entries(specs).map(([name, spec]) => [spec.flag, { name, spec }]));
  const read: ReadFlags = { values: {}, positionals: [], help: false, version: false };
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (word === '--') {
      read.positionals.push(...args.slice(i + 1));
      break;
    }
    if (word === '-h' || word === '--help') read.help = true;
    else if (version && (word === '-v' || word === '--version')) read.version = true;
    else if (!word.startsWith('-') || word === '-') {
      if (stopAtWord) {
        read.positionals.push(...args.slice(i));
        break;
      }
      read.positionals.push(word);
    } else {
      const [flag, inline] = splitInline(word);
      const known = byFlag.get(flag);
      if (!known) throw unknownFlag(flag, [...byFlag.keys(), '--help', ...(version ? ['--version'] : [])]);
      const next = args[i + 1];
      let text = inline;
      if (text === undefined && known.spec.arg.startsWith('<')) {
        if (next === undefined) throw new ConfigError(`${flag} needs a value: ${flag} ${known.spec.arg}.`);
        text = next;
        i++;
      } else if (text === undefined && known.spec.arg.startsWith('[') && next !== undefined && !next.startsWith('-')) {
        text = next;
        i++;
      }
      if (known.spec.arg === '' && inline !== undefined) throw new ConfigError(`${flag} takes no value: give ${flag} alone.`);
      take(read.values, known.name, known.spec, text, flag);
    }
  }
  return read;
}

/**
 * `values` with each flag not given taken from its environment variable, read as the flag is (a mistake names the
 * variable). A variable set to nothing is given, empty: for most options that is "none".
 *
 * @example withEnvironment({}, { port: START_OPTIONS.port }, { PAYMENTS_MOCK_PORT: '0' }) // { port: 0 }
 */
export function withEnvironment(values: Record<string, unknown>, specs: Record<string, FlagSpec>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const all = { ...values };
  for (const [name, spec] of Object.entries(specs)) {
    const given = spec.env !== undefined ? env[spec.env] : undefined;
    if (all[name] === undefined && given !== undefined) take(all, name, spec, given, spec.env as string);
  }
  return all;
}

/** `--port=80` → ['--port', '80']; `--port` → ['--port', undefined]. */
function splitInline(word: string): [string, string | undefined] {
  const at = word.indexOf('=');
  return at === -1 ? [word, undefined] : [word.slice(0, at), word.slice(at + 1)];
}

/** Stores a flag's value: read by its kind (a switch or a value left out is `true`), added up when repeatable. */
function take(values: Record<string, unknown>, name: string, spec: FlagSpec, text: string | undefined, source: string): void {
  const value = text === undefined ? true : spec.value ? spec.value.read(text, source) : text;
  values[name] = spec.repeatable ? [...((values[name] as unknown[] | undefined) ?? []), ...(value as unknown[])] : value;
}

function unknownFlag(flag: string, known: string[]): ConfigError {
  const close = closestWords(flag, known);
  return new ConfigError(`unknown option '${flag}'${close.length > 0 ? `: did you mean ${anyOf(close)}?` : ''} (--help lists them).`);
}

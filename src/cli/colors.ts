/** A way to colour text: chalk's on a terminal, plain text anywhere else. */
export type Paint = (text: string) => string;
export type Palette = Record<'red' | 'yellow' | 'green' | 'dim' | 'bold' | 'cyan' | 'magenta', Paint>;

const same: Paint = (text) => text;
const PLAIN: Palette = { red: same, yellow: same, green: same, dim: same, bold: same, cyan: same, magenta: same };

/**
 * Colours only show on a terminal, so chalk is loaded only there: a server whose output goes to a pipe or a file
 * (test fixtures, CI) starts without it.
 */
export function palette(terminal: boolean): Palette {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for a terminal, to keep boot fast
  return terminal ? (require('chalk') as Palette) : PLAIN;
}

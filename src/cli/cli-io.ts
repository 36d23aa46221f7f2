import type { MockServer } from '../start-mock';

// What every command is handed and gives back, below main.ts and the subcommands it adds, so they import it from
// here and never from each other.

/** Where a CLI run writes: the process's streams, or a test's collectors. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (pretty logs by default). */
  isTTY: boolean;
}

/** What a CLI run gives back: its exit code, and the server it started (serving), which `--log off` keeps quiet. */
export interface CliResult {
  exitCode: number;
  mock?: MockServer;
  /** --log off: nothing but the listening line on stdout, the shutdown lines included. */
  quiet?: boolean;
  /** `mcp`: the session with the agent; the process stops (and stops its mock) when it ends. */
  session?: Promise<void>;
}

/**
 * A save the file system refused (`EROFS`, `ENOSPC`, `EACCES`, a folder gone): the file, and the system's reason.
 * Not a bug of the mock: `POST /_mock/state/save` answers it as `state_save_failed`, the CLI's shutdown as a line.
 * @example throw StateSaveError.of('/data/state.json', error) // EROFS and the like; anything else is rethrown as is
 */
export class StateSaveError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`Could not save the state to ${file}: ${reason}. The previous file is whole.`);
  }

  /** The error a failed save becomes: a StateSaveError when the file system refused it, else the error itself (a bug). */
  static of(file: string, error: unknown): unknown {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return typeof code === 'string' && code.startsWith('E') ? new StateSaveError(file, (error as Error).message) : error;
  }
}

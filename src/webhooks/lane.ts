/** One endpoint's attempts, one at a time, in the order they were handed in. */
export class Lane {
  private tail: Promise<void> = Promise.resolve();

  run(task: () => Promise<void>): Promise<void> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  idle(): Promise<void> {
    return this.tail;
  }
}

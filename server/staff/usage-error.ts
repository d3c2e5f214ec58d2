/** A command line of `npm run bank` that cannot be run: the message says why (exit code 2 with the usage). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

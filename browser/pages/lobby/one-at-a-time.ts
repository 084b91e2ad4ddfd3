import { ServiceError } from "./seat-service";

/** What a page does when a seat call fails: the ID token ran out (401), or anything else. */
export interface CallFailures {
  /** The ID token expired (they live an hour): the SSO session signs the page in again. */
  signInAgain(): void;
  failed(error: unknown): Promise<void> | void;
}

/** Runs a page's seat calls one at a time: a click while one runs does nothing. */
export class OneAtATime {
  private running = false;
  private readonly failures: CallFailures;

  constructor(failures: CallFailures) {
    this.failures = failures;
  }

  get busy(): boolean {
    return this.running;
  }

  async run(work: () => Promise<void>): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await work();
    } catch (error) {
      if (error instanceof ServiceError && error.status === 401) this.failures.signInAgain();
      else await this.failures.failed(error);
    } finally {
      this.running = false;
    }
  }
}

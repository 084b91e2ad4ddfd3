export interface BenchContext {
  /** Base of the platform under test, e.g. http://127.0.0.1:8790 (apps under /auth, /rooms, ...). */
  readonly platformUrl: string;
  /**
   * The identity provider the platform signs in with: the dev IdP of another process
   * (http://127.0.0.1:8793/idp), as Google's is in production; its users and ID tokens are the ones
   * the platform accepts.
   */
  readonly idpUrl: string;
  /** Base of the baseline Worker (bench/baseline). */
  readonly baselineUrl: string;
  /** Puts a file into the platform's local R2 bucket (CODE) as `key`. */
  putCode(key: string, file: string): Promise<void>;
  /** The dev secrets the platform runs with (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, ...). */
  readonly secrets: Readonly<Record<string, string>>;
}

export interface BenchRow {
  name: string;
  /** The platform's figure, in `unit`. */
  figure: number;
  /** The baseline's figure in the same run, or null for absolute-only rows. */
  baseline: number | null;
  unit: string;
  /** Human-readable budget, e.g. "ratio >= 0.5". */
  budget: string;
  pass: boolean;
}

export type Benchmark = (context: BenchContext) => Promise<BenchRow[]>;

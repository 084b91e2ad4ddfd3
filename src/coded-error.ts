/**
 * An error of a pure core with a stable machine code, which the app that called the core turns
 * into its answer (the `error` of the JSON body). Each kind names itself (`name`), since bundles
 * may rename classes.
 */
export class CodedError<Code extends string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string) {
    super(message);
    this.code = code;
  }
}

/** A refused call to the store's API: its status and the body's stable `error` code. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string) {
    super(`store API answered ${status} ${code}`);
    this.status = status;
    this.code = code;
  }
}

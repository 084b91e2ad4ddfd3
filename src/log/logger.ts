import { isSecretField, REDACTED, scrubText, scrubValue } from "./scrub";

/**
 * Severity names of the log agent document 1 writes for (Google Cloud Logging's LogSeverity):
 * what each means for an operator is in the README, "Operate".
 */
export type Severity = "DEBUG" | "INFO" | "NOTICE" | "WARNING" | "ERROR" | "CRITICAL";

export type LogFields = Record<string, unknown>;

/** json: one JSON object per line (stg, prd, tests); pretty: the same fields, easier on the eye (dev). */
export type LogFormat = "json" | "pretty";

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  notice(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  critical(message: string, fields?: LogFields): void;
  /** A logger whose lines also carry `fields` (component, connectionId, ...). */
  child(fields: LogFields): Logger;
  /** The fields every line of this logger carries (app, environment, requestId, ...). */
  readonly context: Readonly<LogFields>;
}

/** Where a finished line goes; the default is the console method Workers Logs reads the level from. */
export type LogSink = (severity: Severity, line: string) => void;

export const consoleSink: LogSink = (severity, line) => {
  if (severity === "ERROR" || severity === "CRITICAL") console.error(line);
  else if (severity === "WARNING") console.warn(line);
  else console.log(line);
};

/** The fields that are ours, not the caller's: never scrubbed, so ids and routes stay exact. */
const TRUSTED = new Set(["app", "environment", "requestId", "component", "method", "route", "status", "durationMs"]);

export interface LoggerOptions {
  format?: LogFormat;
  sink?: LogSink;
}

export function createLogger(context: LogFields, options: LoggerOptions = {}): Logger {
  const format = options.format ?? "json";
  const sink = options.sink ?? consoleSink;
  const write = (severity: Severity, message: string, fields: LogFields = {}) => {
    const record = { severity, message: scrubText(message), ...safeFields(context), ...safeFields(fields) };
    sink(severity, format === "json" ? JSON.stringify(record) : prettyLine(record));
  };
  return {
    context,
    debug: (message, fields) => write("DEBUG", message, fields),
    info: (message, fields) => write("INFO", message, fields),
    notice: (message, fields) => write("NOTICE", message, fields),
    warn: (message, fields) => write("WARNING", message, fields),
    error: (message, fields) => write("ERROR", message, fields),
    critical: (message, fields) => write("CRITICAL", message, fields),
    child: (fields) => createLogger({ ...context, ...fields }, options),
  };
}

function safeFields(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (TRUSTED.has(key)) out[key] = value;
    else out[key] = isSecretField(key, value) ? REDACTED : scrubValue(value);
  }
  return out;
}

function prettyLine(record: LogFields): string {
  const { severity, message, app, component, requestId, environment: _environment, ...rest } = record;
  const where = component ? `${app}/${component}` : app;
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  return `${String(severity).padEnd(8)} ${where} ${message}${extra}${requestId ? ` [${requestId}]` : ""}`;
}

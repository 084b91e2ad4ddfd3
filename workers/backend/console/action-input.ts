import { z } from "zod";
import { ApiError } from "../../../src/worker-kit/errors";
import { CLOSE_MESSAGE_MAX, REASON_MAX, REASON_MIN } from "./operator-actions";

/** The reason every action needs: 400 `reason_required` without one. */
export const reasonField = z
  .string({ error: "required" })
  .trim()
  .min(REASON_MIN, `type why, at least ${REASON_MIN} characters`)
  .max(REASON_MAX, `at most ${REASON_MAX} characters`);

export const closeMessageField = z.string({ error: "required" }).trim().min(3).max(CLOSE_MESSAGE_MAX);

/** A form's fields checked with a schema: 400 naming the field (`reason_required` when it is the reason). */
export function formInput<Schema extends z.ZodType>(schema: Schema, form: Record<string, string>): z.output<Schema> {
  const result = schema.safeParse(form);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || "form";
  const reason = field === "reason" || field === "note";
  throw new ApiError(
    400,
    reason ? "reason_required" : "invalid_form",
    reason
      ? `Every action needs a reason typed by the operator (${field}: ${issue?.message ?? "required"}); nothing was done.`
      : `${field}: ${issue?.message ?? "is invalid"}; nothing was done.`,
  );
}

import { describe, expect, it } from "vitest";
import { progressStep, uploadProgressLine } from "../../../tools/cli/upload-progress";

describe("scenario publish's upload progress line", () => {
  it("shows a small upload in bytes or KB, never as 0.00 of 0.00 MB", () => {
    expect(uploadProgressLine("logic.js", 512, 512)).toBe("uploading logic.js 100% (512 of 512 bytes)");
    expect(uploadProgressLine("client.zip", 3481, 3481)).toBe("uploading client.zip 100% (3.4 of 3.4 KB)");
    expect(uploadProgressLine("client.zip", 1024, 3481)).toBe("uploading client.zip 29% (1.0 of 3.4 KB)");
    for (const total of [1, 700, 3481, 500_000]) {
      expect(uploadProgressLine("client.zip", total, total)).not.toMatch(/0\.00 of 0\.00/);
    }
  });

  it("shows a large upload in MB", () => {
    const total = 2.6 * 1024 * 1024;
    expect(uploadProgressLine("client.zip", 1.2 * 1024 * 1024, total)).toBe(
      "uploading client.zip 46% (1.20 of 2.60 MB)",
    );
  });

  it("says an empty file is empty instead of a fraction", () => {
    expect(uploadProgressLine("logic.js", 0, 0)).toBe("uploading logic.js (empty)");
  });

  it("logs one line per quarter when no terminal rewrites the line", () => {
    expect([0, 24, 25, 74, 99, 100].map((sent) => progressStep(sent, 100))).toEqual([0, 0, 1, 2, 3, 4]);
    expect(progressStep(0, 0)).toBe(4);
  });
});

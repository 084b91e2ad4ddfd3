// Why the latest rebuild of the scenario failed, above the seats: each error's file, line and
// message with its source line, or the build command's last output. Its container is a role=alert
// region, so a screen reader says the failure when it appears.
import { render } from "preact";
import type { BuildFailure, BuildProblem } from "../../src/page-configs/harness";

/** "logic.js, line 12, column 5", or the file alone for a problem of the whole file. */
export function problemPlace(problem: BuildProblem): string {
  if (problem.line === null) return problem.file;
  return `${problem.file}, line ${problem.line}${problem.column === null ? "" : `, column ${problem.column}`}`;
}

/** The source line with its number, and a caret under the column (tabs kept, so it lines up). */
function SourceLine({ problem }: { problem: BuildProblem }) {
  if (problem.lineText === null || problem.line === null) return null;
  const gutter = `${problem.line} | `;
  const lead = problem.lineText.slice(0, Math.max(0, (problem.column ?? 1) - 1)).replace(/[^\t]/g, " ");
  return (
    // A long line scrolls inside its box; the box takes focus so the keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <pre tabIndex={0}>
      <code>{`${gutter}${problem.lineText}`}</code>
      {problem.column === null ? null : <span aria-hidden="true">{`\n${" ".repeat(gutter.length)}${lead}^`}</span>}
    </pre>
  );
}

function FailureNotice({ failure, revisionId }: { failure: BuildFailure; revisionId: string }) {
  return (
    <>
      <h2 id="build-failure-title">{failure.summary}</h2>
      <p>
        The seats still play revision {revisionId}, the last that built. Save a fix: the harness rebuilds by itself.
      </p>
      {failure.problems.length === 0 ? null : (
        <ul data-testid="build-problems">
          {failure.problems.map((problem) => (
            <li key={`${problemPlace(problem)} ${problem.message}`}>
              <p>
                <span class="problem-place">{problemPlace(problem)}</span>: {problem.message}
              </p>
              <SourceLine problem={problem} />
            </li>
          ))}
        </ul>
      )}
      {failure.output === null ? null : (
        <>
          <p>The build command's output ends with:</p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <pre class="build-output" tabIndex={0}>
            {failure.output}
          </pre>
        </>
      )}
    </>
  );
}

/** Shows `failure` in `container` (the page's role=alert section), or hides it when there is none. */
export function showBuildFailure(container: HTMLElement, failure: BuildFailure | null, revisionId: string): void {
  container.hidden = failure === null;
  render(failure === null ? null : <FailureNotice failure={failure} revisionId={revisionId} />, container);
}

import type { Operator } from "../../console/console-env";
import type { RevisionRow } from "../../console/room-list";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";
import { Code, ScrollTable, Section, When } from "./parts";

/** Published revisions, newest first: each links to its files and rooms. */
export function RoomsPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  revisions: RevisionRow[];
  revisionUrl: (revisionId: string) => string;
  olderUrl: string | null;
}) {
  const { links } = props;
  return (
    <ConsoleLayout title="Rooms" section="rooms" links={links} operator={props.operator}>
      <Section id="revisions" title="Published revisions">
        {props.revisions.length === 0 ? (
          <p>No revision is published.</p>
        ) : (
          <ScrollTable label="Published revisions">
            <table aria-labelledby="revisions">
              <thead>
                <tr>
                  <th scope="col">Revision</th>
                  <th scope="col">Scenario</th>
                  <th scope="col">Publisher</th>
                  <th scope="col">Published</th>
                  <th scope="col">Files</th>
                </tr>
              </thead>
              <tbody>
                {props.revisions.map((revision) => (
                  <tr>
                    <td>
                      <a href={props.revisionUrl(revision.id)}>
                        <Code>{revision.id}</Code>
                      </a>
                    </td>
                    <td>
                      <Code>{revision.scenarioId}</Code>
                      {revision.name ? ` (${revision.name})` : ""}
                    </td>
                    <td>
                      <a href={links.user(revision.uploaderUid)}>
                        <Code>{revision.uploaderUid}</Code>
                      </a>
                    </td>
                    <td>
                      <When at={revision.createdAt} />
                    </td>
                    <td>{filesText(revision)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {props.olderUrl && (
          <p>
            <a href={props.olderUrl}>Older revisions</a>
          </p>
        )}
      </Section>
    </ConsoleLayout>
  );
}

export function filesText(revision: RevisionRow): string {
  const zip = `client zip ${revision.clientZipBytes.toLocaleString("en")} bytes`;
  return revision.hasLogic
    ? `logic.js ${(revision.logicBytes ?? 0).toLocaleString("en")} bytes, ${zip}`
    : `${zip} (solo)`;
}

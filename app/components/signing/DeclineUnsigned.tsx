/**
 * Declining one unsigned item on its own page (spec 000 §4 "Unsigned transactions can be signed
 * or cancelled (declined)"): a "decline" link to the page with `?decline=1`, and there the
 * confirmation (what declining means) whose form posts `intent=decline` to the page itself
 * (lib/decline.server.ts `declineUnsigned`). Plain link and form: works without JavaScript. Used
 * by the FX rate request page and the remittance order page, each with its own words.
 */
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "../forms/AuthenticityTokenInput";
import { Button } from "../ui/Button";

export function DeclineUnsigned({
  pageHref,
  confirming,
  testIdPrefix,
  labels,
}: {
  /** The item's page (no query). */
  pageHref: string;
  /** `?decline=1`: show the confirmation instead of the link. */
  confirming: boolean;
  /** `<prefix>-decline` on the link, `<prefix>-decline-confirm` on the confirmation. */
  testIdPrefix: string;
  /** Translated words: the link, the confirmation's title and text, submit and keep. */
  labels: { link: string; title: string; text: string; submit: string; keep: string };
}) {
  if (!confirming)
    return (
      <p>
        <Link to={`${pageHref}?decline=1`} data-testid={`${testIdPrefix}-decline`}>
          {labels.link}
        </Link>
      </p>
    );
  return (
    <section aria-labelledby="decline-title" data-testid={`${testIdPrefix}-decline-confirm`}>
      <h2 id="decline-title">{labels.title}</h2>
      <p>{labels.text}</p>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="decline" />
        <Button type="submit" variant="danger">
          {labels.submit}
        </Button>{" "}
        <Link to={pageHref}>{labels.keep}</Link>
      </Form>
    </section>
  );
}

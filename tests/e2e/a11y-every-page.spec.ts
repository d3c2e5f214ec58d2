/**
 * axe-core (WCAG 2.1 A and AA rules) on every page of the manifest, each opened as the customer
 * or staff user it is for (./every-page.ts), so a new page is checked without anyone adding it to
 * a list. In Arabic: right to left (the layout's mirrored parts) and every label, name and
 * description from the texts of a language other than the one the specs are written in; the
 * structure axe checks is the same in every language. ./a11y.spec.ts keeps English and the
 * states a plain page load does not show (errors, popups, opened panels).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { forEveryPage, RESOURCE_ROUTES } from "./every-page";

for (const language of ["ar"]) {
  test(`every page passes axe (WCAG 2.1 AA) in "${language}"`, async ({ page, request }) => {
    // Every page of the manifest, each scanned by axe: minutes on a busy machine.
    test.setTimeout(480_000);
    const failures: string[] = [];
    await forEveryPage(
      page,
      request,
      async (url, route, who) => {
        if (RESOURCE_ROUTES.has(route.id)) return; // files, not pages
        await page.goto(url);
        expect(await page.locator("html").getAttribute("lang"), url).toBe(language);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const v of results.violations)
          failures.push(`${url} (${who}): ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      },
      undefined,
      language,
    );
    expect(failures, "axe violations").toEqual([]);
  });
}

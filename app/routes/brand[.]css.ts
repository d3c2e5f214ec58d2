/**
 * GET /brand.css — the white-label colours as CSS custom properties (app/lib/brand.server.ts),
 * linked by the root after the global styles. `?v=` is the brand's version: a versioned URL is
 * cached for a year, anything else is revalidated, so a brand change needs no rebuild.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { brandCss, currentBrand } from "~/lib/brand.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const brand = await currentBrand();
  const asked = new URL(request.url).searchParams.get("v");
  const current = brand !== null && asked === brand.version;
  return new Response(brandCss(brand), {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

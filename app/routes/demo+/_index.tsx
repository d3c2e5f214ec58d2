/** /demo → /demo/home (the layout's loader decides who may enter). */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/demo/home");
}

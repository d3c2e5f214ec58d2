/**
 * A number that grows with each new answer of the route's action (each `useActionData` value):
 * as a React `key` it mounts a field afresh after every answer, so an uncontrolled field the
 * server never fills (a password) is emptied with JavaScript as it is on the page reloaded
 * without it (docs/decisions.md "A refused password is cleared"). It does not change at the
 * first render, so nothing typed before the page's JavaScript arrived is lost.
 */
import { useActionData } from "@remix-run/react";
import { useState } from "react";

export function useAnswerKey(): number {
  const answer = useActionData();
  const [seen, setSeen] = useState(answer);
  const [count, setCount] = useState(0);
  if (answer !== seen) {
    setSeen(answer);
    setCount(count + 1);
  }
  return count;
}

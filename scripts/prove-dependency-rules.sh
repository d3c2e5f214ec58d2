#!/bin/bash
# Proves each rule in .dependency-cruiser.cjs bites: in a scratch copy of the tree it adds one forbidden import per
# rule, runs the check and expects that rule's name in the output (BITES) — MISSED means a rule no longer catches
# what it should. Exit 1 on any MISSED. The working tree is not touched. Takes about a minute.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)/tree
mkdir -p $T
cp -r "$ROOT"/app "$ROOT"/server "$ROOT"/scripts "$ROOT"/tests "$ROOT"/tsconfig.json "$ROOT"/.dependency-cruiser.cjs "$ROOT"/package.json "$T"/
mkdir -p "$T"/public && cp -r "$ROOT"/public/locales "$T"/public/
ln -s $ROOT/node_modules $T/node_modules
cd $T
missed=0
# A probe only proves something on a tree that passes: refuse to run on one that already violates a rule.
if ! npx depcruise app server scripts tests --config .dependency-cruiser.cjs >/dev/null 2>&1; then
  echo "the tree already violates the rules: run npm run lint:deps first"; rm -rf "$(dirname $T)"; exit 2
fi
probe() { # rule file content
  local rule=$1 file=$2; shift 2
  mkdir -p "$(dirname "$file")"; printf '%s\n' "$@" > "$file"
  out=$(npx depcruise app server scripts tests --config .dependency-cruiser.cjs 2>&1)
  if grep -q "error $rule:" <<<"$out"; then echo "BITES  $rule  ($file)"; else missed=1; echo "MISSED $rule  ($file)"; echo "$out" | tail -5; fi
  if [ -f "$ROOT/$file" ]; then cp "$ROOT/$file" "$file"; else rm -f "$file"; fi
}
probe web-only-contract app/lib/zz.server.ts 'import { DomainError } from "../../server/domain/errors";' 'export const x = DomainError;'
probe web-contract-type-only app/lib/zz.server.ts 'import { WhoAmI } from "../../server/api/v1/contract";' 'export type X = WhoAmI;'
probe server-not-to-web-source server/zz.ts 'import { config } from "../app/lib/config.server";' 'export const x = config;'
probe nothing-imports-entry server/domain/zz.ts 'import { createApp } from "../app.js";' 'export const x = createApp;'
probe entry-wires-only server/web-guards.ts 'import { payments } from "./db/schema/index.js";' 'export const x = payments;'
probe entry-wires-only server/web-guards.ts 'import { createPayment } from "./domain/payments/index.js";' 'export const x = createPayment;'
probe api-to-domain-only server/api/v1/zz.ts 'import { seed } from "../../seed/seed.js";' 'export const x = seed;'
probe api-db-and-providers-type-only server/api/v1/zz.ts 'import { users } from "../../db/schema/index.js";' 'export const x = users;'
probe domain-not-up server/domain/zz.ts 'import type { ApiDeps } from "../api/v1/http.js";' 'export type X = ApiDeps;'
probe domain-contract-type-only server/domain/zz.ts 'import { WhoAmI } from "../api/v1/contract.js";' 'export type X = WhoAmI;'
probe db-is-the-bottom server/db/zz.ts 'import { postTransaction } from "../domain/ledger/index.js";' 'export const x = postTransaction;'
probe providers-are-leaves server/providers/zz.ts 'import { users } from "../db/schema/index.js";' 'export const x = users;'
probe seed-is-tooling server/seed/zz.ts 'import { createApiRouter } from "../api/v1/index.js";' 'export const x = createApiRouter;'
probe rules-are-pure server/rules/zz.ts 'import { DomainError } from "../domain/errors.js";' 'export const x = DomainError;'
probe rules-are-pure server/rules/zz.ts 'import { readFileSync } from "node:fs";' 'export const x = readFileSync;'
probe product-not-to-tooling server/domain/zz.ts 'import * as x from "../../tests/api/helpers.js";' 'export { x };'
probe contract-imports-nothing server/api/v1/contract.ts "$(cat $ROOT/server/api/v1/contract.ts)" 'import type { Config } from "../../config.js";' 'export type C = Config;'
printf 'import { b } from "./zzb.js";\nexport const a = () => b;\n' > server/domain/zza.ts
probe no-circular server/domain/zzb.ts 'import { a } from "./zza.js";' 'export const b = () => a;'
rm -f server/domain/zza.ts
probe not-to-unresolvable server/domain/zz.ts 'import { nope } from "./does-not-exist.js";' 'export const x = nope;'
rm -rf "$(dirname $T)"
exit $missed

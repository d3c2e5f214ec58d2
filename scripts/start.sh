#!/bin/sh
# `npm start` / `npm run start:only`: the bank's one process (server/index.ts).
#
# With NODE_ENV unset this is the sandbox (DEPLOYMENT=sandbox: demo customers, codes in the log)
# served with the libraries' production builds (NODE_ENV=production: React's production build
# renders pages in about two thirds of the time of its development build). A caller who sets
# NODE_ENV keeps it, and DEPLOYMENT then defaults from it as server/config.ts says: a real bank
# starts with `NODE_ENV=production npm run start:only` and gets every production check.
# docs/decisions.md "Sandbox and production".
if [ -z "${NODE_ENV:-}" ]; then
  export NODE_ENV=production
  export DEPLOYMENT="${DEPLOYMENT:-sandbox}"
fi
exec node --import tsx server/index.ts

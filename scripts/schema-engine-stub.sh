#!/bin/sh
# Stand-in for Prisma's schema-engine binary, which cannot be downloaded here. `prisma generate`
# never runs it; migrations are applied by app/db/migrate.server.ts instead of `prisma migrate`.
echo "schema-engine is not available: migrations are applied by the app at startup" >&2
exit 1

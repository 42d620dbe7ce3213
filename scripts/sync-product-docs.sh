#!/bin/bash
# Refreshes docs/product/{spec,api}.md from the product documents beside the repository (../shared),
# keeping the note at the top. Code comments cite these copies by section (docs/architecture.md).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SRC=${1:-$ROOT/../shared}
for name in spec api; do
  [ -f "$SRC/$name.md" ] || { echo "sync-product-docs: $SRC/$name.md not found" >&2; exit 1; }
  {
    head -n 2 "$ROOT/docs/product/$name.md"
    cat "$SRC/$name.md"
  } > "$ROOT/docs/product/$name.md.new"
  mv "$ROOT/docs/product/$name.md.new" "$ROOT/docs/product/$name.md"
done
echo "sync-product-docs: docs/product updated from $SRC"

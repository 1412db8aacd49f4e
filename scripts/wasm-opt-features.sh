# Sourced by the scripts that run wasm-opt themselves (size-report.sh, profile-redraw.sh): the
# features rustc enables for wasm32 by default, which wasm-opt must be told of.
# shellcheck disable=SC2034
WASM_OPT_FEATURES=(--enable-bulk-memory --enable-mutable-globals --enable-sign-ext --enable-nontrapping-float-to-int
  --enable-reference-types --enable-multivalue)

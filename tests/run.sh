#!/usr/bin/env bash
# Every test of alea, in one command:  bash tests/run.sh   (or: sh tests/run.sh)
#
#   1. tests/ci/install.sh   installs what is missing with apt-get (Debian 12,
#                            as root or through sudo; ALEA_NO_APT=1 never does);
#   2. tests/ci/matrix.sh    the builds and their tests: normal (every suite),
#                            ASan+UBSan, clang, ThreadSanitizer, valgrind;
#   3. tests/ci/summary.py   counts the results.
# Logs of failing tests are printed.  The last line is
#   N passed, N failed, N skipped
# and the exit status is non-zero if anything failed (a test, or a build that
# did not configure or compile).  The environment each part reads is described
# at its top (build directories, ALEA_SKIP_ASAN/CLANG/TSAN/VALGRIND=1, ...).

# Re-run under bash when started as `sh tests/run.sh`.
if [ -z "${BASH_VERSION:-}" ]; then
    exec bash "$0" "$@"
fi
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
start=$(date +%s)

printf '=== 1/3 tools\n'
if ! bash tests/ci/install.sh; then
    echo "0 passed, 1 failed"
    exit 1
fi

printf '\n=== 2/3 builds and tests\n'
results=$(mktemp -d "${TMPDIR:-/tmp}/alea-run.XXXXXX")
bash tests/ci/matrix.sh "$results"

elapsed=$(($(date +%s) - start))
printf '\n=== 3/3 summary (%d min %d s)\n' $((elapsed / 60)) $((elapsed % 60))
mapfile -t logs <"$results/logs"
failures=$(grep -c . "$results/failures")
rm -rf "$results"
exec "$(command -v python3 || echo /usr/bin/python3)" tests/ci/summary.py "$failures" "${logs[@]}"

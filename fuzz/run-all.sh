#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) each, one after another, with memory capped
# at 2 GiB and any single input taking over 10 s reported as a hang. Needs cargo-fuzz
# (`cargo install cargo-fuzz`); on a stable toolchain RUSTC_BOOTSTRAP=1 lets it use the
# sanitizer flags. Logs go to fuzz/logs/<target>.log.
set -u
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1
seconds=${1:-600}
mkdir -p fuzz/logs
targets=${TARGETS:-fen pdn algebraic numeric console hub hub_session book table_file match_output tune_data tui_events dxp}
for target in $targets; do
    /usr/bin/time -v cargo fuzz run -O "$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
        > "fuzz/logs/$target.log" 2>&1
    echo "$target: exit $?"
done

#!/usr/bin/env bash
# fx's window beside LÖVE 11.4 at 100 000 particles, on the same virtual display (Xvfb, 1280×720,
# 24-bit; no GPU: OpenGL is Mesa's llvmpipe there), run after run, alternating: fx plays
# Benchmarks/window-100k.json with `fx play --measure` — drawn by fx's rasterizer (what the
# window does without a GPU) and, for comparison, with --no-software (SDL's renderer given the
# triangles) — and LÖVE runs Benchmarks/love (its own ParticleSystem: one system of 100 000
# particles, a 16-pixel texture, the same scene). Each run measures `seconds` after a second of
# warm-up.
#
# Prints figure lines (`name key=value … number unit`, as `fx bench` does), the median of the
# runs with their spread (min, max): window_fps for fx (drawing=fx and drawing=sdl) and for LÖVE,
# and fx's split of a frame (window_simulate_ms, window_build_ms, window_submit_ms,
# window_present_ms). Each run's own lines go to stderr. tools/bench --window runs it and puts
# the figures in its table.
#
# Usage: Benchmarks/window-vs-love.sh [runs (3)] [seconds (10)]
#   FX_BINARY: the fx to run (default .build/release/fx; build it with tools/fx or tools/bench).
#   Installs what is missing of xvfb, xauth and love (Debian's love is LÖVE 11.4), as tools/test does.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-3}"
seconds="${2:-10}"
fx="${FX_BINARY:-$root/.build/release/fx}"
# shellcheck source=../tools/lib/bootstrap.sh
source "$root/tools/lib/bootstrap.sh"
fx_bootstrap xvfb xauth love
[ -x "$fx" ] || { echo "window-vs-love: $fx not found: build fx in release first (tools/fx --version)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
display=(xvfb-run -a -s "-screen 0 1280x720x24")
for run in $(seq 1 "$runs"); do
  for drawing in software no-software; do
    "${display[@]}" "$fx" play "$root/Benchmarks/window-100k.json" --measure --no-reload "--$drawing" \
      --quit-after "$(awk "BEGIN { print $seconds + 1 }")" > "$work/fx-$drawing-$run.txt"
  done
  "${display[@]}" love "$root/Benchmarks/love" "$seconds" 1 100000 > "$work/love-$run.txt" 2>"$work/love-$run.err" \
    || { cat "$work/love-$run.err" >&2; exit 1; }
  grep -h . "$work/fx-software-$run.txt" "$work/fx-no-software-$run.txt" "$work/love-$run.txt" | sed "s/^/run $run: /" >&2
done
# The median of each figure over the runs, with min and max. The parameters that change from
# run to run are summarised: frames left out, live particles the median.
python3 - "$work" "$runs" <<'PY'
import glob, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
figures = {}
for path in sorted(glob.glob(f"{work}/*.txt")):
    for line in open(path):
        words = line.split()
        if len(words) < 3:
            continue
        parameters = dict(word.split("=", 1) for word in words[1:-2])
        particles = float(parameters.pop("particles", "nan"))
        parameters.pop("frames", None)
        key = (words[0], tuple(parameters.items()), words[-1])
        figures.setdefault(key, []).append((float(words[-2]), particles))
for (name, parameters, unit), measured in figures.items():
    if len(measured) != runs:
        sys.exit(f"window-vs-love: {name} {dict(parameters)} was measured {len(measured)} times in {runs} runs")
    values = [value for value, _ in measured]
    program, rest = parameters[0], " ".join(f"{k}={v}" for k, v in parameters[1:])
    particles = round(statistics.median(particles for _, particles in measured))
    print(f"{name} {program[0]}={program[1]} particles={particles} {rest} runs={runs} min={min(values):.2f} max={max(values):.2f}"
          f" {statistics.median(values):.2f} {unit}")
PY

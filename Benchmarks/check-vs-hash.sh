#!/usr/bin/env bash
# `fx check` over every shipped effect at two moments (1 s and 3.5 s), in one process, beside
# one `fx hash` process per effect and moment (what CI users ran before): the hash processes
# write the expectations file, the check must then pass (the same hashes), and each side's
# wall-clock seconds print as figure lines for tools/bench:
#   check_seconds program=fx-check effects=N moments=M SECONDS s
#   check_seconds program=fx-hash effects=N moments=M SECONDS s
#
# Usage: Benchmarks/check-vs-hash.sh [FX]   (default: the release build's fx)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fx="${1:-$root/.build/release/fx}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
effects=("$root"/effects/*.json)
now() { date +%s.%N; }
started=$(now)
for file in "${effects[@]}"; do
  for time in 1 3.5; do
    echo "$(basename "$file" .json) $time $("$fx" hash "$file" --seed 0 --time "$time")"
  done
done > "$work/hashes.txt"
hashed=$(now)
# The expectations file those processes give (`EFFECT TIME simulation HEX image HEX` lines).
python3 - "$work/hashes.txt" > "$work/expect.json" <<'PY'
import sys
effects = {}
for line in open(sys.argv[1]):
    name, time, _, simulation, _, image = line.split()
    effects.setdefault(name, []).append((float(time), time, simulation, image))
print('{\n  "fx-check": 1,\n  "seed": 0,\n  "times": [1, 3.5],\n  "effects": {')
names = sorted(effects)
for i, name in enumerate(names):
    rows = [f'      "{t}": {{"simulation": "{s}", "image": "{m}"}}' for _, t, s, m in sorted(effects[name])]
    print(f'    "{name}": {{\n' + ",\n".join(rows) + "\n    }" + ("," if i < len(names) - 1 else ""))
print("  }\n}")
PY
checking=$(now)
"$fx" check "$root/effects" --expect "$work/expect.json" > "$work/check.txt" || {
  cat "$work/check.txt" >&2
  echo "Benchmarks/check-vs-hash.sh: fx check does not give the hashes fx hash gives" >&2
  exit 1
}
checked=$(now)
moments=$(( ${#effects[@]} * 2 ))
python3 -c "import sys; print(f'check_seconds program=fx-check effects={sys.argv[3]} moments={sys.argv[4]} {float(sys.argv[2]) - float(sys.argv[1]):.2f} s')" \
  "$checking" "$checked" "${#effects[@]}" "$moments"
python3 -c "import sys; print(f'check_seconds program=fx-hash effects={sys.argv[3]} moments={sys.argv[4]} {float(sys.argv[2]) - float(sys.argv[1]):.2f} s')" \
  "$started" "$hashed" "${#effects[@]}" "$moments"

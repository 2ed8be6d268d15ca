# Sourced by tools/fx, tools/test and tools/install: the one build of fx they all share.
#
#   fx_build_is_current   true when the published fx was built from the sources as they are now
#   fx_build [ARGS…]      builds fx (release) with the shared flags, showing its progress, then
#                         publishes it (fx_publish)
#   fx_binary             the fx that tools/fx, tools/test and tools/install run: .build/fx-bin/fx
#   fx_build_native       builds fx for this machine's CPU into .build/native
#
# tools/fx and tools/test both build with FX_BUILD_FLAGS into the default scratch path (.build),
# so neither rebuilds what the other built: `swift test` reuses the release modules (no
# @testable, so no -enable-testing) and only adds the test targets.
#
# SwiftPM links .build/release/fx in place: while a build runs, that file is missing or half
# written, and an fx started from it then fails ("No such file or directory"). So nothing runs it
# there: after each build, fx_publish copies the binary and its resource bundles into a fresh
# folder .build/fx-bin.XXXXXX and points the link .build/fx-bin at it in one rename. A running fx
# keeps the folder it started from (the last three stay); a new one starts from a whole build.

# One configuration, one set of flags, one scratch path for every script.
FX_BUILD_FLAGS=(-c release)
# The build for this machine's CPU (tools/native-check, tools/bench --native): the same sources
# with the compiler free to use every instruction this CPU has, in a scratch path of its own.
FX_NATIVE_BUILD_FLAGS=(-c release --scratch-path "$root/.build/native" -Xswiftc -target-cpu -Xswiftc native)
fx_native_binary() { echo "$root/.build/native/release/fx"; }
# Written after each successful build; a source newer than it means the build may be stale.
fx_build_stamp() { echo "$root/.build/fx-sources.stamp"; }
# The fx users run (published after each build), and the one SwiftPM writes.
fx_binary() { echo "$root/.build/fx-bin/fx"; }
fx_build_output_dir() { echo "$root/.build/release"; }

# What the fx product is built from. A change to anything else (tests, docs, tools) does not
# change the binary.
FX_BUILD_INPUTS=(Package.swift Package.resolved Sources effects)

# Costs a few milliseconds (one `find` that stops at the first newer file), instead of the
# two seconds `swift build` takes to plan a build that has nothing to do.
fx_build_is_current() {
  local stamp inputs=() input
  stamp=$(fx_build_stamp)
  [ -x "$(fx_binary)" ] && [ -f "$stamp" ] || return 1
  for input in "${FX_BUILD_INPUTS[@]}"; do
    [ -e "$root/$input" ] && inputs+=("$root/$input")
  done
  # DocC catalogs do not go into the binary, and tools/docs (run by tools/test --full after the
  # tests) copies articles into FXCore.docc, so they are left out.
  [ -z "$(find "${inputs[@]}" -name '*.docc' -prune -o -newer "$stamp" -print -quit 2>/dev/null)" ]
}

# Turns SwiftPM's output into one line per phase (fetching, each module compiled, linking, done)
# for logs and pipes; the whole output is kept in $1 for when the build fails.
fx_build_progress() {
  local log="$1" line fetched="" linked="" module seen=" "
  # (the last line may have no newline: SwiftPM ends with "Build complete!" and no newline)
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" >>"$log"
    case "$line" in
      Fetching*|Cloning*|Computing*|Updating*|Resolving*|"Creating working copy"*)
        [ -z "$fetched" ] && echo "fx: fetching the package's dependencies" >&2
        fetched=1 ;;
      *"error:"*|*"warning:"*)
        printf '%s\n' "$line" >&2 ;;
      *"Compiling "*)
        module=$(sed -E 's/^(\[[0-9]+\/[0-9]+\] )?Compiling (plugin )?([^ ]+).*/\3/' <<<"$line")
        case "$seen" in *" $module "*) ;; *)
          seen+="$module "
          echo "fx: $(grep -oE '^\[[0-9]+/[0-9]+\]' <<<"$line" || true) compiling $module" >&2 ;;
        esac ;;
      *"Linking "*)
        [ -z "$linked" ] && echo "fx: linking" >&2
        linked=1 ;;
      "Build complete!"*)
        echo "fx: ${line,}" >&2 ;;
    esac
  done
}

# Builds fx for this machine's CPU into .build/native (SwiftPM decides what is out of date).
fx_build_native() {
  local log status=0
  log=$(mktemp)
  (cd "$root" && swift build "${FX_NATIVE_BUILD_FLAGS[@]}" --product fx) >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ] || [ ! -x "$(fx_native_binary)" ]; then
    cat "$log" >&2
    rm -f "$log"
    echo "fx: the build for this machine's CPU failed (swift build ${FX_NATIVE_BUILD_FLAGS[*]} --product fx)" >&2
    return 1
  fi
  grep -E "warning:|complete" "$log" >&2 || true
  rm -f "$log"
}

# Builds with the shared flags (plus ARGS, e.g. --product fx), then writes the stamp. On a
# terminal SwiftPM shows its own progress; elsewhere one line per phase. Fails with SwiftPM's
# whole output when the build fails.
fx_build() {
  local stamp next log status=0
  # tools/test's own tests run tools/fx and tools/install with FX_NO_BUILD=1: a build there would
  # change the build under the running tests (or, under `swift test`, wait forever for the lock
  # it holds on .build).
  if [ -n "${FX_NO_BUILD:-}" ]; then
    echo "fx: the build in $root/.build is older than the sources (a file changed after it started), and FX_NO_BUILD is set, so it is not rebuilt here; run tools/fx or tools/test again" >&2
    return 1
  fi
  stamp=$(fx_build_stamp)
  mkdir -p "$root/.build"
  # Taken before the build, so that a file edited during the build still counts as newer.
  next="$stamp.next"
  touch "$next"
  if [ -t 2 ]; then
    (cd "$root" && swift build "${FX_BUILD_FLAGS[@]}" "$@") >&2 || status=$?
  else
    log=$(mktemp)
    (cd "$root" && { swift build "${FX_BUILD_FLAGS[@]}" "$@" 2>&1 && echo 0 >"$log.status" || echo $? >"$log.status"; }) |
      fx_build_progress "$log"
    status=$(cat "$log.status")
    if [ "$status" != 0 ]; then cat "$log" >&2; fi
    rm -f "$log" "$log.status"
  fi
  if [ "$status" != 0 ]; then
    rm -f "$next"
    echo "fx: the build failed (swift build ${FX_BUILD_FLAGS[*]} $*)" >&2
    return 1
  fi
  # The build itself writes Package.resolved (a fresh clone has none) when it resolves the
  # dependencies, early on: that write is part of this build, not a change after it.
  if [ "$root/Package.resolved" -nt "$next" ]; then touch -r "$root/Package.resolved" "$next"; fi
  fx_publish || { rm -f "$next"; return 1; }
  mv "$next" "$stamp"
}

# Copies the build's fx and its resource bundles (the shipped effects) into a new folder
# .build/fx-bin.XXXXXX, then points .build/fx-bin at it by renaming a new link over the old one:
# at every moment .build/fx-bin/fx is a whole binary, the old one or the new. Keeps the three
# newest folders, so that an fx started a build or two ago still finds its resources.
fx_publish() {
  local output generation link="$root/.build/fx-bin" bundle
  output="$(fx_build_output_dir)"
  [ -x "$output/fx" ] || { echo "fx: the build made no $output/fx" >&2; return 1; }
  generation="$(mktemp -d "$root/.build/fx-bin.XXXXXX")"
  chmod 755 "$generation"
  cp "$output/fx" "$generation/fx"
  for bundle in "$output"/*.resources; do
    if [ -d "$bundle" ]; then cp -R "$bundle" "$generation/"; fi
  done
  ln -sfn "$(basename "$generation")" "$link.new.$$"
  mv -T "$link.new.$$" "$link"
  # The newest three stay (the current one among them); older ones go.
  find "$root/.build" -maxdepth 1 -name 'fx-bin.??????' -type d -printf '%T@ %p\n' | sort -rn | tail -n +4 |
    cut -d' ' -f2- | while IFS= read -r old; do rm -rf "$old"; done
}

# Sourced by tools/fx and tools/test: makes sure the system packages fx needs are installed.
#
#   fx_bootstrap PACKAGE…
#
# Installs the missing ones with apt-get when running as root (or with password-less sudo);
# otherwise prints exactly what to install and fails. apt waits for a lock another apt holds.

fx_missing_packages() {
  local missing=() package
  for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$package")
    fi
  done
  echo "${missing[@]}"
}

fx_bootstrap() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "fx: this is not a Debian-like system; install SDL2, SDL2_image, SDL2_ttf, Dear ImGui 1.86 (development files, with its SDL2 and SDL_Renderer backends) and pkg-config by hand" >&2
    return 0
  fi
  local missing
  missing=$(fx_missing_packages "$@")
  [ -z "$missing" ] && return 0
  local apt=(apt-get -y -q -o DPkg::Lock::Timeout=300 --no-install-recommends)
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "fx: missing system packages: $missing" >&2
      echo "fx: install them with:  sudo apt-get install $missing" >&2
      return 1
    fi
  fi
  echo "fx: installing system packages: $missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  # A fresh machine has no package lists yet; update once, then install.
  "${sudo[@]}" apt-get -q -o DPkg::Lock::Timeout=300 update >&2 || true
  # shellcheck disable=SC2086
  if ! "${sudo[@]}" "${apt[@]}" install $missing >&2; then
    echo "fx: apt-get could not install: $missing" >&2
    return 1
  fi
}

# What fx needs to build and run. libimgui-dev is Dear ImGui (a static library and its backends'
# sources) for the window's property panel.
FX_RUNTIME_PACKAGES=(pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libimgui-dev zlib1g-dev fonts-dejavu-core)
# What the test suite needs on top: a virtual display, a screenshot tool and synthetic input for
# the window tests.
FX_TEST_PACKAGES=(xvfb xauth imagemagick xdotool ffmpeg)

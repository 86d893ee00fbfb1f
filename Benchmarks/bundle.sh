#!/usr/bin/env bash
# Builds plume-bench for a bare x86-64 Linux machine with a GPU driver (headless EGL on NVIDIA's
# driver) and bundles what it needs there that such a machine lacks:
#   bin/plume-bench   release build, Swift standard library and Foundation linked statically
#   lib/              the Debian shared libraries it links (libepoxy, GLFW, libpng, libtiff, Cairo
#                     and their dependencies), everything ldd resolves except glibc itself
#   debs/             the glvnd EGL/GL loaders as Debian packages (libegl1 libglvnd0 libopengl0
#                     libgl1 libglx0); run.sh unpacks them into gl/ when the machine has no
#                     libEGL.so.1 (the GPU driver supplies the vendor library, libEGL_nvidia)
#   run.sh            runs plume-bench headless (PLUME_EGL_PLATFORM=automatic unless set: on an
#                     NVIDIA H200 container the driver offered surfaceless, not device enumeration) with lib/ (and gl/) on LD_LIBRARY_PATH
#
# Usage (from anywhere): Benchmarks/bundle.sh [OUTPUT_DIR]   (default Benchmarks/.build-bundle/plume-bench)
#   also writes OUTPUT_DIR.tar.gz (about 30 MB) to carry.
# Then on the target:   OUTPUT_DIR/run.sh [plume-bench arguments, e.g. --quick --out results]
# The target's glibc must be at least this machine's (Debian 12: 2.36).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/.build-bundle/plume-bench}"
scratch="$here/.build-static"

echo "· building plume-bench (release, static Swift standard library) in $scratch"
(cd "$here" && swift build -c release --static-swift-stdlib --product plume-bench --scratch-path "$scratch")
binary="$(cd "$here" && swift build -c release --static-swift-stdlib --product plume-bench --scratch-path "$scratch" --show-bin-path)/plume-bench"

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib" "$out/debs"
cp "$binary" "$out/bin/plume-bench"
strip "$out/bin/plume-bench"   # symbol tables only: about 75 → 57 MB

# Every shared library the binary resolves, except glibc's own (every Linux machine has those,
# and they must match its kernel and loader).
echo "· collecting shared libraries (ldd)"
glibc='^(ld-linux-x86-64\.so\.2|libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libresolv\.so\.2|linux-vdso\.so\.1)$'
missing=0
while read -r name arrow path _; do
    [[ "$arrow" == "=>" ]] || continue
    if [[ "$path" == "not" ]]; then echo "  missing here: $name" >&2; missing=1; continue; fi
    [[ "$name" =~ $glibc ]] && continue
    case "$path" in
        */libswift*|*/libFoundation*|*/lib_Foundation*|*/libdispatch.so|*/libBlocksRuntime.so)
            echo "  a Swift runtime library is still linked dynamically: $path" >&2; missing=1; continue ;;
    esac
    cp -L "$path" "$out/lib/$name"
done < <(ldd "$out/bin/plume-bench")
[[ $missing == 0 ]] || { echo "bundle.sh: unresolved or dynamic Swift libraries (above)" >&2; exit 1; }
# The EGL/GL loaders are glvnd's: a machine with a GPU driver may have them, and the driver's
# vendor library must be loaded by the loader it was made for, so they travel as packages.
rm -f "$out/lib/libEGL.so.1" "$out/lib/libGL.so.1" "$out/lib/libGLX.so.0" "$out/lib/libOpenGL.so.0" "$out/lib/libGLdispatch.so.0"

echo "· downloading the glvnd loaders (apt-get download)"
(cd "$out/debs" && apt-get download libegl1 libglvnd0 libopengl0 libgl1 libglx0 >/dev/null)

cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the bundled plume-bench headless through EGL (see Benchmarks/bundle.sh).
# PLUME_EGL_PLATFORM=automatic|surfaceless|device|device:N overrides the platform;
# PLUME_BUNDLE_USE_DEBS=1 uses the bundled glvnd loaders even where the machine has its own.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
path="$here/lib"
if [[ "${PLUME_BUNDLE_USE_DEBS:-0}" == 1 ]] || ! /sbin/ldconfig -p 2>/dev/null | grep -q 'libEGL\.so\.1 '; then
    if [[ ! -e "$here/gl/.unpacked" ]]; then
        mkdir -p "$here/gl"
        for f in "$here"/debs/*.deb; do dpkg -x "$f" "$here/gl"; done
        touch "$here/gl/.unpacked"
    fi
    path="$here/gl/usr/lib/x86_64-linux-gnu:$path"
fi
# NVIDIA's container layout keeps its glvnd vendor file outside /usr/share.
for vendor in /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json /usr/share/glvnd/egl_vendor.d/10_nvidia.json; do
    if [[ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" && -e "$vendor" ]]; then export __EGL_VENDOR_LIBRARY_FILENAMES="$vendor"; fi
done
[[ -d /usr/local/nvidia/lib64 ]] && path="$path:/usr/local/nvidia/lib64"
export LD_LIBRARY_PATH="$path${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PLUME_EGL_PLATFORM="${PLUME_EGL_PLATFORM:-automatic}"
exec "$here/bin/plume-bench" "$@"
RUN
chmod +x "$out/run.sh"
# One archive to carry (the device tool takes 64 MiB of working tree per call).
tar -C "$(dirname "$out")" -czf "$out.tar.gz" "$(basename "$out")"
echo "· bundle: $out ($(du -sh "$out" | cut -f1)), archive $out.tar.gz ($(du -sh "$out.tar.gz" | cut -f1)); run: $out/run.sh --quick"

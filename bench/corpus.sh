#!/usr/bin/env bash
# Builds the benchmark corpus: real photographs from Debian's wallpaper packages (mate-backgrounds,
# plasma-workspace-wallpapers), each resized and centre-cropped to 4000×3000 (12 MP), given Gaussian "sensor"
# noise σ=3 so the JPEG entropy looks like a camera's, and saved as baseline 4:2:0 JPEG Q90 without metadata
# (the method of shared/reference/performance-anchors.md §2). Every source also gives a mirrored copy with
# different noise, so the files are distinct photos to the importer (sha256).
#
#   bench/corpus.sh OUT_DIR [COUNT]      (idempotent: existing files are kept)
set -euo pipefail
export VIPS_WARNING=0
out="${1:?usage: corpus.sh OUT_DIR [COUNT]}"
count="${2:-40}"
mkdir -p "$out"

sources=()
for name in Aqua Blinds Dune FreshFlower Garden LadyBird RainDrops Storm TwoWings YellowFlower Wood GreenMeadow; do
    f="/usr/share/backgrounds/mate/nature/$name.jpg"
    [ -f "$f" ] && sources+=("$f")
done
for name in Autumn BytheWater ColdRipple ColorfulCups DarkestHour EveningGlow FallenLeaf Kite Path summer_1am \
    OneStandsOut PastelHills; do
    f="$(ls -S /usr/share/wallpapers/$name/contents/images/*.jpg 2>/dev/null | head -n 1 || true)"
    [ -n "$f" ] && sources+=("$f")
done
if [ ${#sources[@]} -eq 0 ]; then
    echo "No wallpaper photographs found: install mate-backgrounds and plasma-workspace-wallpapers." >&2
    exit 1
fi
# 10 of each package when both are there (as in the anchors), then as many as needed.
per_variant=$(( (count + 1) / 2 ))
[ "$per_variant" -gt "${#sources[@]}" ] && per_variant=${#sources[@]}

tmp="$(mktemp -d /tmp/imagefeed-corpus.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
made=0
n=0
for variant in 0 1; do
    for ((i = 0; i < per_variant; i++)); do
        [ "$n" -ge "$count" ] && break 2
        n=$((n + 1))
        target="$out/p$(printf %02d "$n").jpg"
        [ -s "$target" ] && continue
        src="${sources[$i]}"
        vips thumbnail "$src" "$tmp/a.v" 4000 --height 3000 --size both --crop centre
        if [ "$variant" = 1 ]; then vips flip "$tmp/a.v" "$tmp/b.v" horizontal; mv "$tmp/b.v" "$tmp/a.v"; fi
        vips gaussnoise "$tmp/noise.v" 4000 3000 --sigma 3 --mean 0 --seed "$n"
        vips add "$tmp/a.v" "$tmp/noise.v" "$tmp/sum.v"
        vips cast "$tmp/sum.v" "$tmp/out.jpg[Q=90,optimize_coding,subsample_mode=on,strip]" uchar
        mv "$tmp/out.jpg" "$target"
        made=$((made + 1))
    done
done
echo "corpus: $(ls "$out"/*.jpg | wc -l) files in $out ($made new), $(du -sh "$out" | cut -f1)"

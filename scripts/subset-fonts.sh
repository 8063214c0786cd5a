#!/usr/bin/env bash
# Makes the two small font files every public page loads first (decision 083):
# app/styles/fonts/{inter,fraunces}-latin-core.woff2, from the @fontsource-variable
# packages' latin files, cut to the characters of English and Norwegian text and the
# typographic punctuation the site prints (CORE and FRAUNCES_CORE below) and to the weights
# the styles use (Inter 400 to 700, Fraunces 560). The files are committed: the build needs no
# tool and no network. app/styles/fonts.css gives each core its characters as unicode-range
# and gives the packages' whole latin files the rest of the latin range, so a page downloads
# those only when its text has a character outside the core. Change the ranges there and here
# together.
#
# Needs fontTools with brotli (Debian: apt-get install fonttools python3-brotli).
# Both fonts are under the SIL Open Font License 1.1 without a Reserved Font Name, which
# allows modified versions under the same name; the licences ship in node_modules.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/app/styles/fonts"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/subset-fonts.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# Basic Latin and the control characters (which have no glyphs), no-break space,
# © « soft hyphen · » Ä Å Æ É Ö × Ø Ü ä å æ é ö ø ü, the spaces and invisible marks of
# General Punctuation, – — ‘ ’ “ ” • … € ↑ ↓ −
CORE="U+0000-00A0,U+00A9,U+00AB,U+00AD,U+00B7,U+00BB,U+00C4-00C6,U+00C9,U+00D6-00D8,U+00DC,U+00E4-00E6,U+00E9,U+00F6,U+00F8,U+00FC,U+2000-200F,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2028-202F,U+205F-2060,U+20AC,U+2191,U+2193,U+2212,U+FEFF"
# Fraunces sets headlines, names, figures and short labels, never code or lists, so its core
# leaves out < > [ \ ] ^ _ ` { | } ~ © · • ↑ ↓ (decision 090): a headline with one of them
# still shows it at 560, from the package's latin file, which fonts.css gives them. It keeps
# the × and − of the case studies' results ("2×", "−35 %").
FRAUNCES_CORE="U+0000-003B,U+003D,U+003F-005A,U+0061-007A,U+007F-00A0,U+00AB,U+00AD,U+00BB,U+00C4-00C6,U+00C9,U+00D6-00D8,U+00DC,U+00E4-00E6,U+00E9,U+00F6,U+00F8,U+00FC,U+2000-200F,U+2013-2014,U+2018-2019,U+201C-201D,U+2026,U+2028-202F,U+205F-2060,U+20AC,U+2212,U+FEFF"
declare -A UNICODES=([inter]=$CORE [fraunces]=$FRAUNCES_CORE)

mkdir -p "$OUT"
# Inter keeps its weight axis from 400 to 700: nothing public or staff asks for less or more.
# Fraunces, the display face, is one static weight, the headlines' 560 (decision 089): a
# variable Fraunces carries the outlines of every weight, 24 KB against 13 KB, and every
# page waits for it.
declare -A WEIGHTS=([inter]=400:700 [fraunces]=560)
for family in inter fraunces; do
  src="$ROOT/node_modules/@fontsource-variable/$family/files/$family-latin-wght-normal.woff2"
  fonttools varLib.instancer --quiet "$src" "wght=${WEIGHTS[$family]}" --output "$TMP/$family.ttf"
  # OpenType features: kerning, ligatures and localised forms. Inter's contextual
  # alternates (arrows from "->", punctuation raised between capitals and digits), its
  # fraction forms and its tabular and proportional figures are left out: no style asks for
  # them, and they would be a third of Inter's core (23 → 16 KB). The tables that only
  # describe the variation axes to a font menu or tune it (STAT, MVAR, HVAR) go too: the
  # browser draws the same glyphs without them (decision 090).
  pyftsubset "$TMP/$family.ttf" --unicodes="${UNICODES[$family]}" --layout-features='kern,liga,locl' \
    --drop-tables+=STAT,MVAR,HVAR --flavor=woff2 --output-file="$OUT/$family-latin-core.woff2"
  echo "$family: $(wc -c <"$src") → $(wc -c <"$OUT/$family-latin-core.woff2") bytes"
done

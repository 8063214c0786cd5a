#!/usr/bin/env bash
# Regenerates the abstract "brand motion" loops in public/media/video/.
#
# Everything is synthesised deterministically from ffmpeg's lavfi sources
# (color/geq fields, rounded-rect / arc / dot sprites rendered with geq,
# animated with overlay/rotate expressions). No external footage, no text.
# Every animation is a function of t with period == clip duration, so the
# clips loop seamlessly.
#
# Usage: scripts/make-media.sh [name ...]   (default: all clips)
#   e.g. scripts/make-media.sh hero showcase-game
#
# Requires ffmpeg built with libx264, libvpx (VP9) and libwebp. Then run
# `npx tsx scripts/make-portrait-poster.ts` for the hero's portrait poster.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media/video"
mkdir -p "$OUT"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/make-media.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

FPS=24
THREADS=2
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
BITEXACT=(-fflags +bitexact -flags:v +bitexact -map_metadata -1)

# Brand palette
DEEP=0F343B   # deep teal
TEAL=184B54   # dark teal
CORAL=F44F3B
CREAM=F8F4E3
GREEN=5FC39B
HIGH=00C48C   # highlight green

# "r g b" (0-255) of a hex colour
rgb() { printf '%d %d %d' "0x${1:0:2}" "0x${1:2:2}" "0x${1:4:2}"; }
# channel i (0=r,1=g,2=b) of a hex colour
ch() { local c; c=($(rgb "$1")); echo "${c[$2]}"; }
# hex colour mixed: mix A B f  ->  A*(1-f)+B*f
mix() {
  local a b
  a=($(rgb "$1")); b=($(rgb "$2"))
  awk -v f="$3" -v a0="${a[0]}" -v a1="${a[1]}" -v a2="${a[2]}" \
      -v b0="${b[0]}" -v b1="${b[1]}" -v b2="${b[2]}" \
      'BEGIN{printf "%02X%02X%02X", a0+(b0-a0)*f+0.5, a1+(b1-a1)*f+0.5, a2+(b2-a2)*f+0.5}'
}
calc() { awk "BEGIN{printf \"%.4f\", $*}"; }

# ---------------------------------------------------------------- sprites ----
# All sprites are straight-alpha RGBA PNGs rendered once with geq.

# sprite FILE W H ALPHA_EXPR COLOUR
sprite() {
  local f=$1 w=$2 h=$3 a=$4 c=$5
  "${FF[@]}" -f lavfi -i "color=c=black:s=${w}x${h}:r=1:d=1" \
    -vf "format=rgba,geq=r=$(ch "$c" 0):g=$(ch "$c" 1):b=$(ch "$c" 2):a='$a'" \
    -frames:v 1 "${BITEXACT[@]}" "$f"
}
# signed distance to a rounded rect centred in the canvas (inset by PAD px)
sd_rrect() { # W H R [PAD]
  local w=$1 h=$2 r=$3 p=${4:-0}
  echo "(hypot(max(abs(X+0.5-$w/2)-($w/2-$p-$r),0),max(abs(Y+0.5-$h/2)-($h/2-$p-$r),0))-$r)"
}
# rrect FILE W H RADIUS COLOUR [OPACITY]
rrect() {
  sprite "$1" "$2" "$3" "255*${6:-1}*clip(0.5-$(sd_rrect "$2" "$3" "$4"),0,1)" "$5"
}
# frame FILE W H RADIUS THICKNESS COLOUR [OPACITY]  (rounded-rect outline)
frame() {
  local sd; sd=$(sd_rrect "$2" "$3" "$4" 1)
  sprite "$1" "$2" "$3" "255*${7:-1}*clip($5/2+0.5-abs($sd+$5/2),0,1)" "$6"
}
# dot FILE SIZE CORE_RADIUS COLOUR GLOW_OPACITY   (solid dot with soft halo)
dot() {
  local d="hypot(X+0.5-$2/2,Y+0.5-$2/2)"
  sprite "$1" "$2" "$2" "255*max(clip($3+0.5-$d,0,1),$5*exp(-pow($d/($2/5),2)))" "$4"
}
# soft FILE SIZE COLOUR OPACITY   (gaussian blob)
soft() {
  local d="hypot(X+0.5-$2/2,Y+0.5-$2/2)"
  sprite "$1" "$2" "$2" "255*$4*exp(-pow($d/($2/4.2),2))" "$3"
}
# disc FILE SIZE COLOUR OPACITY FEATHER  (circle with soft edge)
disc() {
  local d="hypot(X+0.5-$2/2,Y+0.5-$2/2)"
  sprite "$1" "$2" "$2" "255*$4*clip(($2/2-1-$d)/$5,0,1)" "$3"
}
# arc alpha expression on a square canvas of size S: radius R, thickness TH,
# start angle A0 and span SP in degrees, round caps.
arc_a() {
  local s=$1 r=$2 th=$3 a0 sp x0 y0 x1 y1
  a0=$(calc "$4*3.14159265/180"); sp=$(calc "$5*3.14159265/180")
  x0=$(calc "$r*cos($a0)"); y0=$(calc "$r*sin($a0)")
  x1=$(calc "$r*cos($a0+$sp)"); y1=$(calc "$r*sin($a0+$sp)")
  local dx="(X+0.5-$s/2)" dy="(Y+0.5-$s/2)"
  echo "clip($th/2+0.5-if(lt(mod(atan2($dy,$dx)-($a0)+12.5663706,6.2831853),$sp),abs(hypot($dx,$dy)-$r),min(hypot($dx-($x0),$dy-($y0)),hypot($dx-($x1),$dy-($y1)))),0,1)"
}

# cached primitive sprites; each echoes its file name
rr() { # W H RADIUS COLOUR [OPACITY]
  local f="$TMP/rr-$1x$2-$3-$4-${5:-1}.png"
  [ -f "$f" ] || rrect "$f" "$1" "$2" "$3" "$4" "${5:-1}"
  echo "$f"
}
dc() { # SIZE COLOUR [OPACITY]
  local f="$TMP/dc-$1-$2-${3:-1}.png"
  [ -f "$f" ] || disc "$f" "$1" "$2" "${3:-1}" 1
  echo "$f"
}

# layer lists: lay FILE X Y appends an input file and an overlay item
L_FILES=(); L_ITEMS=()
lay_reset() { L_FILES=(); L_ITEMS=(); }
lay() { L_FILES+=("$1"); L_ITEMS+=("$((${#L_FILES[@]} - 1))|$2|$3"); }
# addin FILE: append an input that is referenced manually; index in $IDX
addin() { L_FILES+=("$1"); IDX=$((${#L_FILES[@]} - 1)); }

# --------------------------------------------------------------- plumbing ----
# compose NAME W H DUR GRAPH [sprite.png ...]
# GRAPH must produce [out]; sprites are inputs [0:v], [1:v], ... looped.
compose() {
  local name=$1 w=$2 h=$3 d=$4 graph=$5; shift 5
  local ins=() f
  for f in "$@"; do ins+=(-loop 1 -framerate "$FPS" -t "$d" -i "$f"); done
  "${FF[@]}" -filter_threads "$THREADS" -filter_complex_threads "$THREADS" \
    "${ins[@]}" -filter_complex "$graph;[out]scale=${w}:${h},format=gbrp[o]" \
    -map "[o]" -frames:v "$((d * FPS))" -c:v ffv1 "$TMP/$name.mkv"
}

# still FILE GRAPH [sprite.png ...]  -> single RGBA PNG; GRAPH produces [out]
still() {
  local f=$1 graph=$2; shift 2
  local ins=() x
  for x in "$@"; do ins+=(-i "$x"); done
  "${FF[@]}" "${ins[@]}" -filter_complex "$graph;[out]format=rgba[o]" -map "[o]" \
    -frames:v 1 "${BITEXACT[@]}" "$f"
}
# chain OUTLABEL INLABEL "src|x|y" ...  -> overlay chain (x/y may be expressions
# of t; src is an input index or a [label]); result is [OUTLABEL].
chain() {
  local out=$1 prev=$2 g="" n=0 item i x y src; shift 2
  for item in "$@"; do
    IFS='|' read -r i x y <<<"$item"
    if [[ $i == \[* ]]; then src=$i; else src="[$i:v]"; fi
    g+="[$prev]${src}overlay=x='$x':y='$y':format=rgb[${out}_$n];"
    prev=${out}_$n; n=$((n + 1))
  done
  echo "${g}[$prev]null[$out]"
}
# canvas COLOUR W H [OPACITY] -> lavfi source string (single frame)
canvas() { echo "color=c=0x$1@${4:-1}:s=$2x$3:r=1:d=1,format=rgba"; }

# encode NAME X264_CRF VP9_CRF POSTER_FRAME [JPG_Q] [WEBP_Q]
encode() {
  local name=$1 crf264=$2 crfvp9=$3 pf=$4 jq=${5:-3} wq=${6:-85}
  local src="$TMP/$name.mkv"
  local yuv="scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
  local tags=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
  "${FF[@]}" -i "$src" -vf "$yuv" -an -c:v libx264 -preset slow -tune animation \
    -crf "$crf264" -profile:v high -pix_fmt yuv420p "${tags[@]}" -threads "$THREADS" \
    -movflags +faststart "${BITEXACT[@]}" "$OUT/$name.mp4"
  "${FF[@]}" -i "$src" -vf "$yuv" -an -c:v libvpx-vp9 -b:v 0 -crf "$crfvp9" \
    -deadline good -cpu-used 2 -row-mt 1 -threads "$THREADS" -tile-columns 1 \
    -g 240 -pix_fmt yuv420p "${tags[@]}" "${BITEXACT[@]}" "$OUT/$name.webm"
  "${FF[@]}" -i "$src" -vf "select=eq(n\,$pf),format=yuvj420p" -frames:v 1 \
    -q:v "$jq" "${BITEXACT[@]}" "$OUT/$name.jpg"
  "${FF[@]}" -i "$src" -vf "select=eq(n\,$pf),format=rgb24" -frames:v 1 \
    -c:v libwebp -quality "$wq" -compression_level 6 "${BITEXACT[@]}" "$OUT/$name.webp"
}

# ------------------------------------------------------------------ clips ----
# Each clip_NAME renders $TMP/NAME.mkv (lossless) and encodes it. Motion uses
# P = 2*PI*t/D (or mod(t/D,1)), so every clip loops seamlessly.

clip_hero() {
  local D=10 W=256 H=144 A=1.7778
  local pre="st(0,X/W*$A);st(1,Y/H);st(2,2*PI*T/$D);"
  # ribbon of N parallel strands around curve yc with (twisting) thickness th
  rib() {
    echo "${pre}st(3,$1);st(4,$2);st(5,(ld(1)-ld(3))/ld(4));st(6,ld(5)*$3);st(7,abs(ld(6)-round(ld(6))));st(8,ld(4)/$3*$H);st(9,clip((0.5-abs(ld(5)))*4,0,1));255*clip(clip(1.3-ld(7)*ld(8)/0.8,0,1)*0.9+0.18*(1-4*ld(5)*ld(5)),0,1)*ld(9)"
  }
  local m1 m2 m3
  m1=$(rib "0.56+0.12*sin(1.9*ld(0)+ld(2))+0.05*sin(3.3*ld(0)-2*ld(2)+1)" "0.24*(0.55+0.45*abs(sin(1.1*ld(0)-ld(2)+0.6)))" 6)
  m2=$(rib "0.38+0.10*sin(1.5*ld(0)-ld(2)+2)+0.04*sin(2.9*ld(0)+2*ld(2))" "0.16*(0.55+0.45*abs(sin(0.9*ld(0)+ld(2)+2)))" 4)
  m3="${pre}255*clip(exp(-(pow(ld(0)-1.3-0.2*sin(ld(2)),2)+pow(ld(1)-0.6-0.1*cos(ld(2)),2))/0.12)+0.8*exp(-(pow(ld(0)-0.3-0.15*cos(ld(2)+1),2)+pow(ld(1)-0.3,2))/0.08),0,1)"
  comp() {
    local i=$1
    local d t c k g hh
    d=$(ch $DEEP "$i"); t=$(ch $TEAL "$i"); c=$(ch $CORAL "$i"); k=$(ch $CREAM "$i"); g=$(ch $GREEN "$i"); hh=$(ch $HIGH "$i")
    echo "st(0,X/W);st(1,Y/H);st(4,r(X,Y)/255);st(5,g(X,Y)/255);st(6,b(X,Y)/255);st(7,lerp($d,$t,0.8*(1-ld(1))));st(7,lerp(ld(7),lerp($t,$g,0.3),0.6*ld(6)));st(7,lerp(ld(7),lerp($g,$hh,ld(0)),0.85*ld(5)));st(7,lerp(ld(7),lerp($c,$k,0.75*ld(0)),0.92*ld(4)));ld(7)"
  }
  compose hero 1280 720 $D \
    "color=c=black:s=${W}x${H}:r=$FPS:d=$D,format=gbrp,geq=r='$m1':g='$m2':b='$m3',geq=r='$(comp 0)':g='$(comp 1)':b='$(comp 2)',scale=1280:720:flags=bicubic,gblur=sigma=1.5[out]"
  encode hero 21 31 0 3 85
}

clip_showcase-dashboard() {
  local D=6 S="$TMP/dash"
  local P="2*PI*t/$D"
  local pill; pill=$(mix $TEAL $CREAM 0.10)
  rrect "$S-side.png" 120 360 14 $TEAL
  rrect "$S-tile.png" 146 90 12 $TEAL
  rrect "$S-chart.png" 464 258 14 $TEAL
  rrect "$S-bar.png" 28 212 6 $GREEN
  rrect "$S-barc.png" 28 212 6 $CORAL
  rrect "$S-barh.png" 28 212 6 $HIGH
  rrect "$S-pill.png" 80 8 4 $CREAM 0.22
  rrect "$S-pill2.png" 56 8 4 $CREAM 0.22
  rrect "$S-val.png" 70 14 7 $CREAM 0.9
  rrect "$S-act.png" 100 28 9 $GREEN 0.22
  disc "$S-dc.png" 16 $CORAL 1 1
  disc "$S-dg.png" 16 $GREEN 1 1
  disc "$S-dh.png" 16 $HIGH 1 1
  rrect "$S-fill.png" 114 6 3 $GREEN
  rrect "$S-fillc.png" 114 6 3 $CORAL
  # inputs: 0 side 1 tile 2 chart 3 bar 4 barc 5 barh 6 pill 7 pill2 8 val 9 act
  #         10 dc 11 dg 12 dh 13 fill 14 fillc
  local g="color=c=0x$DEEP:s=640x400:r=$FPS:d=$D,format=rgba[bg];"
  # bar chart canvas (424x200), bars clipped by canvas bounds
  g+="color=c=0x$TEAL:s=424x200:r=$FPS:d=$D,format=rgba,"
  g+="drawbox=y=49:h=1:w=iw:color=0x$CREAM@0.07:t=fill,drawbox=y=99:h=1:w=iw:color=0x$CREAM@0.07:t=fill,drawbox=y=149:h=1:w=iw:color=0x$CREAM@0.07:t=fill,drawbox=y=199:h=1:w=iw:color=0x$CREAM@0.12:t=fill[c0];"
  local i src prev=c0
  for i in 0 1 2 3 4 5 6 7 8; do
    case $i in 5) src=4;; 2) src=5;; *) src=3;; esac
    g+="[$src:v]split=1[b$i];"
    g+="[$prev][b$i]overlay=x=$((9 + i * 46)):y='200-200*clip(0.46+0.22*sin($P-0.75*$i)+0.12*sin(2*$P+1.3*$i),0.08,0.94)':format=rgb[c$((i + 1))];"
    prev=c$((i + 1))
  done
  # progress bars for KPI tiles
  local k
  for k in 0 1 2; do
    local fsrc=13; [ $k = 1 ] && fsrc=14
    g+="color=c=0x$pill:s=114x6:r=$FPS:d=$D,format=rgba[pt$k];"
    g+="[pt$k][$fsrc:v]overlay=x='-114*(0.55-0.3*sin($P-2.1*$k))':y=0:format=rgb[pf$k];"
  done
  g+="[bg][0:v]overlay=20:20:format=rgb[l1];"
  g+="[l1][9:v]overlay=x=30:y='72+34*(1.5-1.5*cos($P))':format=rgb[l2];"
  g+="[l2][10:v]overlay=34:34:format=rgb[l3];"
  g+="[l3][7:v]overlay=58:38:format=rgb[l4];"
  prev=l4
  local n=0 yy
  for yy in 82 116 150 184 218 252; do
    g+="[$((6 + n % 2)):v]split=1[mp$n];[$prev][mp$n]overlay=40:$yy:format=rgb[m$n];"
    prev=m$n; n=$((n + 1))
  done
  local tx
  n=0
  for tx in 156 314 472; do
    g+="[1:v]split=1[t$n];[$prev][t$n]overlay=$tx:20:format=rgb[ta$n];"
    g+="[$((10 + n)):v]split=1[ti$n];[ta$n][ti$n]overlay=$((tx + 16)):36:format=rgb[tb$n];"
    g+="[7:v]split=1[tl$n];[tb$n][tl$n]overlay=$((tx + 40)):40:format=rgb[tc$n];"
    g+="[8:v]split=1[tv$n];[tc$n][tv$n]overlay=$((tx + 16)):58:format=rgb[td$n];"
    g+="[td$n][pf$n]overlay=$((tx + 16)):88:format=rgb[te$n];"
    prev=te$n; n=$((n + 1))
  done
  g+="[$prev][2:v]overlay=156:122:format=rgb[ch1];"
  g+="[6:v]split=1[hp];[ch1][hp]overlay=176:140:format=rgb[ch2];"
  g+="[ch2][c9]overlay=176:166:format=rgb[out]"
  compose showcase-dashboard 640 400 $D "$g" \
    "$S-side.png" "$S-tile.png" "$S-chart.png" "$S-bar.png" "$S-barc.png" "$S-barh.png" \
    "$S-pill.png" "$S-pill2.png" "$S-val.png" "$S-act.png" "$S-dc.png" "$S-dg.png" "$S-dh.png" \
    "$S-fill.png" "$S-fillc.png"
  encode showcase-dashboard 22 32 0
}

# stepped position 0..N over the loop: each step holds, then eases (smoothstep)
stepx() { # N HOLD D
  echo "(st(0,t*$1/$3);st(1,clip((ld(0)-floor(ld(0))-$2)/(1-$2),0,1));floor(ld(0))+ld(1)*ld(1)*(3-2*ld(1)))"
}

clip_showcase-app() {
  local D=6 S="$TMP/app" P="(2*PI*t/6)" light pos j
  light=$(mix $CREAM FFFFFF 0.6)
  pos=$(stepx 3 0.45 $D)
  soft "$S-gc.png" 520 $CORAL 0.30
  soft "$S-gg.png" 460 $GREEN 0.40
  sprite "$S-shadow.png" 260 440 "255*0.30*pow(clip(1-($(sd_rrect 260 440 30 40)+4)/30,0,1),2)" $DEEP
  sprite "$S-bezel.png" 180 360 "255*clip(0.5-$(sd_rrect 180 360 30),0,1)*(1-clip(0.5-$(sd_rrect 180 360 22 8),0,1))" $DEEP
  # screen (static part)
  lay_reset
  lay "$(rr 54 12 6 $DEEP)" 55 8
  lay "$(rr 64 8 4 $CREAM 0.55)" 16 34
  lay "$(rr 40 6 3 $CREAM 0.25)" 16 48
  lay "$(dc 22 $CORAL)" 126 30
  for j in 0 1 2; do lay "$(dc 6 $CREAM 0.3)" $((66 + 12 * j)) 186; done
  local y ic
  for j in 0 1 2; do
    y=$((198 + 44 * j)); ic=($GREEN $CORAL $HIGH)
    lay "$(rr 132 38 12 $CREAM 0.07)" 16 $y
    lay "$(dc 22 ${ic[$j]})" 25 $((y + 8))
    lay "$(rr 58 7 3 $CREAM 0.6)" 56 $((y + 11))
    lay "$(rr 40 6 3 $CREAM 0.25)" 56 $((y + 22))
  done
  lay "$(rr 54 4 2 $CREAM 0.35)" 55 334
  still "$S-screen.png" "$(canvas $TEAL 164 344)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  # carousel cards
  local c pc
  for c in $CORAL $GREEN $CREAM; do
    pc=$CREAM; [ $c = $CREAM ] && pc=$DEEP
    lay_reset
    lay "$(rr 132 112 14 $c)" 0 0
    if [ $c = $CREAM ]; then lay "$(dc 26 $CORAL)" 14 14; else lay "$(dc 26 $CREAM 0.9)" 14 14; fi
    lay "$(rr 80 8 4 $pc 0.75)" 14 76
    lay "$(rr 50 7 3 $pc 0.45)" 14 90
    still "$S-card-$c.png" "$(canvas 000000 132 112 0)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  done
  # floating notification card
  lay_reset
  lay "$(rr 130 50 14 $light)" 0 0
  lay "$(dc 24 $GREEN)" 13 13
  lay "$(rr 60 7 3 $DEEP 0.55)" 46 16
  lay "$(rr 40 6 3 $DEEP 0.25)" 46 28
  still "$S-note.png" "$(canvas 000000 130 50 0)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  sprite "$S-nshadow.png" 170 90 "255*0.22*pow(clip(1-($(sd_rrect 170 90 14 20)+2)/18,0,1),2)" $DEEP

  lay_reset
  local g="" scr
  addin "$S-screen.png"; scr=$IDX
  g+="[$scr:v]null[s0];"
  local items=()
  addin "$S-card-$CORAL.png"; items+=("$IDX|16-144*$pos|66")
  addin "$S-card-$GREEN.png"; items+=("$IDX|160-144*$pos|66")
  addin "$S-card-$CREAM.png"; items+=("$IDX|304-144*$pos|66")
  addin "$S-card-$CORAL.png"; items+=("$IDX|448-144*$pos|66")
  addin "$(rr 14 6 3 $CREAM 0.95)"; items+=("$IDX|62+12*(st(2,$pos);if(lt(ld(2),2),ld(2),2*(3-ld(2))))|186")
  g+="$(chain scr s0 "${items[@]}");"
  items=()
  addin "$S-gc.png"; items+=("$IDX|210+50*sin($P)|-140+30*cos($P)")
  addin "$S-gg.png"; items+=("$IDX|-90+40*cos($P+1)|90+30*sin($P+1)")
  addin "$S-shadow.png"; items+=("$IDX|190|-6")
  items+=("[scr]|238|28")
  addin "$S-bezel.png"; items+=("$IDX|230|20")
  addin "$S-nshadow.png"; items+=("$IDX|62|252+8*sin($P)")
  addin "$S-note.png"; items+=("$IDX|82|250+8*sin($P)")
  addin "$(dc 54 $CORAL)"; items+=("$IDX|462|72+10*sin($P+2)")
  addin "$(dc 22 $GREEN)"; items+=("$IDX|520|300+8*cos($P)")
  addin "$(dc 12 $DEEP 0.8)"; items+=("$IDX|150|110+6*sin($P+4)")
  g+="color=c=0x$CREAM:s=640x400:r=$FPS:d=$D,format=rgba[bg];$(chain out bg "${items[@]}")"
  compose showcase-app 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-app 22 32 0
}

clip_showcase-website() {
  local D=6 S="$TMP/web" P="(2*PI*t/6)" j x
  local card; card=$(mix $CREAM $TEAL 0.08)
  # section A: dark hero band
  lay_reset
  lay "$(dc 12 $CORAL)" 22 16
  for j in 0 1 2; do lay "$(rr 34 6 3 $CREAM 0.35)" $((330 + 46 * j)) 19; done
  lay "$(rr 240 16 8 $CREAM 0.95)" 28 64
  lay "$(rr 176 16 8 $CREAM 0.95)" 28 90
  lay "$(rr 200 7 3 $CREAM 0.35)" 28 122
  lay "$(rr 150 7 3 $CREAM 0.35)" 28 135
  lay "$(rr 92 26 13 $CORAL)" 28 156
  lay "$(rr 160 124 16 $TEAL)" 312 50
  lay "$(dc 64 $GREEN)" 336 74
  lay "$(dc 44 $CORAL 0.95)" 398 116
  still "$S-a.png" "$(canvas $DEEP 500 200)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  # section B: feature cards
  lay_reset
  lay "$(rr 140 10 5 $DEEP 0.7)" 180 24
  local ic=($CORAL $GREEN $HIGH)
  for j in 0 1 2; do
    x=$((24 + 156 * j))
    lay "$(rr 140 118 14 $card)" $x 54
    lay "$(dc 26 ${ic[$j]})" $((x + 14)) 68
    lay "$(rr 90 7 3 $DEEP 0.55)" $((x + 14)) 108
    lay "$(rr 104 6 3 $DEEP 0.22)" $((x + 14)) 124
    lay "$(rr 72 6 3 $DEEP 0.22)" $((x + 14)) 136
  done
  still "$S-b.png" "$(canvas $CREAM 500 200)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  # section C: media + copy split on green
  lay_reset
  lay "$(rr 206 150 16 $DEEP)" 24 25
  lay "$(dc 120 $TEAL)" 70 60
  lay "$(dc 40 $CORAL)" 160 50
  lay "$(rr 180 12 6 $DEEP 0.8)" 258 52
  lay "$(rr 200 7 3 $DEEP 0.4)" 258 78
  lay "$(rr 160 7 3 $DEEP 0.4)" 258 92
  lay "$(rr 104 28 14 $CREAM)" 258 118
  still "$S-c.png" "$(canvas "$(mix $GREEN $CREAM 0.35)" 500 200)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  # browser chrome
  local bar; bar=$(mix $CREAM $TEAL 0.10)
  sprite "$S-win.png" 500 340 "255*clip(0.5-$(sd_rrect 500 340 14),0,1)" $CREAM
  sprite "$S-bar.png" 500 30 "255*clip(0.5-$(sd_rrect 500 60 14),0,1)" $bar
  sprite "$S-mask.png" 500 330 "255*clip(0.5-$(sd_rrect 500 330 14),0,1)" FFFFFF
  sprite "$S-shadow.png" 580 420 "255*0.35*pow(clip(1-($(sd_rrect 580 420 14 40)+4)/34,0,1),2)" $DEEP
  soft "$S-glow.png" 560 $CREAM 0.35
  lay_reset
  local g="" st
  addin "$S-a.png"; local ia=$IDX
  addin "$S-b.png"; local ib=$IDX
  addin "$S-c.png"; local ic2=$IDX
  g+="[$ia:v][$ib:v][$ic2:v][$ia:v][$ib:v]vstack=inputs=5[strip];"
  addin "$S-mask.png"; local im=$IDX
  g+="color=c=0x$CREAM:s=500x310:r=$FPS:d=$D,format=rgba[vp0];"
  g+="[vp0][strip]overlay=x=0:y='-200*$(stepx 3 0.45 $D)':format=rgb[vp1];"
  g+="[$im:v]crop=500:310:0:20,alphaextract[vpm];[vp1][vpm]alphamerge[vp];"
  local items=()
  addin "$S-glow.png"; items+=("$IDX|-200+60*sin($P)|-260+40*cos($P)")
  addin "$S-shadow.png"; items+=("$IDX|30|12")
  addin "$S-win.png"; items+=("$IDX|70|40")
  addin "$S-bar.png"; items+=("$IDX|70|40")
  addin "$(dc 10 $CORAL)"; items+=("$IDX|84|50")
  addin "$(dc 10 "$(mix $CREAM $DEEP 0.25)")"; items+=("$IDX|100|50")
  addin "$(dc 10 $GREEN)"; items+=("$IDX|116|50")
  addin "$(rr 200 14 7 $CREAM)"; items+=("$IDX|220|48")
  items+=("[vp]|70|70")
  # background: diagonal green -> teal gradient (low-res geq, upscaled)
  local bgexpr
  bgexpr() { echo "lerp($(ch $GREEN "$1"),$(ch "$(mix $GREEN $TEAL 0.55)" "$1"),clip(0.55*X/W+0.65*Y/H-0.1,0,1))"; }
  g+="color=c=black:s=64x40:r=$FPS:d=$D,format=gbrp,geq=r='$(bgexpr 0)':g='$(bgexpr 1)':b='$(bgexpr 2)',scale=640:400:flags=bicubic,format=rgba[bg];"
  g+="$(chain out bg "${items[@]}")"
  compose showcase-website 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-website 22 32 0
}

clip_showcase-game() {
  local D=6 S="$TMP/game" j
  local N=$((D * FPS))
  # bricks
  lay_reset
  local m; m=$(mix $TEAL $GREEN 0.30)
  local cols=($m $GREEN $m $m $HIGH $m $GREEN $m)
  local cols2=($TEAL $TEAL $CORAL $TEAL $TEAL $TEAL $TEAL "$(mix $CORAL $CREAM 0.35)")
  for j in 0 1 2 3 4 5 6 7; do
    lay "$(rr 58 20 6 ${cols[$j]})" $((66 * j)) 0
    lay "$(rr 58 20 6 ${cols2[$j]})" $((66 * j)) 28
  done
  still "$S-bricks.png" "$(canvas 000000 520 48 0)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  frame "$S-arena.png" 572 352 20 2 $CREAM 0.10
  soft "$S-glow.png" 640 "$(mix $TEAL $GREEN 0.15)" 0.9
  dot "$S-b1.png" 40 10 $CORAL 0.45
  dot "$S-b2.png" 36 8 $CORAL 0.45
  dot "$S-b3.png" 32 6 "$(mix $CORAL $CREAM 0.35)" 0.40
  dot "$S-b4.png" 28 5 $CREAM 0.35
  # triangle wave 0..1..0 ; tri(s)=abs(2*mod(s,1)-1)
  tri() { echo "abs(2*mod($1,1)-1)"; }
  # ball centre ranges: x 62..578, y 118..326 (326 = paddle top - radius)
  bx() { echo "62+516*$(tri "t*$1/$D+$2")-$3"; }
  by() { echo "118+($4-118)*(1-$(tri "t*$1/$D+$2"))-$3"; }
  lay_reset
  local items=()
  addin "$S-glow.png"; items+=("$IDX|0|-120")
  addin "$S-arena.png"; items+=("$IDX|34|24")
  addin "$S-bricks.png"; items+=("$IDX|60|50")
  addin "$(rr 96 12 6 $GREEN)"; items+=("$IDX|clip($(bx 1 0.15 0)-48,48,496)|336")
  addin "$S-b1.png"; items+=("$IDX|$(bx 1 0.15 20)|$(by 3 0.5 20 326)")
  addin "$S-b2.png"; items+=("$IDX|$(bx 1 0.62 18)|$(by 2 0.3 18 250)")
  addin "$S-b3.png"; items+=("$IDX|$(bx 1 0.8 16)|$(by 4 0.1 16 200)")
  addin "$S-b4.png"; items+=("$IDX|$(bx 1 0.35 14)|$(by 3 0.75 14 300)")
  # render two loops (lagfun trails need a pre-roll) and keep the second
  local g="color=c=0x$DEEP:s=640x400:r=$FPS:d=$((2 * D)),format=rgba[bg];"
  g+="$(chain l bg "${items[@]}");[l]format=gbrp,lagfun=decay=0.82,trim=start_frame=$N,setpts=PTS-STARTPTS[out]"
  # sprite inputs must also last two loops
  local ins=() f
  for f in "${L_FILES[@]}"; do ins+=(-loop 1 -framerate "$FPS" -t "$((2 * D))" -i "$f"); done
  "${FF[@]}" -filter_threads "$THREADS" "${ins[@]}" -filter_complex "$g;[out]format=gbrp[o]" \
    -map "[o]" -frames:v "$N" -c:v ffv1 "$TMP/showcase-game.mkv"
  encode showcase-game 22 32 0
}

clip_showcase-landing-page() {
  local D=6 S="$TMP/land" P="(2*PI*t/6)"
  # warm animated gradient: coral (top-left) -> cream (bottom-right), green hint
  local W=80 H=50
  lg() {
    local i=$1
    echo "st(0,X/W);st(1,Y/H);st(2,2*PI*T/$D);st(3,clip(0.75*ld(0)+0.55*ld(1)-0.25+0.10*sin(ld(2)+2.5*ld(1))+0.05*sin(2*ld(2)-3*ld(0)),0,1));st(4,lerp($(ch $CORAL $i),$(ch "$(mix $CORAL $CREAM 0.55)" $i),clip(ld(3)*1.8,0,1)));st(4,lerp(ld(4),$(ch $CREAM $i),clip(ld(3)*1.8-0.8,0,1)));lerp(ld(4),$(ch "$(mix $GREEN $CREAM 0.25)" $i),0.55*exp(-(pow(ld(0)-0.95-0.05*sin(ld(2)),2)+pow(ld(1)-1.05,2))/0.12))"
  }
  disc "$S-circle.png" 300 $CREAM 0.55 50
  lay_reset
  local items=() j
  local g="color=c=black:s=${W}x${H}:r=$FPS:d=$D,format=gbrp,geq=r='$(lg 0)':g='$(lg 1)':b='$(lg 2)',scale=640:400:flags=bicubic,format=rgba[bg];"
  addin "$S-circle.png"; items+=("$IDX|330+40*sin($P)|10+30*cos($P)")
  addin "$(dc 150 $DEEP)"; items+=("$IDX|420+14*cos($P+1)|150+12*sin($P+1)")
  addin "$(dc 64 $CORAL)"; items+=("$IDX|430+70*cos($P)|130+70*sin($P)")
  addin "$(dc 22 $GREEN)"; items+=("$IDX|545+40*cos(2*$P)|300+30*sin($P)")
  addin "$(dc 16 $DEEP)"; items+=("$IDX|32|28")
  for j in 0 1 2; do addin "$(rr 40 7 3 $DEEP 0.45)"; items+=("$IDX|$((390 + 52 * j))|32"); done
  addin "$(rr 70 24 12 $DEEP)"; items+=("$IDX|546|24")
  addin "$(rr 300 26 13 $DEEP)"; items+=("$IDX|40|118")
  addin "$(rr 220 26 13 $DEEP)"; items+=("$IDX|40|154")
  addin "$(rr 250 8 4 $DEEP 0.4)"; items+=("$IDX|40|198")
  addin "$(rr 190 8 4 $DEEP 0.4)"; items+=("$IDX|40|214")
  addin "$(rr 124 40 20 $DEEP)"; items+=("$IDX|40|246")
  addin "$(rr 60 7 3 $CREAM)"; items+=("$IDX|72|262")
  sprite "$S-btn2.png" 112 40 "255*clip(1+0.5-abs($(sd_rrect 112 40 20 1)+1),0,1)" $DEEP
  addin "$S-btn2.png"; items+=("$IDX|176|246")
  addin "$(rr 50 7 3 $DEEP 0.8)"; items+=("$IDX|207|262")
  g+="$(chain out bg "${items[@]}")"
  compose showcase-landing-page 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-landing-page 22 32 0
}

clip_showcase-demo() {
  local D=6 S="$TMP/demo" P="(2*PI*t/6)"
  local A=330
  sprite "$S-tracks.png" $A $A "255*0.09*max(max(clip(1.5-abs(hypot(X+0.5-$A/2,Y+0.5-$A/2)-150),0,1),clip(1.5-abs(hypot(X+0.5-$A/2,Y+0.5-$A/2)-115),0,1)),clip(1.5-abs(hypot(X+0.5-$A/2,Y+0.5-$A/2)-80),0,1))" $DEEP
  sprite "$S-r1.png" $A $A "255*max($(arc_a $A 150 10 -30 110),$(arc_a $A 150 10 150 110))" $CORAL
  sprite "$S-r2.png" $A $A "255*max(max($(arc_a $A 115 10 10 70),$(arc_a $A 115 10 130 70)),$(arc_a $A 115 10 250 70))" $TEAL
  sprite "$S-r3.png" $A $A "255*$(arc_a $A 80 10 200 220)" $GREEN
  sprite "$S-r4.png" $A $A "255*max($(arc_a $A 150 3 95 40),$(arc_a $A 150 3 275 40))" $TEAL
  # play glyph: triangle in a 40x40 canvas
  sprite "$S-play.png" 40 40 "255*clip(0.5+min(min(X+0.5-14,-0.521*(X+0.5-14)+0.853*(Y+0.5-9)),-0.521*(X+0.5-14)-0.853*(Y+0.5-31)),0,1)" $CREAM
  soft "$S-glow.png" 620 "$(mix $GREEN $CREAM 0.3)" 0.55
  lay_reset
  local items=() g=""
  local rot="rotate=c=none:ow=iw:oh=ih:a"
  addin "$S-r1.png"; g+="[$IDX:v]format=rgba,$rot='PI*t/$D'[r1];"
  addin "$S-r2.png"; g+="[$IDX:v]format=rgba,$rot='-2*PI/3*t/$D'[r2];"
  addin "$S-r3.png"; g+="[$IDX:v]format=rgba,$rot='2*PI*t/$D'[r3];"
  addin "$S-r4.png"; g+="[$IDX:v]format=rgba,$rot='-PI*t/$D'[r4];"
  # pulse ring (2 pulses per loop), computed per frame
  g+="color=c=black@0:s=200x200:r=$FPS:d=$D,format=rgba,geq=r=$(ch $GREEN 0):g=$(ch $GREEN 1):b=$(ch $GREEN 2):a='st(0,mod(2*T/$D,1));st(1,hypot(X+0.5-100,Y+0.5-100));255*0.55*(1-ld(0))*clip(3-abs(ld(1)-48-50*ld(0)),0,1)'[pulse];"
  addin "$S-glow.png"; items+=("$IDX|10|-110")
  addin "$S-tracks.png"; items+=("$IDX|155|35")
  items+=("[r4]|155|35" "[r1]|155|35" "[r2]|155|35" "[r3]|155|35" "[pulse]|220|100")
  addin "$(dc 96 $DEEP)"; items+=("$IDX|272|152")
  addin "$S-play.png"; items+=("$IDX|302|180")
  g+="color=c=0x$CREAM:s=640x400:r=$FPS:d=$D,format=rgba[bg];$(chain out bg "${items[@]}")"
  compose showcase-demo 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-demo 22 32 0
}

clip_showcase-webapp() {
  local D=6 S="$TMP/wapp" P="(2*PI*t/6)" j k
  local light; light=$(mix $CREAM FFFFFF 0.65)
  # kanban strip: 4 unique columns + first two repeated for the wrap
  local tags=($CORAL $GREEN $HIGH $TEAL)
  local hs=("58 76 58" "76 58" "58 58 76" "76 58 58")
  lay_reset
  local col x y h
  for j in 0 1 2 3 4 5; do
    col=$((j % 4)); x=$((148 * j))
    lay "$(dc 10 ${tags[$col]})" $x 6
    lay "$(rr 60 8 4 $DEEP 0.6)" $((x + 16)) 7
    lay "$(rr 20 8 4 $DEEP 0.15)" $((x + 112)) 7
    y=30
    for h in ${hs[$col]}; do
      lay "$(rr 132 $h 10 $DEEP 0.07)" $x $((y + 2))
      lay "$(rr 132 $h 10 $light)" $x $y
      lay "$(rr 36 8 4 ${tags[$(( (col + y / 30) % 4 ))]} 0.9)" $((x + 12)) $((y + 12))
      lay "$(rr 92 7 3 $DEEP 0.55)" $((x + 12)) $((y + 28))
      [ "$h" -gt 60 ] && lay "$(rr 70 6 3 $DEEP 0.22)" $((x + 12)) $((y + 42))
      lay "$(dc 14 "$(mix ${tags[$(( (col + 1) % 4 ))]} $CREAM 0.2)")" $((x + 108)) $((y + h - 22))
      y=$((y + h + 10))
    done
  done
  still "$S-strip.png" "$(canvas $CREAM 888 288)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  sprite "$S-win.png" 600 360 "255*clip(0.5-$(sd_rrect 600 360 16),0,1)" $CREAM
  sprite "$S-side.png" 120 360 "255*clip(0.5-$(sd_rrect 600 360 16),0,1)" $TEAL
  sprite "$S-shadow.png" 680 440 "255*0.28*pow(clip(1-($(sd_rrect 680 440 16 40)+4)/34,0,1),2)" $DEEP
  lay_reset
  local g="" items=()
  addin "$S-strip.png"; local is=$IDX
  g+="color=c=0x$CREAM:s=440x288:r=$FPS:d=$D,format=rgba[b0];"
  g+="[b0][$is:v]overlay=x='-148*$(stepx 3 0.4 $D)':y=0:format=rgb[board];"
  addin "$(soft "$S-glow.png" 420 $CORAL 0.22; echo "$S-glow.png")"; items+=("$IDX|380+30*sin($P)|-200+20*cos($P)")
  addin "$S-shadow.png"; items+=("$IDX|-20|-10")
  addin "$S-win.png"; items+=("$IDX|20|20")
  addin "$S-side.png"; items+=("$IDX|20|20")
  addin "$(dc 16 $CORAL)"; items+=("$IDX|40|40")
  addin "$(rr 96 24 8 $GREEN 0.25)"; items+=("$IDX|32|'82+30*(1-cos($P))'")
  for j in 0 1 2 3 4 5; do addin "$(rr $((70 - (j % 3) * 12)) 7 3 $CREAM 0.35)"; items+=("$IDX|44|$((90 + 30 * j))"); done
  addin "$(rr 200 24 12 "$(mix $CREAM $TEAL 0.08)")"; items+=("$IDX|160|34")
  addin "$(rr 70 24 12 $GREEN)"; items+=("$IDX|494|34")
  addin "$(dc 26 $CORAL)"; items+=("$IDX|576|33")
  items+=("[board]|160|76")
  g+="color=c=0x$(mix $CREAM $GREEN 0.22):s=640x400:r=$FPS:d=$D,format=rgba[bg];$(chain out bg "${items[@]}")"
  compose showcase-webapp 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-webapp 22 32 0
}

clip_showcase-automation() {
  local D=6 S="$TMP/auto" j
  local Y=(100 200 300)
  # distance from pixel to path j (smoothstep S-curves source->mid_j->sink)
  pathd() {
    local yj=$1 a=$(( $1 - 200 )) b=$(( 200 - $1 ))
    echo "if(lt(ld(0),320),st(2,clip((ld(0)-90)/230,0,1));abs(ld(1)-(200+($a)*ld(2)*ld(2)*(3-2*ld(2))))/sqrt(1+pow(($a)/230*6*ld(2)*(1-ld(2)),2)),st(2,clip((ld(0)-320)/230,0,1));abs(ld(1)-($yj+($b)*ld(2)*ld(2)*(3-2*ld(2))))/sqrt(1+pow(($b)/230*6*ld(2)*(1-ld(2)),2)))"
  }
  sprite "$S-lines.png" 640 400 "st(0,X+0.5);st(1,Y+0.5);255*0.24*clip(1.6-min(min($(pathd 100),$(pathd 200)),$(pathd 300)),0,1)*gte(ld(0),90)*lte(ld(0),550)" $CREAM
  sprite "$S-grid.png" 640 400 "255*0.07*clip(1.3-hypot(mod(X,32)-16,mod(Y,32)-16),0,1)" $CREAM
  # segment distance helper for the check glyph
  segd() { # x1 y1 x2 y2
    echo "hypot(X+0.5-$1-clip(((X+0.5-$1)*($3-$1)+(Y+0.5-$2)*($4-$2))/(pow($3-$1,2)+pow($4-$2,2)),0,1)*($3-$1),Y+0.5-$2-clip(((X+0.5-$1)*($3-$1)+(Y+0.5-$2)*($4-$2))/(pow($3-$1,2)+pow($4-$2,2)),0,1)*($4-$2))"
  }
  sprite "$S-check.png" 64 64 "255*clip(2.5+0.5-min($(segd 22 33 29 40),$(segd 29 40 43 25)),0,1)" $DEEP
  frame "$S-ring.png" 26 26 13 3 $GREEN
  soft "$S-glow.png" 200 $HIGH 0.35
  soft "$S-glowc.png" 200 $CORAL 0.25
  dot "$S-dg.png" 24 5 $HIGH 0.55
  dot "$S-dc.png" 24 5 $CORAL 0.5
  dot "$S-dk.png" 24 4.5 $CREAM 0.4
  lay_reset
  local items=()
  addin "$S-grid.png"; items+=("$IDX|0|0")
  addin "$S-glowc.png"; items+=("$IDX|-10|100")
  addin "$S-glow.png"; items+=("$IDX|450|100")
  addin "$S-lines.png"; items+=("$IDX|0|0")
  # travelling dots: path, phase, sprite
  local spec=("0 0.00 dg" "1 0.17 dk" "2 0.33 dg" "1 0.50 dc" "0 0.67 dk" "2 0.83 dg" "1 0.92 dg" "0 0.40 dc")
  local sp pj ph spr yj xs ys
  for sp in "${spec[@]}"; do
    read -r pj ph spr <<<"$sp"; yj=${Y[$pj]}
    xs="st(0,mod(t/$D+$ph,1));90+460*ld(0)-12"
    ys="st(0,mod(t/$D+$ph,1));st(1,clip(2*ld(0)-if(gte(ld(0),0.5),1,0),0,1));st(1,ld(1)*ld(1)*(3-2*ld(1)));if(lt(ld(0),0.5),200+($yj-200)*ld(1),$yj+(200-$yj)*ld(1))-12"
    addin "$S-$spr.png"; items+=("$IDX|$xs|$ys")
  done
  # nodes on top
  addin "$(rr 68 68 18 $TEAL)"; items+=("$IDX|56|166")
  addin "$(dc 24 $CORAL)"; items+=("$IDX|78|188")
  for j in 0 1 2; do addin "$(rr 52 52 14 $TEAL)"; items+=("$IDX|294|$((${Y[$j]} - 26))"); done
  for j in 0 1 2; do addin "$(rr $((24 - 6 * (j % 2))) 5 2 $CREAM 0.8)"; items+=("$IDX|308|$((${Y[0]} - 10 + 8 * j))"); done
  addin "$S-ring.png"; items+=("$IDX|307|187")
  addin "$(rr 22 22 6 $HIGH)"; items+=("$IDX|309|289")
  addin "$(rr 68 68 18 $GREEN)"; items+=("$IDX|516|166")
  addin "$S-check.png"; items+=("$IDX|518|168")
  local g="color=c=0x$DEEP:s=640x400:r=$FPS:d=$D,format=rgba[bg];$(chain out bg "${items[@]}")"
  compose showcase-automation 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-automation 22 32 0
}

clip_showcase-production() {
  local D=6 S="$TMP/prod" W=128 H=80 i
  local dark; dark=$(mix $DEEP 000000 0.5)
  # light sweep: two diagonal beams (coral, teal-green) half a loop apart + flicker
  pe() {
    local i=$1
    echo "st(0,X/W);st(1,Y/H);st(2,T/$D);st(3,1+0.06*sin(2*PI*5*ld(2))*sin(2*PI*7*ld(2)+1)+0.03*sin(2*PI*11*ld(2)));st(4,0.75*ld(0)+0.35*ld(1));st(5,exp(-pow((ld(4)-(-0.5+1.9*mod(ld(2)+0.55,1)))/0.12,2)));st(6,exp(-pow((ld(4)-(-0.5+1.9*mod(ld(2)+0.05,1)))/0.16,2)));st(7,lerp($(ch $dark $i),$(ch $TEAL $i),clip(1.2-1.6*hypot(ld(0)-0.5,ld(1)-0.5),0,1)));st(7,255-(255-ld(7))*(1-0.85*ld(5)*$(ch $CORAL $i)/255));st(7,lerp(ld(7),$(ch $CREAM $i),0.6*pow(ld(5),5)));st(7,255-(255-ld(7))*(1-0.6*ld(6)*$(ch $GREEN $i)/255));clip(ld(7)*ld(3),0,255)"
  }
  lay_reset
  for i in $(seq 0 19); do lay "$(rr 20 12 3 $CREAM 0.16)" $((8 + 36 * i)) 16; done
  still "$S-band.png" "$(canvas $dark 720 44)[base];$(chain out base "${L_ITEMS[@]}")" "${L_FILES[@]}"
  rrect "$S-sep.png" 8 312 2 $dark 0.92
  lay_reset
  local items=()
  soft "$S-lg.png" 220 $GREEN 0.30
  soft "$S-lk.png" 120 $CREAM 0.30
  addin "$S-lg.png"; items+=("$IDX|40+100*cos(2*PI*t/$D)|140-30*sin(2*PI*t/$D)")
  addin "$S-lk.png"; items+=("$IDX|260+180*sin(4*PI*t/$D)|170+50*sin(2*PI*t/$D)")
  for i in 0 1 2 3 4; do addin "$S-sep.png"; items+=("$IDX|$((216 * i - 4))-mod(36*t,216)|44"); done
  addin "$S-band.png"; items+=("$IDX|-mod(36*t,36)|0")
  addin "$S-band.png"; items+=("$IDX|-mod(36*t,36)|356")
  local g="color=c=black:s=${W}x${H}:r=$FPS:d=$D,format=gbrp,geq=r='$(pe 0)':g='$(pe 1)':b='$(pe 2)',scale=640:400:flags=bicubic,format=rgba[bg];"
  g+="$(chain l bg "${items[@]}");[l]vignette=angle=PI/5[out]"
  compose showcase-production 640 400 $D "$g" "${L_FILES[@]}"
  encode showcase-production 22 32 0
}

# ------------------------------------------------------------------- main ----
ALL=(hero showcase-dashboard showcase-app showcase-website showcase-game
     showcase-landing-page showcase-demo showcase-webapp showcase-automation
     showcase-production)
[ $# -gt 0 ] && ALL=("$@")

START=$SECONDS
for name in "${ALL[@]}"; do
  t0=$SECONDS
  "clip_$name"
  printf '%-24s %3ds\n' "$name" "$((SECONDS - t0))"
done
printf 'total %ds\n' "$((SECONDS - START))"

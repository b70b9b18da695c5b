#!/usr/bin/env bash
# Redraws Figures 1 and 2 of "When parallel speedups hit the memory wall"
# (the variable-delay model's behaviour over p and over phi) with
# `pacer speedup predict --csv` and gnuplot:
#   docs/figures/memwall_fig1.png  f = 0.99, phi = 3, p = 2..64
#   docs/figures/memwall_fig2.png  f = 0.99, p = 32, phi = 1.0..3.0
# The paper does not list its k, m1, m2 combinations; the ones below span
# its ranges (Table 1's fits lie within them) and are named in the legends.
set -euo pipefail
cd "$(dirname "$0")"
PACER=${PACER:-pacer}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

curve() {  # name params cores cpu-freqs
  "$PACER" speedup predict --model memwall --params "$2" --cores "$3" --cpu-freq "$4" --mem-freq 1GHz --csv \
    | tail -n +2 | tr ',' ' ' > "$tmp/$1.dat"
}

ks="0.1 0.5 1 3 10"
ms="0.01:0 0.01:0.1 0.01:0.3 0.01:0.6 0.01:0.9"
for k in $ks; do curve "f1k$k" "f=0.99,k=$k,m1=0.01,m2=0.3" 2,4,8,12,16,32,64 3GHz; done
for m in $ms; do curve "f1m$m" "f=0.99,k=1,m1=${m%%:*},m2=${m##*:}" 2,4,8,12,16,32,64 3GHz; done
for k in $ks; do curve "f2k$k" "f=0.99,k=$k,m1=0.01,m2=0.3" 32 1GHz:3GHz:0.2GHz; done
for m in $ms; do curve "f2m$m" "f=0.99,k=1,m1=${m%%:*},m2=${m##*:}" 32 1GHz:3GHz:0.2GHz; done

plots() {  # prefix family column
  local out="" sep="plot "
  for v in $2; do
    if [ "$1" = k ]; then label="k = $v (m1 = 0.01, m2 = 0.3)"; else label="m1 = ${v%%:*}, m2 = ${v##*:} (k = 1)"; fi
    out+="$sep'$tmp/$3$1$v.dat' using $4:4 with linespoints title '$label'"
    sep=", "
  done
  echo "$out"
}

gnuplot <<GP
set terminal pngcairo size 1100,450 noenhanced font ',10'
set output 'memwall_fig1.png'
set multiplot layout 1,2 title 'Variable-delay model, f = 0.99, phi = 3 (Figure 1 of the paper)'
set grid; set key top left; set logscale x 2; set xlabel 'cores p'; set ylabel 'speedup'
set title 'varying k'
$(plots k "$ks" f1 1)
set title 'varying m1, m2'
$(plots m "$ms" f1 1)
unset multiplot
set output 'memwall_fig2.png'
set multiplot layout 1,2 title 'Variable-delay model, f = 0.99, p = 32 (Figure 2 of the paper)'
unset logscale x; set xlabel 'phi = F_cpu / F_mem'; set key bottom left
set title 'varying k'
$(plots k "$ks" f2 3)
set title 'varying m1, m2'
$(plots m "$ms" f2 3)
unset multiplot
GP
echo "wrote $(pwd)/memwall_fig1.png and memwall_fig2.png"

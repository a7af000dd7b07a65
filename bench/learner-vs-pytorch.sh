#!/usr/bin/env bash
# Tengen's learner against the same training step in plain PyTorch (issue #23): optimiser steps/s of the 4x32 and
# 6x64 nets on 9x9 at batch 256, `tengen bench --learner` and bench/pytorch-learner-peer.py taking turns (who goes
# first alternates), each turn the median of 3 timed rounds; then per net the median turn of each, their ratio
# (Tengen over PyTorch), both parameter counts (equal: the same network) and the CPU's vector extensions.
#
#   bash bench/learner-vs-pytorch.sh [--quick] [--turns N] [--threads T] [-- TENGEN_BENCH_OPTION...]
#
#   --quick      a smoke run: one turn each of 0.3 s rounds (its speeds mean nothing)
#   --turns N    turns of each side (default 3)
#   --threads T  intra-op threads of both (default 2; inter-op threads: 1)
#   after --, options of `tengen bench --learner`, which the peer follows: e.g. -- --net-options gpool,own (the
#   network of configs/9x9.yaml), -- --nets 6x64 --seconds 10, -- --boards 19
#
# Needs the jar (mvn -B package -DskipTests; TENGEN_JAR overrides its path) and Debian's PyTorch
# (apt-get install python3-torch; PYTHON overrides /usr/bin/python3). Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; }
TURNS=3
THREADS=2
TENGEN_OPTIONS=()
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --quick) TURNS=1; TENGEN_OPTIONS+=(--quick) ;;
    --turns) TURNS=$2; shift ;;
    --threads) THREADS=$2; shift ;;
    --) shift; TENGEN_OPTIONS+=("$@"); break ;;
    *) echo "learner-vs-pytorch: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
JAR=${TENGEN_JAR:-selfplay/cli/target/tengen.jar}
PYTHON=${PYTHON:-/usr/bin/python3}
[ -f "$JAR" ] || { echo "learner-vs-pytorch: $JAR not found (mvn -B package -DskipTests)" >&2; exit 1; }
"$PYTHON" -c 'import torch' 2>/dev/null \
  || { echo "learner-vs-pytorch: $PYTHON has no torch (apt-get install python3-torch)" >&2; exit 1; }

flags=$(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2)
have=()
for f in avx2 avx512f avx512_vnni avx512_bf16 amx_tile amx_int8 amx_bf16; do
  [[ " $flags " == *" $f "* ]] && have+=("$f")
done
echo "cpu: $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "cpu_flags: ${have[*]:-none of avx2 avx512f avx512_vnni avx512_bf16 amx}"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; near 0 on a quiet machine)"
echo "torch: $("$PYTHON" -c 'import torch; print(torch.__version__)'), tengen: libtorch through DJL ($JAR)"

declare -A tengen pytorch tengen_params pytorch_params
order=()
settings=()   # per net, the options the peer takes, from Tengen's line

run_tengen() {
  local out line
  out=$(DJL_OFFLINE=true java -jar "$JAR" bench --learner --model-threads "$THREADS" "${TENGEN_OPTIONS[@]}")
  grep -q '^learner ' <<< "$out" || { echo "learner-vs-pytorch: tengen bench printed no learner line" >&2; exit 1; }
  while read -r line; do
    echo "  tengen:  $line"
    local net params rate args=()
    for tok in $line; do
      case ${tok%%=*} in
        learner) ;;
        net) net=${tok#*=} ;;
        params) params=${tok#*=} ;;
        train_steps_per_s) rate=${tok#*=} ;;
        *) args+=("--$(tr _ - <<< "${tok%%=*}")=${tok#*=}") ;;
      esac
    done
    [ -n "${tengen_params[$net]:-}" ] || { order+=("$net"); settings+=("${args[*]}"); }
    tengen_params[$net]=$params
    tengen[$net]="${tengen[$net]:-} $rate"
  done < <(grep '^learner ' <<< "$out")
}

run_pytorch() {
  local i line
  for i in "${!order[@]}"; do
    # shellcheck disable=SC2086 # the settings are --key=value words without spaces
    line=$("$PYTHON" bench/pytorch-learner-peer.py ${settings[$i]})
    echo "  pytorch: $line"
    local net=${order[$i]} tok
    for tok in $line; do
      case ${tok%%=*} in
        params) pytorch_params[$net]=${tok#*=} ;;
        train_steps_per_s) pytorch[$net]="${pytorch[$net]:-} ${tok#*=}" ;;
      esac
    done
  done
}

median() {
  tr ' ' '\n' <<< "$1" | grep . | sort -g \
    | awk '{v[NR] = $1} END {print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'
}

for turn in $(seq 1 "$TURNS"); do
  echo "turn $turn of $TURNS"
  # Tengen goes first in odd turns, the first of which gives the peer its settings.
  if [ $((turn % 2)) -eq 1 ]; then
    run_tengen; run_pytorch
  else
    run_pytorch; run_tengen
  fi
done

echo
printf '%-8s %12s %12s %14s %14s %8s\n' net tengen_params torch_params tengen_steps/s torch_steps/s ratio
status=0
for net in "${order[@]}"; do
  t=$(median "${tengen[$net]}")
  p=$(median "${pytorch[$net]}")
  printf '%-8s %12s %12s %14s %14s %8s\n' "$net" "${tengen_params[$net]}" "${pytorch_params[$net]}" "$t" "$p" \
    "$(awk -v t="$t" -v p="$p" 'BEGIN {printf "%.3f", t / p}')"
  if [ "${tengen_params[$net]}" != "${pytorch_params[$net]}" ]; then
    echo "learner-vs-pytorch: $net has ${tengen_params[$net]} parameters in Tengen but ${pytorch_params[$net]} in" \
      "the peer: not the same network" >&2
    status=1
  fi
done
for net in "${order[@]}"; do
  echo "net=$net tengen_params=${tengen_params[$net]} pytorch_params=${pytorch_params[$net]}" \
    "tengen_steps_per_s=$(median "${tengen[$net]}") pytorch_steps_per_s=$(median "${pytorch[$net]}")" \
    "turns=$TURNS threads=$THREADS cpu_flags=$(IFS=,; echo "${have[*]:-none}")"
done
exit $status

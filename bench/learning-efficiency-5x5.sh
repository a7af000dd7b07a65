#!/usr/bin/env bash
# Learning-efficiency benchmark (issue #13): the quick 5x5 config with and without each of KataGo's techniques,
# one run after another on an otherwise idle machine (their hours are compared), every run rated against the same
# fixed anchors (random, mcts-rollout and GNU Go level 10, 10 games every third generation), then one
# `tengen report` that draws every run's Elo against its hours of self-play and training.
#
#   bash bench/learning-efficiency-5x5.sh [OUT_DIR] [VARIANT...]     (default runs/efficiency-5x5, every variant)
#   bash bench/learning-efficiency-5x5.sh --configs-only OUT_DIR      (only writes OUT_DIR/configs/*.yaml)
#
# Stop it any time and run it again: finished runs are skipped and a stopped one resumes. Each run takes about as
# long as the quick config's training plus a few minutes of anchor games, about 90 minutes for all eight. Needs
# GNU Go (Debian package gnugo) and the jar (mvn -B package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = -h ] || [ "${1:-}" = --help ]; then
  sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
  exit 0
fi
CONFIGS_ONLY=false
if [ "${1:-}" = --configs-only ]; then
  CONFIGS_ONLY=true
  shift
fi
OUT=${1:-runs/efficiency-5x5}
shift || true
JAR=${TENGEN_JAR:-selfplay/cli/target/tengen.jar}
BASE=configs/quick-5x5.yaml

GNUGO=$(command -v gnugo || echo /usr/games/gnugo)
if ! $CONFIGS_ONLY; then
  [ -x "$GNUGO" ] || { echo "learning-efficiency: GNU Go not found (apt-get install gnugo)" >&2; exit 1; }
  [ -f "$JAR" ] || { echo "learning-efficiency: $JAR not found (mvn -B package -DskipTests)" >&2; exit 1; }
fi
RULES="--chinese-rules --positional-superko --allow-suicide --capture-all-dead"

# Each variant is its name, then sed edits of the base config: one technique changed against the base.
VARIANTS=(
  "base"
  "no-score-utility|/^selfplay:/,/^replay:/s/scoreUtility: 0.3 /scoreUtility: 0.0 /"
  "constant-lr|s/schedule: cosine  /schedule: constant/;/^  floor: /d"
  "playout-cap|s/fullSearchProbability: 1.0 /fullSearchProbability: 0.25/;s/cheapSimulations: 8 /cheapSimulations: 16/"
  "random-komi|s/^features: az9 /features: rich/;s/^  search:\$/  randomKomi: {min: 0.5, max: 24.5}\n&/"
  "puct|/^selfplay:/,/^replay:/s/algorithm: gumbel /algorithm: puct   /"
  "puct-forced-playouts|/^selfplay:/,/^replay:/s/algorithm: gumbel /algorithm: puct   /;s/forcedPlayouts: 0 /forcedPlayouts: 2 /"
  "no-ownership|s/ownershipHead: true /ownershipHead: false/"
)

selected=("$@")
names=" ${VARIANTS[*]%%|*} "
for name in "${selected[@]}"; do
  [[ "$names" == *" $name "* ]] || { echo "learning-efficiency: unknown variant '$name' (one of:${names% })" >&2; exit 1; }
done
mkdir -p "$OUT/configs"
runs=()
for variant in "${VARIANTS[@]}"; do
  name=${variant%%|*}
  edits=${variant#*|}
  if [ ${#selected[@]} -gt 0 ] && [[ ! " ${selected[*]} " =~ " $name " ]]; then
    continue
  fi
  config="$OUT/configs/$name.yaml"
  # GNU Go level 10 takes 2 s a game here, longer than a generation's self-play: 10 games every third generation.
  sed -e "s/^name: quick-5x5/name: efficiency-$name/" -e "s/^  gamesVsAnchors: 20 /  gamesVsAnchors: 10 /" \
    -e "s/^  anchorsEvery: 1 /  anchorsEvery: 3 /" "$BASE" > "$config.tmp"
  # One sed expression at a time, each of which must change the config: a base config edited since would
  # otherwise give a variant that silently equals the base.
  if [ "$name" != base ]; then
    IFS=';' read -ra exprs <<< "$edits"
    for expr in "${exprs[@]}"; do
      sed -e "$expr" "$config.tmp" > "$config.edit"
      if cmp -s "$config.tmp" "$config.edit"; then
        echo "learning-efficiency: variant $name: '$expr' changes nothing in $BASE" >&2
        exit 1
      fi
      mv "$config.edit" "$config.tmp"
    done
  fi
  cat >> "$config.tmp" <<EOF
  externalAnchors:
    gnugo-10: $GNUGO --mode gtp --level 10 $RULES
EOF
  # Written only when it differs, so that a resumed run meets the config it started with.
  cmp -s "$config.tmp" "$config" 2>/dev/null || mv "$config.tmp" "$config"
  rm -f "$config.tmp"
  $CONFIGS_ONLY && continue
  echo "learning-efficiency: $name ($(date -u +%H:%M:%S))"
  java -jar "$JAR" train --config "$config" --run-dir "$OUT/$name" --backend onnx --no-progress \
    > "$OUT/$name.log" 2>&1 || { echo "learning-efficiency: $name failed, see $OUT/$name.log" >&2; exit 1; }
  runs+=("$OUT/$name")
done
$CONFIGS_ONLY && exit 0
java -jar "$JAR" report "${runs[@]}" --out "$OUT/report"
echo "learning-efficiency: $OUT/report/compare.html"

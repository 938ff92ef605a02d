#!/usr/bin/env bash
# 400 games of mcts (1 CPU s/move) against greedy, in chunks of 20 so partial progress survives.
cd "$(dirname "$0")/../../.."   # the repository
for k in $(seq 0 19); do
  out=benchmarks/results/ai400/chunk-$k.txt
  [ -s "$out" ] && grep -q "^games:" "$out" && continue
  nice -n 19 .venv/bin/marcomage simulate --p1 mcts --p2 greedy --games 20 --seed "ai400-$k" \
      --jobs 2 --think 1 --cpu-time --no-progress > "$out.tmp" 2>&1 && mv "$out.tmp" "$out"
done

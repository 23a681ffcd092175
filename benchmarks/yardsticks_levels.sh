#!/bin/sh
# Every level of today's bots against each independent player and the pool, in every game, on one
# seed fixed before the run: the table "Every level, as the bots are now" of docs/bots.md.
# Usage: sh benchmarks/yardsticks_levels.sh OUTDIR SEED   (two runs at a time, niced, each bounded
# to 90 min; about an hour on a shared two-core machine, most of it in the hard rows)
# Four-player Gang de mouettes draws the quick-discard race fairly (--fair-race), as every
# four-player figure since the fifth round.
OUT=${1:?usage: yardsticks_levels.sh OUTDIR SEED}
SEED=${2:?usage: yardsticks_levels.sh OUTDIR SEED}
mkdir -p "$OUT"
Y="nice -n 10 timeout 5400 python benchmarks/yardsticks.py"
GANG=gang,gang-cautious,gang-aggressive
LAG=lagagne,lagagne-cautious,lagagne-aggressive
GIN=simple,gin,gin-cautious,gin-aggressive
xargs -P 2 -I CMD sh -c CMD <<RUNS
$Y lagagne hard $LAG --players 2 --count 60 --unit game --seed $SEED --out $OUT/L2h.json > $OUT/L2h.txt
$Y lagagne hard $LAG --players 4 --count 30 --unit game --seed $SEED --out $OUT/L4h.json > $OUT/L4h.txt
$Y gang_de_mouettes hard $GANG --players 2 --count 100 --unit hand --seed $SEED --out $OUT/G2h.json > $OUT/G2h.txt
$Y gang_de_mouettes hard $GANG --players 4 --count 50 --unit hand --seed $SEED --fair-race --out $OUT/G4h.json > $OUT/G4h.txt
$Y gin_rummy hard $GIN --players 2 --count 100 --unit hand --seed $SEED --out $OUT/Rh.json > $OUT/Rh.txt
$Y gin_rummy hard simple --players 2 --count 100 --unit game --seed $SEED --out $OUT/Wh.json > $OUT/Wh.txt
$Y gang_de_mouettes easy $GANG --players 2 --count 300 --unit hand --seed $SEED --out $OUT/G2e.json > $OUT/G2e.txt
$Y gang_de_mouettes normal $GANG --players 2 --count 300 --unit hand --seed $SEED --out $OUT/G2n.json > $OUT/G2n.txt
$Y gang_de_mouettes easy $GANG --players 4 --count 100 --unit hand --seed $SEED --fair-race --out $OUT/G4e.json > $OUT/G4e.txt
$Y gang_de_mouettes normal $GANG --players 4 --count 100 --unit hand --seed $SEED --fair-race --out $OUT/G4n.json > $OUT/G4n.txt
$Y lagagne easy $LAG --players 2 --count 200 --unit game --seed $SEED --out $OUT/L2e.json > $OUT/L2e.txt
$Y lagagne normal $LAG --players 2 --count 200 --unit game --seed $SEED --out $OUT/L2n.json > $OUT/L2n.txt
$Y lagagne easy $LAG --players 4 --count 100 --unit game --seed $SEED --out $OUT/L4e.json > $OUT/L4e.txt
$Y lagagne normal $LAG --players 4 --count 100 --unit game --seed $SEED --out $OUT/L4n.json > $OUT/L4n.txt
$Y gin_rummy easy $GIN --players 2 --count 150 --unit hand --seed $SEED --out $OUT/Re.json > $OUT/Re.txt
$Y gin_rummy normal $GIN --players 2 --count 150 --unit hand --seed $SEED --out $OUT/Rn.json > $OUT/Rn.txt
$Y gin_rummy easy simple --players 2 --count 100 --unit game --seed $SEED --out $OUT/We.json > $OUT/We.txt
$Y gin_rummy normal simple --players 2 --count 100 --unit game --seed $SEED --out $OUT/Wn.json > $OUT/Wn.txt
RUNS

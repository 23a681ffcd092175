#!/bin/sh
# The runs behind the table of docs/bots.md ("Against independent players"), rows A–S and the -b blocks,
# exactly as run: every level against each independent player and the pool, seats swapped on the same deals.
# Seeds 3701 and 3702 were fixed before any run and never used to tune the independent players.
# Usage: sh benchmarks/yardsticks_table.sh OUTDIR   (two runs at a time, niced, each bounded to 50 min;
# the hard rows take tens of minutes each on a shared two-core machine)
OUT=${1:-/tmp/ys}
mkdir -p "$OUT"
Y="nice -n 10 timeout 3000 python benchmarks/yardsticks.py"
xargs -P 2 -I CMD sh -c CMD <<RUNS
$Y gang_de_mouettes easy gang,gang-cautious,gang-aggressive --players 2 --count 300 --unit hand --seed 3701 --out $OUT/A.json > $OUT/A.txt
$Y gang_de_mouettes normal gang,gang-cautious,gang-aggressive --players 2 --count 300 --unit hand --seed 3701 --out $OUT/B.json > $OUT/B.txt
$Y gang_de_mouettes hard gang,gang-cautious,gang-aggressive --players 2 --count 70 --unit hand --seed 3701 --out $OUT/C.json > $OUT/C.txt
$Y gang_de_mouettes hard gang --players 2 --count 100 --unit hand --seed 3702 --out $OUT/C-b.json > $OUT/C-b.txt
$Y gang_de_mouettes easy gang,gang-cautious,gang-aggressive --players 4 --count 100 --unit hand --seed 3701 --out $OUT/D.json > $OUT/D.txt
$Y gang_de_mouettes normal gang,gang-cautious,gang-aggressive --players 4 --count 100 --unit hand --seed 3701 --out $OUT/E.json > $OUT/E.txt
$Y gang_de_mouettes hard gang,gang-cautious,gang-aggressive --players 4 --count 30 --unit hand --seed 3701 --out $OUT/F.json > $OUT/F.txt
$Y lagagne easy lagagne,lagagne-cautious,lagagne-aggressive --players 2 --count 200 --unit game --seed 3701 --out $OUT/G.json > $OUT/G.txt
$Y lagagne normal lagagne,lagagne-cautious,lagagne-aggressive --players 2 --count 200 --unit game --seed 3701 --out $OUT/H.json > $OUT/H.txt
$Y lagagne hard lagagne,lagagne-cautious,lagagne-aggressive --players 2 --count 40 --unit game --seed 3701 --out $OUT/I.json > $OUT/I.txt
$Y lagagne hard lagagne --players 2 --count 60 --unit game --seed 3702 --out $OUT/I-b.json > $OUT/I-b.txt
$Y lagagne easy lagagne,lagagne-cautious,lagagne-aggressive --players 4 --count 100 --unit game --seed 3701 --out $OUT/J.json > $OUT/J.txt
$Y lagagne normal lagagne,lagagne-cautious,lagagne-aggressive --players 4 --count 100 --unit game --seed 3701 --out $OUT/K.json > $OUT/K.txt
$Y lagagne hard lagagne --players 4 --count 15 --unit game --seed 3701 --out $OUT/L.json > $OUT/L.txt
$Y lagagne hard lagagne --players 4 --count 20 --unit game --seed 3702 --out $OUT/L-b.json > $OUT/L-b.txt
$Y gin_rummy easy simple,gin,gin-cautious,gin-aggressive --players 2 --count 150 --unit hand --seed 3701 --out $OUT/M.json > $OUT/M.txt
$Y gin_rummy normal simple,gin,gin-cautious,gin-aggressive --players 2 --count 150 --unit hand --seed 3701 --out $OUT/N.json > $OUT/N.txt
$Y gin_rummy hard simple,gin,gin-cautious,gin-aggressive --players 2 --count 30 --unit hand --seed 3701 --out $OUT/O.json > $OUT/O.txt
$Y gin_rummy easy simple --players 2 --count 100 --unit game --seed 3701 --out $OUT/P.json > $OUT/P.txt
$Y gin_rummy normal simple --players 2 --count 100 --unit game --seed 3701 --out $OUT/Q.json > $OUT/Q.txt
$Y gin_rummy hard simple --players 2 --count 60 --unit game --seed 3701 --out $OUT/R.json > $OUT/R.txt
$Y gin_rummy hard simple --count 25 --unit game --seed 3702 --out $OUT/R-b.json > $OUT/R-b.txt
$Y gin_rummy gin simple --players 2 --count 100 --unit game --seed 3701 --out $OUT/S.json > $OUT/S.txt
RUNS

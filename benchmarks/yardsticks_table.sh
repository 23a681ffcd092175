#!/bin/sh
# The runs behind the table in docs/bots.md: every level against each independent player and the pool.
# Seed 3701 was fixed before any run and never used to tune the independent players.
# Usage: sh benchmarks/yardsticks_table.sh OUTDIR   (three runs at a time, niced, each bounded to 50 min)
OUT=${1:-/tmp/ys}
mkdir -p "$OUT"
G=gang,gang-cautious,gang-aggressive
L=lagagne,lagagne-cautious,lagagne-aggressive
R=gin,gin-cautious,gin-aggressive
Y="nice -n 10 timeout 3000 python benchmarks/yardsticks.py"
cat <<RUNS | xargs -P 3 -I CMD sh -c CMD
$Y gang_de_mouettes hard $G --players 2 --count 70 --out $OUT/gang2-hard.json > $OUT/gang2-hard.txt
$Y lagagne hard $L --players 2 --count 40 --unit game --out $OUT/lag2-hard.json > $OUT/lag2-hard.txt
$Y gin_rummy hard simple --count 60 --unit game --out $OUT/gin-game-hard.json > $OUT/gin-game-hard.txt
$Y gang_de_mouettes hard $G --players 4 --count 30 --out $OUT/gang4-hard.json > $OUT/gang4-hard.txt
$Y gin_rummy hard simple,$R --count 100 --unit hand --out $OUT/gin-hand-hard.json > $OUT/gin-hand-hard.txt
$Y lagagne hard $L --players 4 --count 15 --unit game --out $OUT/lag4-hard.json > $OUT/lag4-hard.txt
$Y gang_de_mouettes normal $G --players 2 --count 300 --out $OUT/gang2-normal.json > $OUT/gang2-normal.txt
$Y gang_de_mouettes easy $G --players 2 --count 300 --out $OUT/gang2-easy.json > $OUT/gang2-easy.txt
$Y gang_de_mouettes normal $G --players 4 --count 150 --out $OUT/gang4-normal.json > $OUT/gang4-normal.txt
$Y gang_de_mouettes easy $G --players 4 --count 150 --out $OUT/gang4-easy.json > $OUT/gang4-easy.txt
$Y lagagne normal $L --players 2 --count 200 --unit game --out $OUT/lag2-normal.json > $OUT/lag2-normal.txt
$Y lagagne easy $L --players 2 --count 200 --unit game --out $OUT/lag2-easy.json > $OUT/lag2-easy.txt
$Y lagagne normal $L --players 4 --count 100 --unit game --out $OUT/lag4-normal.json > $OUT/lag4-normal.txt
$Y lagagne easy $L --players 4 --count 100 --unit game --out $OUT/lag4-easy.json > $OUT/lag4-easy.txt
$Y gin_rummy normal simple --count 200 --unit game --out $OUT/gin-game-normal.json > $OUT/gin-game-normal.txt
$Y gin_rummy easy simple --count 200 --unit game --out $OUT/gin-game-easy.json > $OUT/gin-game-easy.txt
$Y gin_rummy normal simple,$R --count 300 --unit hand --out $OUT/gin-hand-normal.json > $OUT/gin-hand-normal.txt
$Y gin_rummy easy simple,$R --count 300 --unit hand --out $OUT/gin-hand-easy.json > $OUT/gin-hand-easy.txt
$Y gin_rummy gin simple --count 200 --unit game --out $OUT/gin-game-gin.json > $OUT/gin-game-gin.txt
RUNS

# Shell helpers the whole-process benchmark scripts share. Source it.
#
#   now_ns                 the wall clock in nanoseconds
#   median <FILE           the median of one number per line
#   ratio DIR A B          how many times faster B is than A: the medians of DIR/A.wall and
#                          DIR/B.wall (one wall time per line, as the scripts write them)
#   seconds LIMIT CMD...   one run's wall time in seconds, "> LIMIT" when it timed out,
#                          "failed" when it exited non-zero

now_ns() { date +%s%N; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ratio() {  # dir name-a name-b
  awk -v a="$(median <"$1/$2.wall")" -v b="$(median <"$1/$3.wall")" 'BEGIN {printf "%.2f", a / b}'
}

seconds() {  # seconds LIMIT CMD...: wall time, or "> LIMIT" when it timed out
  local t0 t1 status=0
  t0=$(date +%s%N)
  timeout "$1" "${@:2}" >/dev/null 2>&1 || status=$?
  t1=$(date +%s%N)
  if ((status == 124)); then echo "> $1"; elif ((status != 0)); then echo "failed"; else
    awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f", ns / 1e9 }'; fi
}

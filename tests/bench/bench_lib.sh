# Shell helpers the whole-process benchmark scripts share. Source it.
#
#   now_ns                 the wall clock in nanoseconds
#   median <FILE           the median of one number per line
#   ratio DIR A B          how many times faster B is than A: the medians of DIR/A.wall and
#                          DIR/B.wall (one wall time per line, as the scripts write them)

now_ns() { date +%s%N; }

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ratio() {  # dir name-a name-b
  awk -v a="$(median <"$1/$2.wall")" -v b="$(median <"$1/$3.wall")" 'BEGIN {printf "%.2f", a / b}'
}

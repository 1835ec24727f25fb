# Shell functions for running programs against a simulated fabric (ibsim + opensm +
# umad2sim). Source it, then:
#
#   sim_init                          private temp dir ($SIM_DIR) and socket name
#   trap sim_stop_all EXIT            always stop what was started
#   sim_start_ibsim NETFILE [FLAG...]  ibsim -s on NETFILE (FLAGs: e.g. -N 4096 -S 512 -P 32768)
#   sim_start_ibsim_sized NETFILE     the same, with -N/-S/-P sized from the file's records
#   sim_start_opensm [CONFIG]         opensm with fixtures/opensm.conf; waits for SUBNET UP
#   sim_run PROGRAM [ARG...]          any libibumad program through umad2sim
#   sim_console 'Unlink "sw1"[3]'     an ibsim console command
#
# Every wait has a timeout ($SIM_TIMEOUT seconds, default 60). Processes are stopped by
# PID: opensm first (with ibsim gone it ignores SIGTERM), then ibsim; SIGKILL after 5 s.
# /work/notes/ibsim.md explains the simulator's habits this relies on.

SIM_TIMEOUT=${SIM_TIMEOUT:-60}
SIM_DIR=""
SIM_IBSIM_PID=""
SIM_OPENSM_PID=""
SIM_SOCKNAME=""
SIM_UMAD2SIM=""

sim_log() { echo "sim: $*" >&2; }

sim_need() {  # program package
  command -v "$1" >/dev/null 2>&1 || [[ -x /usr/sbin/$1 ]] || {
    sim_log "$1 is not installed: install the Debian package $2 (bash .ci/install-deps.sh)"
    return 1
  }
}

sim_init() {
  local dir
  sim_need ibsim ibsim-utils || return 1
  sim_need opensm opensm || return 1
  sim_need ibnetdiscover infiniband-diags || return 1
  for dir in /usr/lib/x86_64-linux-gnu /usr/lib/aarch64-linux-gnu /usr/lib64 /usr/lib; do
    [[ -r $dir/umad2sim/libumad2sim.so ]] && SIM_UMAD2SIM=$dir/umad2sim/libumad2sim.so && break
  done
  [[ -n $SIM_UMAD2SIM ]] || { sim_log "libumad2sim.so not found: install ibsim-utils"; return 1; }
  PATH=$PATH:/usr/sbin:/sbin
  SIM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ibatlas-sim.XXXXXX")
  SIM_SOCKNAME="ibat$$"  # abstract unix sockets: nothing on disk, unique per shell
}

# Waits until FILE contains TEXT; fails if PID exits first or after $SIM_TIMEOUT seconds.
sim_wait_for() {  # file text pid what
  local deadline=$((SECONDS + SIM_TIMEOUT))
  until grep -q -- "$2" "$1" 2>/dev/null; do
    if ! kill -0 "$3" 2>/dev/null; then
      sim_log "$4 exited before \"$2\"; $1 ends:"
      tail -n 15 "$1" >&2
      return 1
    fi
    if ((SECONDS >= deadline)); then
      sim_log "$4: no \"$2\" after ${SIM_TIMEOUT}s; $1 ends:"
      tail -n 15 "$1" >&2
      return 1
    fi
    sleep 0.05
  done
}

sim_start_ibsim() {  # netfile [ibsim flags...]
  local netfile=$1
  shift
  mkfifo "$SIM_DIR/console"
  # ibsim reads its console from stdin; a fifo held open read-write never gives it EOF.
  exec {SIM_CONSOLE_FD}<>"$SIM_DIR/console"
  env -u LD_PRELOAD IBSIM_SOCKNAME="$SIM_SOCKNAME" \
    ibsim -s "$@" "$netfile" <&"$SIM_CONSOLE_FD" >"$SIM_DIR/ibsim.log" 2>&1 &
  SIM_IBSIM_PID=$!
  sim_wait_for "$SIM_DIR/ibsim.log" "Network simulator ready" "$SIM_IBSIM_PID" ibsim
}

# ibsim's default tables hold a few hundred nodes; big fabrics need -N/-S/-P. Counted from the
# records (a switch's ports include port 0), with room to spare.
sim_start_ibsim_sized() {  # netfile [ibsim flags...]
  local netfile=$1 switches cas ports
  shift
  switches=$(grep -c '^Switch' "$netfile" || true)
  cas=$(grep -c -E '^(Ca|Hca)' "$netfile" || true)
  ports=$(awk '/^(Switch|Ca|Hca)/ {sum += $2 + 1} END {print sum + 0}' "$netfile")
  sim_start_ibsim "$netfile" -N $((switches + cas + 64)) -S $((switches + 16)) \
    -P $((ports + 256)) "$@"
}

sim_start_opensm() {  # [config]
  local config=${1:-fixtures/opensm.conf}
  { cat "$config"; echo "dump_files_dir $SIM_DIR/"; } >"$SIM_DIR/opensm.conf"
  # -d2 flushes the log per line; its stdout is block-buffered, so wait on the log.
  OSM_CACHE_DIR=$SIM_DIR OSM_TMP_DIR=$SIM_DIR IBSIM_SOCKNAME=$SIM_SOCKNAME \
    LD_PRELOAD=$SIM_UMAD2SIM opensm -F "$SIM_DIR/opensm.conf" -d2 -f "$SIM_DIR/opensm.log" \
    </dev/null >"$SIM_DIR/opensm.out" 2>&1 &
  SIM_OPENSM_PID=$!
  sim_wait_for "$SIM_DIR/opensm.log" "SUBNET UP" "$SIM_OPENSM_PID" opensm
}

sim_run() {  # program [args...]
  IBSIM_SOCKNAME=$SIM_SOCKNAME LD_PRELOAD=$SIM_UMAD2SIM timeout "$SIM_TIMEOUT" "$@"
}

sim_console() {  # command
  echo "$1" >&"$SIM_CONSOLE_FD"
}

sim_stop() {  # pid
  local pid=$1 i
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
}

sim_stop_all() {
  sim_stop "$SIM_OPENSM_PID"
  SIM_OPENSM_PID=""
  sim_stop "$SIM_IBSIM_PID"
  SIM_IBSIM_PID=""
  [[ -n ${SIM_CONSOLE_FD:-} ]] && exec {SIM_CONSOLE_FD}>&- && SIM_CONSOLE_FD=""
  [[ -n $SIM_DIR && -z ${IBATLAS_KEEP_SIM_DIR:-} ]] && rm -rf "$SIM_DIR"
  return 0
}

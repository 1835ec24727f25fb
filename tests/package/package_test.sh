#!/usr/bin/env bash
# The Debian package from end to end (tests/package/CMakeLists.txt runs one step per test):
#   build            cpack -G DEB on the built tree, then install the .deb into an empty root
#   contents         the files a site expects are in it
#   depends          Depends names the package of every shared library the program needs
#   man              `man -w ibatlas` finds the page in the root, and it renders
#   bash_completion  the completion script loads in bash and completes subcommands, options
#   zsh_completion   zsh finds _ibatlas on its fpath (compinit) and the script parses
#   version          the installed `ibatlas --version`: version, commit, build type, transports
#   audit_timer      the systemd units name files that exist; the audit script snapshots,
#                    diffs and checks into a directory that `ibatlas history DIR` reads, and
#                    without IBATLAS_DIR into the config file's snapshot-dir, which
#                    `ibatlas history` with no SNAPSHOT reads
#
# How the root is made: `dpkg --root=ROOT --force-depends -i` into an empty dpkg database
# (plus --force-not-root when not root; dpkg refuses nothing else here). --force-depends
# because the root has none of the libraries Depends names; `depends` checks those against
# this host, and the installed program runs with this host's libraries.
set -euo pipefail

build=${IBATLAS_BUILD_DIR:?}
source_dir=${IBATLAS_SOURCE_DIR:?}
work=${IBATLAS_PACKAGE_WORK:?}
root=$work/root

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

the_deb() {
  local debs=("$work"/out/ibatlas_*.deb)
  [[ -f ${debs[0]} ]] || fail "no package in $work/out (package.build failed?)"
  ((${#debs[@]} == 1)) || fail "more than one package: ${debs[*]}"
  echo "${debs[0]}"
}

step_build() {
  local dist=$build/dist
  for f in ibatlas.1.gz ibatlas.bash _ibatlas; do
    [[ -s $dist/$f ]] || fail "$dist/$f missing: build the ibatlas_dist target first"
  done
  rm -rf "$work"
  mkdir -p "$work/out" "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
  : >"$root/var/lib/dpkg/status"
  : >"$root/var/lib/dpkg/available"
  local start=$SECONDS
  cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log" >&2; fail "cpack"; }
  local deb
  deb=$(the_deb)
  echo "package: $deb, $(stat -c %s "$deb") bytes, made in $((SECONDS - start)) s"
  local force=(--force-depends)
  (($(id -u) == 0)) || force+=(--force-not-root)
  dpkg --root="$root" "${force[@]}" -i "$deb" >"$work/dpkg.log" 2>&1 ||
    { cat "$work/dpkg.log" >&2; fail "dpkg -i"; }
  dpkg --root="$root" -s ibatlas | grep -qx 'Status: install ok installed' ||
    fail "dpkg does not list ibatlas as installed in $root"
  echo "installed into $root in $((SECONDS - start)) s"
}

step_contents() {
  local deb listing f
  deb=$(the_deb)
  listing=$(dpkg-deb -c "$deb" | awk '{print $6}')
  for f in ./usr/bin/ibatlas ./usr/share/man/man1/ibatlas.1.gz \
    ./usr/share/bash-completion/completions/ibatlas ./usr/share/zsh/vendor-completions/_ibatlas \
    ./usr/share/doc/ibatlas/README.md ./usr/share/doc/ibatlas/install.md \
    ./usr/share/doc/ibatlas/diff.md ./usr/share/doc/ibatlas/examples/ibatlas-audit.default \
    ./usr/lib/systemd/system/ibatlas-audit.service ./usr/lib/systemd/system/ibatlas-audit.timer \
    ./usr/lib/ibatlas/ibatlas-audit ./etc/ibatlas/ibatlas.conf \
    ./usr/share/doc/ibatlas/examples/ibatlas.conf; do
    grep -qxF "$f" <<<"$listing" || fail "$f not in the package"
  done
  # Every file the package lists is in the root, as the same bytes.
  dpkg --root="$root" -L ibatlas | while read -r f; do
    [[ -e $root$f ]] || fail "$f listed by dpkg but not in $root"
  done
  [[ -x $root/usr/bin/ibatlas ]] || fail "usr/bin/ibatlas not executable"
  # The config file is a conffile (dpkg keeps a site's edits), and as shipped the installed
  # program reads it and sets nothing (every key commented out).
  [[ $(dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles) == /etc/ibatlas/ibatlas.conf ]] ||
    fail "conffiles does not list /etc/ibatlas/ibatlas.conf"
  local conf=$root/etc/ibatlas/ibatlas.conf note
  note=$(IBATLAS_CONFIG=$conf "$root/usr/bin/ibatlas" show \
    "$source_dir/fixtures/fat-tree-3tier/fabric.net" -v 2>&1 >/dev/null) ||
    fail "show with the shipped config file: $note"
  [[ $note == *"config: read $conf: nothing applied"* ]] || fail "config note: $note"
  # Stripped: no .debug_* sections left.
  if readelf -S "$root/usr/bin/ibatlas" | grep -q '\.debug_'; then
    fail "usr/bin/ibatlas is not stripped"
  fi
  echo "ok: $(wc -l <<<"$listing") entries"
}

# The package of each shared library the installed program needs (its NEEDED entries), by
# asking this host's dpkg which package owns the file the dynamic loader resolves for it
# (not by asking cpack).
step_depends() {
  local deb depends names lib path pkg missing=0
  deb=$(the_deb)
  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  [[ -n $depends ]] || fail "no Depends (shlibdeps off?)"
  names=$(tr ',' '\n' <<<"$depends" | sed 's/(.*//; s/|.*//; s/ //g')
  local -A resolved=()
  while read -r lib path; do
    resolved[$lib]=$path
  done < <(ldd "$root/usr/bin/ibatlas" | awk '$2 == "=>" {print $1, $3}')
  local needed=() paths=() owners
  mapfile -t needed < <(readelf -d "$root/usr/bin/ibatlas" |
    sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
  for lib in "${needed[@]}"; do
    path=${resolved[$lib]:-}
    [[ $path == /* ]] || fail "ldd does not resolve $lib"
    paths+=("$path" "$(readlink -f "$path")")  # dpkg knows one of the two (merged /usr)
  done
  owners=$(dpkg -S "${paths[@]}" 2>/dev/null || true)  # one call: each is slow
  for lib in "${needed[@]}"; do
    path=${resolved[$lib]}
    pkg=$(grep -F -e ": $path" -e ": $(readlink -f "$path")" <<<"$owners" | grep -E ': /' |
      awk -F': ' -v a="$path" -v b="$(readlink -f "$path")" '$2 == a || $2 == b {print $1}' |
      head -n 1 | cut -d: -f1)
    [[ -n $pkg ]] || fail "dpkg -S knows no package for $lib ($path)"
    if ! grep -qxF "$pkg" <<<"$names"; then
      echo "  $lib ($pkg) not in Depends" >&2
      missing=1
    fi
  done
  ((missing == 0)) || fail "Depends lacks the packages above"
  # A package the host does not have could not be installed on it.
  local name
  for name in $names; do
    dpkg-query -W -f='${Status}\n' "$name" 2>/dev/null | grep -q 'install ok installed' ||
      fail "Depends names $name, which this host has not installed"
  done
  echo "ok"
}

step_man() {
  local found
  found=$(man -w -M "$root/usr/share/man" ibatlas) || fail "man -w -M found nothing"
  [[ $found == "$root/usr/share/man/man1/ibatlas.1.gz" ]] || fail "man -w found $found"
  found=$(MANPATH=$root/usr/share/man man -w ibatlas) || fail "MANPATH: man -w found nothing"
  [[ $found == "$root/usr/share/man/man1/ibatlas.1.gz" ]] || fail "MANPATH: man -w found $found"
  local page
  # Squeezed blanks: man justifies the synopsis lines, so "ibatlas   history" can come out.
  page=$(MANWIDTH=80 man -M "$root/usr/share/man" -P cat ibatlas 2>/dev/null | tr -s ' ') ||
    fail "man could not render the page"
  for text in "ibatlas completion" "ibatlas history" "--version" "/var/lib/ibatlas"; do
    grep -qF -- "$text" <<<"$page" || fail "the rendered page does not mention $text"
  done
  echo "ok: $found"
}

# The subcommands the installed program's --help lists (CLI11's own formatter).
help_subcommands() {
  "$root/usr/bin/ibatlas" --help | sed -n '/^Subcommands:/,/^$/p' | awk '/^  [^ ]/ {print $1}'
}

complete_words() {  # words... (the last one is being completed)
  bash --norc --noprofile -c '
    source "$1" || exit 1
    shift
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    _ibatlas ibatlas "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf "%s\n" "${COMPREPLY[@]}"' _ "$root/usr/share/bash-completion/completions/ibatlas" "$@"
}

step_bash_completion() {
  local script=$root/usr/share/bash-completion/completions/ibatlas registered
  registered=$(bash --norc --noprofile -c 'source "$1" && complete -p ibatlas' _ "$script") ||
    fail "the script does not load in bash, or registers nothing"
  [[ $registered == *"-F _ibatlas ibatlas" ]] || fail "registered: $registered"
  [[ $(complete_words ibatlas hist) == history ]] || fail "ibatlas hist<TAB>: $(complete_words ibatlas hist)"
  # Every subcommand --help lists, and nothing else, from an empty word.
  local expected got
  expected=$(help_subcommands | sort)
  [[ -n $expected ]] || fail "no subcommands in ibatlas --help"
  got=$(complete_words ibatlas "" | sort)
  [[ $got == "$expected" ]] || fail "subcommands: completed [$got], --help lists [$expected]"
  # The options of a subcommand as its --help lists them; the values of one with choices.
  expected=$("$root/usr/bin/ibatlas" history --help | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u)
  got=$(complete_words ibatlas history -- | sort -u)
  for option in $expected; do
    grep -qxF -- "$option" <<<"$got" || fail "history --<TAB> lacks $option (got: $got)"
  done
  [[ $(complete_words ibatlas history --ignore de) == descriptions ]] ||
    fail "history --ignore de<TAB>: $(complete_words ibatlas history --ignore de)"
  [[ $(complete_words ibatlas completion z) == zsh ]] || fail "completion z<TAB>"
  echo "ok: $registered; $(wc -l <<<"$expected") history options"
}

step_zsh_completion() {
  command -v zsh >/dev/null || fail "zsh is not installed (.ci/install-deps.sh installs it)"
  local file=$root/usr/share/zsh/vendor-completions/_ibatlas
  zsh -n "$file" || fail "$file does not parse"
  local found
  found=$(zsh -f -c '
    fpath=("$1" $fpath)
    autoload -Uz compinit && compinit -u -d "$2"
    print -r -- $_comps[ibatlas]
    autoload +X _ibatlas && whence -w _ibatlas' _ "$(dirname "$file")" "$work/zcompdump")
  [[ $found == *$'_ibatlas\n_ibatlas: function' ]] || fail "zsh: $found"
  # One function per subcommand, named as the script's dispatch calls them.
  local sub
  for sub in $(help_subcommands); do
    grep -q "^_ibatlas_${sub//-/_}() {" "$file" || fail "no _ibatlas_$sub in $file"
  done
  # Completion in an interactive zsh on a pseudo-terminal (zsh/zpty): TAB after the words,
  # then wait (up to 5 s) for the completed word to be echoed on the line.
  local typed expected
  for typed in "ibatlas hist:history" "ibatlas history --ign:--ignore" \
    "ibatlas history --ignore desc:descriptions"; do
    expected=${typed##*:}
    typed=${typed%:*}
    zsh -f -c '
      zmodload zsh/zpty || exit 2
      zpty z zsh -f -i
      zpty -w z "fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -d $2; PS1=\"%% \""
      zpty -w -n z "$3"$'"'"'\t'"'"'
      out=""
      for i in {1..50}; do
        while zpty -r -t z chunk; do out+=$chunk; done
        [[ $out == *"$4"* ]] && break
        sleep 0.1
      done
      zpty -d z
      [[ $out == *"$4"* ]]' _ "$(dirname "$file")" "$work/zcompdump.pty" "$typed" "$expected" ||
      fail "zsh: $typed<TAB> did not complete to $expected"
  done
  echo "ok: compinit maps ibatlas to _ibatlas; hist, --ign, --ignore desc complete"
}

step_version() {
  local text binary=$root/usr/bin/ibatlas
  text=$("$binary" --version) || fail "--version exited $?"
  [[ $("$binary" -V) == "$text" ]] || fail "-V differs from --version"
  echo "$text"
  [[ $(sed -n 1p <<<"$text") == "ibatlas ${IBATLAS_EXPECTED_VERSION:?}" ]] || fail "version line"
  local commit
  commit=$(sed -n 's/^commit: //p' <<<"$text")
  if git -C "$source_dir" rev-parse --git-dir >/dev/null 2>&1; then
    [[ $commit =~ ^[0-9a-f]{12}$ ]] || fail "commit: '$commit'"
    git -C "$source_dir" cat-file -e "$commit^{commit}" || fail "$commit is not a commit here"
    # The tree was built from HEAD, or from a commit HEAD has since moved past.
    git -C "$source_dir" merge-base --is-ancestor "$commit" HEAD ||
      fail "$commit is not HEAD or an ancestor of it"
  else
    [[ $commit == unknown ]] || fail "commit outside git: '$commit'"
  fi
  [[ $(sed -n 's/^build type: //p' <<<"$text") == "${IBATLAS_EXPECTED_BUILD_TYPE:?}" ]] ||
    fail "build type"
  # The transports, against what the installed program links.
  local needed expected=""
  needed=$(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
  grep -q '^libibumad\.' <<<"$needed" && expected+="umad "
  grep -q '^libibverbs\.' <<<"$needed" && expected+="verbs "
  grep -q '^libcrypto\.' <<<"$needed" && expected+="net "
  [[ $(sed -n 's/^transports: //p' <<<"$text") == "${expected% }" ]] ||
    fail "transports: links [${expected% }]"
  echo "ok"
}

step_audit_timer() {
  local unit=$root/usr/lib/systemd/system/ibatlas-audit.service exec
  exec=$(sed -n 's/^ExecStart=//p' "$unit")
  [[ $exec == /usr/lib/ibatlas/ibatlas-audit ]] || fail "ExecStart=$exec"
  [[ -x $root$exec ]] || fail "ExecStart names $exec, not in the package"
  grep -qxF 'ibatlas=${IBATLAS:-/usr/bin/ibatlas}' "$root$exec" ||
    fail "the audit script does not default to /usr/bin/ibatlas"
  if command -v systemd-analyze >/dev/null; then
    # verify wants the unit's ExecStart on this host: check the timer, and the service's syntax.
    SYSTEMD_LOG_LEVEL=err systemd-analyze verify --root="$root" \
      "$root/usr/lib/systemd/system/ibatlas-audit.timer" >"$work/verify.log" 2>&1 || true
    if grep -iE 'unknown (key|section)|failed to parse|invalid' "$work/verify.log"; then
      fail "systemd-analyze verify"
    fi
  fi
  # Runs against files, as a site with a cache file would (a live crawl needs a fabric:
  # the sim tests cover discover). The oracle is the fixture's planted faults (its README).
  local dir=$work/state fixtures=$source_dir/fixtures clean=$work/clean.net broken=$work/broken.net
  local audit=("$root$exec")
  export IBATLAS=$root/usr/bin/ibatlas IBATLAS_DIR=$dir
  rm -rf "$dir"
  # fat-tree-3tier without its two defects: no findings without a plan.
  sed 's/4xQDR/4xEDR/' "$fixtures/fat-tree-3tier/fabric.net" >"$clean"
  IBATLAS_SOURCE=$clean "${audit[@]}" >"$work/audit1.log" 2>&1 || fail "run 1 exited $? (a clean fabric, no plan): $(cat "$work/audit1.log")"
  wait_next_second
  IBATLAS_SOURCE=$clean "${audit[@]}" >"$work/audit2.log" 2>&1 || fail "run 2 exited $? (nothing changed)"
  grep -q 'changes since snapshot-' "$work/audit2.log" || fail "run 2 did not diff"
  wait_next_second
  # One host cable fewer: the diff says so, and the status is 1.
  awk '/^\[/ && /"host01"\[/ {next} /^(Ca|Switch)/ {host01 = /"host01"/} host01 && /^\[/ {next} {print}' \
    "$clean" >"$broken"
  (($(wc -l <"$clean") - $(wc -l <"$broken") == 2)) || fail "the fixture changed: fix the awk above"
  local status=0
  IBATLAS_SOURCE=$broken "${audit[@]}" >"$work/audit3.log" 2>&1 || status=$?
  ((status == 1)) || fail "run 3 exited $status, not 1 (a cable gone): $(cat "$work/audit3.log")"
  grep -q 'cable.removed' "$work/audit3.log" || fail "run 3 does not report cable.removed"
  # Against the plan: the fixture's unplugged cable is reported.
  wait_next_second
  status=0
  IBATLAS_SOURCE=$fixtures/fat-tree-3tier/fabric.net IBATLAS_PLAN=$fixtures/fat-tree-3tier/plan.csv \
    "${audit[@]}" >"$work/audit4.log" 2>&1 || status=$?
  ((status == 1)) || fail "run 4 exited $status, not 1 (fabric against its plan)"
  grep -q 'pod2-leaf1' "$work/audit4.log" || fail "run 4 does not name pod2-leaf1 (the unplugged cable)"
  # A source that is no fabric: its status, and no snapshot left behind.
  status=0
  IBATLAS_SOURCE=$work/dpkg.log "${audit[@]}" >"$work/audit5.log" 2>&1 || status=$?
  ((status == 3)) || fail "run 5 exited $status, not 3 (not a fabric)"
  local snapshots hidden
  shopt -s nullglob
  snapshots=("$dir"/snapshot-*.xml)
  hidden=("$dir"/.[!.]*)
  shopt -u nullglob
  ((${#snapshots[@]} == 4)) || fail "${#snapshots[@]} snapshots in $dir, not 4"
  ((${#hidden[@]} == 0)) || fail "left behind in $dir: ${hidden[*]}"
  # The timer's directory is history's input as it is, plus a file that is not a snapshot.
  echo "notes" >"$dir/README"
  local json
  json=$("$IBATLAS" history "$dir" --json 2>"$work/history.err") ||
    fail "history $dir exited $?: $(cat "$work/history.err")"
  grep -q "README: skipped, not a snapshot" "$work/history.err" || fail "no note for README"
  python3 - "$json" "$dir" <<'PY' || fail "history JSON"
import json, sys
doc = json.loads(sys.argv[1])
report = doc.get("report", doc)
names = [s["name"].rsplit("/", 1)[-1] for s in report["snapshots"]]
assert len(names) == 4 and names == sorted(names), names
assert [s["name"].rsplit("/", 1)[-1] for s in report["skipped"]] == ["README"], report["skipped"]
PY
  # Without IBATLAS_DIR the audit writes where the config file's snapshot-dir says, and
  # `history` with no SNAPSHOT reads the same directory through the same file.
  local conf=$work/ibatlas.conf confdir=$work/conf-state
  rm -rf "$confdir"
  printf '# a site config\nsnapshot-dir = %s  \n' "$confdir" >"$conf"
  env -u IBATLAS_DIR IBATLAS_CONFIG="$conf" IBATLAS_SOURCE="$clean" "${audit[@]}" \
    >"$work/audit6.log" 2>&1 || fail "run 6 exited $? (snapshot-dir from the config file)"
  shopt -s nullglob
  snapshots=("$confdir"/snapshot-*.xml)
  shopt -u nullglob
  ((${#snapshots[@]} == 1)) || fail "run 6 left ${#snapshots[@]} snapshots in $confdir, not 1: $(cat "$work/audit6.log")"
  json=$(IBATLAS_CONFIG="$conf" "$IBATLAS" history --json 2>"$work/history6.err") ||
    fail "history (snapshot-dir $confdir) exited $?: $(cat "$work/history6.err")"
  python3 - "$json" "${snapshots[0]}" <<'PY' || fail "history over the config's snapshot-dir"
import json, sys
report = json.loads(sys.argv[1])["report"]
assert [s["name"] for s in report["snapshots"]] == [sys.argv[2]], report["snapshots"]
PY
  echo "ok: 6 runs, history over $dir and over the config file's snapshot-dir"
}

# The audit as the timer runs it by default, IBATLAS_SOURCE=live: the installed script
# crawls fixtures/fat-tree-3tier under ibsim + opensm (through umad2sim, as the sim tests
# do) and checks it against the fixture's plan. The oracle is the fixture's README: the
# unplugged pod2-leaf1 port 36 cable (plan.missing, an error: exit 1) and the under-speed
# pod1-leaf2 port 35 cable; the second run finds no change.
step_audit_timer_live() {
  cd "$source_dir"
  # shellcheck source=scripts/sim-env.sh
  source scripts/sim-env.sh
  trap sim_stop_all EXIT
  sim_init
  sim_start_ibsim fixtures/fat-tree-3tier/fabric.net
  sim_start_opensm fixtures/opensm.conf
  local dir=$work/live-state script=$root/usr/lib/ibatlas/ibatlas-audit status
  rm -rf "$dir"
  export IBATLAS=$root/usr/bin/ibatlas IBATLAS_DIR=$dir
  export IBATLAS_PLAN=$source_dir/fixtures/fat-tree-3tier/plan.csv
  status=0
  sim_run "$script" >"$work/live1.log" 2>&1 || status=$?
  ((status == 1)) || fail "live run 1 exited $status, not 1: $(cat "$work/live1.log")"
  grep -q 'plan.missing.*pod2-leaf1 port 36' "$work/live1.log" ||
    fail "live run 1 does not report the unplugged pod2-leaf1 port 36 cable"
  grep -q 'pod1-leaf2 port 35' "$work/live1.log" ||
    fail "live run 1 does not report the under-speed pod1-leaf2 port 35 cable"
  wait_next_second
  status=0
  sim_run "$script" >"$work/live2.log" 2>&1 || status=$?
  ((status == 1)) || fail "live run 2 exited $status, not 1"
  grep -q 'changes since snapshot-.* (exit 0)' "$work/live2.log" ||
    fail "live run 2: the fabric changed between two crawls: $(cat "$work/live2.log")"
  # Live snapshots carry their time: history orders them without a note.
  "$IBATLAS" history "$dir" >"$work/live-history.txt" 2>"$work/live-history.err" ||
    fail "history $dir exited $?"
  grep -q 'history of 2 snapshots' "$work/live-history.txt" || fail "history: not 2 snapshots"
  [[ ! -s $work/live-history.err ]] || fail "history notes: $(cat "$work/live-history.err")"
  echo "ok: 2 live runs"
}

wait_next_second() {  # snapshot names carry the second: one run per second
  local now
  now=$(date +%s)
  while (($(date +%s) == now)); do sleep 0.1; done
}

case ${1:-} in
  build | contents | depends | man | bash_completion | zsh_completion | version | audit_timer | \
    audit_timer_live)
    "step_$1"
    ;;
  *)
    echo "usage: package_test.sh STEP" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# The include gates (docs/design.md, "Layers"): which layer's headers each layer may
# include, that a folder's private headers (src/<folder>/*.hpp) stay in that folder, that
# each outside world's headers appear only in its own folder, and that public headers are
# named after their sources.
#   scripts/check-layers.sh        (from anywhere in the repository)
# Exit 1 with one line per offending include.
set -euo pipefail
cd "$(dirname "$0")/.."

# layer: the layers it may include besides itself. "model" is include/ibatlas/*.hpp and
# src/*.{hpp,cpp}: the fabric and the topology helpers every analysis shares.
declare -A allowed=(
  [model]=""
  [findings]="model"
  [formats]="model findings"
  [discover]="model findings"
  [analysis]="model findings"
  [routing]="model findings"
  [ar]="model findings"
  [diff]="model findings"
  [probe]="model findings"
  [net]="model findings probe"
  [audit]="model findings analysis routing ar"
  [report]="model findings formats analysis routing ar diff audit probe host"
  [render]="model findings formats analysis routing ar diff"
  [umad]="model findings discover formats probe"
  [verbs]="model findings probe"
  [host]="model findings"
)

layer_of_file() {  # path of a source or header in the repository
  local rest
  case $1 in
    include/ibatlas/*/*) rest=${1#include/ibatlas/}; echo "${rest%%/*}" ;;
    include/ibatlas/*) echo model ;;
    src/*/*) rest=${1#src/}; echo "${rest%%/*}" ;;
    src/*) echo model ;;
  esac
}

layer_of_include() {  # the text between the quotes of an #include
  case $1 in
    ibatlas/*/*) local rest=${1#ibatlas/}; echo "${rest%%/*}" ;;
    ibatlas/*) echo model ;;
    */*) echo "${1%%/*}" ;;
    *) echo model ;;
  esac
}

status=0
complain() {
  echo "check-layers: $*" >&2
  status=1
}

while IFS= read -r file; do
  layer=$(layer_of_file "$file")
  if [[ -z ${allowed[$layer]+set} ]]; then
    complain "$file: folder '$layer' has no place in the layer table of scripts/check-layers.sh"
    continue
  fi
  while IFS= read -r include; do
    target=$(layer_of_include "$include")
    if [[ $target != "$layer" && " ${allowed[$layer]} " != *" $target "* ]]; then
      complain "$file includes \"$include\": $layer may include only ${allowed[$layer]:-itself}"
    fi
    # A private header of another folder (not the findings layer's shared factory).
    if [[ $include != ibatlas/* && $include == */* && $target != "$layer" && $target != findings ]]
    then
      complain "$file includes \"$include\", a private header of src/$target/"
    fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$file")
done < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'include/*.hpp')

# Outside worlds: pattern of headers | the only folder that may include them.
worlds=(
  'infiniband/(umad|mad|ibnetdisc)\.h|src/umad/'
  'infiniband/verbs\.h|src/verbs/'
  '(sys/socket|netinet/[a-z_]+|arpa/inet|netdb|openssl/[a-z_]+)\.h|src/net/'
)
for world in "${worlds[@]}"; do
  pattern=${world%|*}
  folder=${world##*|}
  while IFS= read -r hit; do
    [[ -n $hit && $hit != "$folder"* ]] && complain "$hit: only $folder may include these headers"
  done < <(git grep -lE "#include <$pattern>" -- src include apps || true)
done

# A public header is named after its source: include/ibatlas/P.hpp is implemented in
# src/P.cpp or src/P_*.cpp, unless it declares no out-of-line function (types, constants).
while IFS= read -r header; do
  path=${header#include/ibatlas/}
  path=${path%.hpp}
  if [[ -f src/$path.cpp ]] || compgen -G "src/${path}_*.cpp" >/dev/null; then
    continue
  fi
  if grep -qE '^[A-Za-z][A-Za-z0-9_:<>, ]* [a-z_0-9]+\(.*\)( const)?;$' "$header"; then
    complain "$header declares functions, but neither src/$path.cpp nor src/${path}_*.cpp exists"
  fi
done < <(git ls-files 'include/*.hpp')

if ((status == 0)); then
  echo "check-layers: every include goes down the layers or stays in its folder"
fi
exit "$status"

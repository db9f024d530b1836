# Sourced: the results of deterministic checks (checkpatch on a patch,
# spatch on a set of files), kept outside the work tree like the compile
# cache, so that a fresh clone on the same machine does not run again
# what gave a result there for the very same input.
#   cached LABEL FILE... -- CMD [ARG...]
# runs CMD (from the current folder) unless a run with the same LABEL and
# the same contents of FILE... gave a result before; either way prints
# its output (stdout and stderr, in one) and returns its status.  LABEL
# names the tool and its options, not paths, so that clones in other
# folders share results; each FILE is something the result depends on
# (the input and the tool itself).  KMSG_RESULT_CACHE=0 runs every
# command.  Counts of reused and run results go to $KMSG_RESULT_CACHE.log
# for make check's summary.
KMSG_RESULT_CACHE=${KMSG_RESULT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kmsg/results}

cached() {
	local label=$1 files=() key f rc
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
	[ "${1:-}" = -- ] || { echo "cached: usage: cached LABEL FILE... -- CMD" >&2; return 2; }
	shift
	if [ "$KMSG_RESULT_CACHE" = 0 ]; then
		"$@" 2>&1
		return
	fi
	key=$({ printf '%s\0' "$label" "${#files[@]}"
		for f in "${files[@]}"; do sha256sum < "$f" || echo "missing $f"; done; } |
		sha256sum | cut -c1-40)
	f=$KMSG_RESULT_CACHE/${key:0:2}/$key
	if [ -f "$f.rc" ] && [ -f "$f.out" ]; then
		cat "$f.out"
		echo reused >> "$KMSG_RESULT_CACHE.log"
		return "$(cat "$f.rc")"
	fi
	mkdir -p "${f%/*}"
	"$@" > "$f.$$" 2>&1
	rc=$?
	cat "$f.$$"
	mv "$f.$$" "$f.out" && echo "$rc" > "$f.rc.$$" && mv "$f.rc.$$" "$f.rc"
	echo run >> "$KMSG_RESULT_CACHE.log"
	return "$rc"
}

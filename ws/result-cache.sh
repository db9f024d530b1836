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

# cache_entry LABEL FILE...: sets cache_f to where the result for LABEL
# and the contents of FILE... is kept (empty with KMSG_RESULT_CACHE=0).
# Then cache_has says whether a result is there, cache_show prints it and
# returns its status, and cache_put STATUS keeps its standard input as the
# result; each is counted in $KMSG_RESULT_CACHE.log (cached below uses
# them; a caller that runs one command for several results does too).
cache_entry() {
	local label=$1 f key
	shift
	cache_f=
	[ "$KMSG_RESULT_CACHE" = 0 ] && return
	key=$({ printf '%s\0' "$label" "$#"
		for f; do sha256sum < "$f" || echo "missing $f"; done; } |
		sha256sum | cut -c1-40)
	cache_f=$KMSG_RESULT_CACHE/${key:0:2}/$key
}
cache_has() { [ -n "$cache_f" ] && [ -f "$cache_f.rc" ] && [ -f "$cache_f.out" ]; }
cache_show() {
	cat "$cache_f.out"
	echo reused >> "$KMSG_RESULT_CACHE.log"
	return "$(cat "$cache_f.rc")"
}
cache_put() {
	[ -n "$cache_f" ] || { cat > /dev/null; return; }
	mkdir -p "${cache_f%/*}"
	cat > "$cache_f.$$" && mv "$cache_f.$$" "$cache_f.out" &&
		echo "$1" > "$cache_f.rc.$$" && mv "$cache_f.rc.$$" "$cache_f.rc"
	echo run >> "$KMSG_RESULT_CACHE.log"
}

cached() {
	local label=$1 files=() rc tmp
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
	[ "${1:-}" = -- ] || { echo "cached: usage: cached LABEL FILE... -- CMD" >&2; return 2; }
	shift
	if [ "$KMSG_RESULT_CACHE" = 0 ]; then
		"$@" 2>&1
		return
	fi
	cache_entry "$label" "${files[@]}"
	if cache_has; then
		cache_show
		return
	fi
	tmp=$(mktemp)
	"$@" > "$tmp" 2>&1
	rc=$?
	cat "$tmp"
	cache_put "$rc" < "$tmp"
	rm -f "$tmp"
	return "$rc"
}

#!/bin/bash
# Fuzz every parser of untrusted bytes with libFuzzer (Debian's clang),
# AddressSanitizer and UBSan, one target after the other (ws/fuzz/):
#
#   desc      the description parser of scripts/kmsg-gen (kmsg-gen dump)
#   records   the ELF object/record reader of scripts/kmsg-gen and what
#             kmsg-gen catalog --check does with the records
#   tool      tools/kmsg's readers: sysfs values, the installed catalog,
#             log lines (the line matcher of explain LINE and annotate)
#   validate  kmsg_catalog_validate() of kernel/kmsg_catalog_validate.c, built for
#             user space against ws/fuzz/kshim/
#
#   ws/fuzz.sh [SECONDS_PER_TARGET | --runs N] [--update-benchmarks]
#              [--targets "desc tool ..."]
#
# A budget of seconds per target (default 300) or of executions per target
# (--runs N); given both, a target stops at whichever comes first.  Each
# target starts from the seeds in tests/fuzz-regress/
# <target>/ (and the inputs kept there before), plus seeds made now from
# the repository's fixtures and, when it is built, build/obj/vmlinux.
# Prints and writes to build/fuzz/results.md, per target: executions,
# execs/s, wall seconds, crashes.  A crash (sanitizer report, leak, abort,
# timeout of 10 s, out of memory) ends libFuzzer: its input is kept and the
# target goes on with what is left of its budget (at most 5 crashes each).
# Every crashing input is copied into the target's regression folder:
# tests/kmsg-gen/fuzz-regress/ for desc (tests/10-kmsg-gen.sh runs them
# through kmsg-gen dump), tests/fuzz-regress/<target>/ for the others
# (tests/12-fuzz-regress.sh runs them all through the targets).
# --update-benchmarks replaces the section of BENCHMARKS.md between
# "<!-- fuzz: written by ws/fuzz.sh -->" and "<!-- /fuzz -->" (appended if
# missing; ws/bench.sh keeps it).  Not part of make check.  Every fuzzer
# runs under nice -n 19, one at a time.
# Exit status: 0 if no target crashed, 1 if one did, 2 on a setup error.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
fz=$top/ws/fuzz
d=$top/build/fuzz
secs= runs= update= targets="desc records tool validate"

usage() {
	echo "usage: ws/fuzz.sh [SECONDS_PER_TARGET | --runs N] [--update-benchmarks] [--targets \"desc records tool validate\"]" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--runs) [ $# -ge 2 ] && [[ $2 =~ ^[0-9]+$ ]] || usage; runs=$2; shift ;;
	--update-benchmarks) update=1 ;;
	--targets) [ $# -ge 2 ] || usage; targets=$2; shift ;;
	[0-9]*) [[ $1 =~ ^[0-9]+$ ]] || usage; secs=$1 ;;
	*) usage ;;
	esac
	shift
done
for t in $targets; do
	case $t in desc|records|tool|validate) ;; *) echo "fuzz: unknown target '$t'" >&2; usage ;; esac
done
[ -n "$secs$runs" ] || secs=300
fail() { echo "fuzz: $*" >&2; exit 2; }

# --- the compiler: clang with libFuzzer's runtime -----------------------------
fuzzer_works() {
	echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' > "$d/probe.c" &&
	clang -fsanitize=fuzzer,address,undefined -o "$d/probe" "$d/probe.c" >/dev/null 2>&1
}
rm -rf "$d"
mkdir -p "$d"
if ! fuzzer_works; then
	echo "fuzz: installing clang and its sanitizer/libFuzzer runtime"
	pkgs="clang libclang-rt-dev"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs >"$d/apt.log" 2>&1 ||
		{ apt-get update >>"$d/apt.log" 2>&1 &&
		  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs >>"$d/apt.log" 2>&1; } ||
		fail "cannot install $pkgs, see $d/apt.log"
	fuzzer_works || fail "clang -fsanitize=fuzzer does not link after installing $pkgs"
fi
mkdir -p "$d/bin"
env -u MAKEFLAGS make -k -C "$fz" O="$d/bin" MODE=libfuzzer > "$d/bin/build.log" 2>&1 ||
	fail "the targets do not build: $d/bin/build.log"

# --- seeds ----------------------------------------------------------------------
# made_seeds DIR: seeds made from what the repository (and a build) holds now
made_seeds() {
	local s=$1 w=$d/seedwork fx=$top/tests/kmsg-gen cc f pfx
	mkdir -p "$s"/{desc,records,tool,validate} "$w"
	cp "$top/Documentation/kmsg/s390/xpram" "$s/desc/seed-xpram"
	cp "$fx/src/fix.c" "$s/desc/seed-fix.c"
	cp "$fx/malformed.txt" "$s/desc/seed-malformed"
	cp "$fx/Documentation/kmsg/fix" "$s/desc/seed-doc-fix"
	# the 2008 RFC's xpram catalog, when the seeds of the project are there
	f=$top/../shared/seeds/004-patch-kmsg-convert-xpram-messages-to-kmsg-api.patch
	[ -f "$f" ] && sed -n '/^+++ .*Documentation\/kmsg\/s390\/xpram/,/^Index:/p' "$f" |
		sed -n 's/^+//p' | sed 1d > "$s/desc/seed-xpram-2008"
	# objects of both classes and byte orders, as in tests/10-kmsg-gen.sh
	gcc -O2 -o "$w/kmsg-gen" -I"$top/scripts" $("$top/ws/kmsg-gen-sources.sh") ||
		fail "kmsg-gen does not build"
	for cc in gcc s390x-linux-gnu-gcc; do
		command -v $cc >/dev/null || continue
		pfx=${cc%gcc}
		for f in 1 2; do
			$cc -c -DFIXTURE=$f -o "$w/rec$f-$cc.o" "$fx/records.c" &&
			${pfx}objcopy --strip-all "$w/rec$f-$cc.o" "$s/records/seed-rec$f-${pfx:-x86_64-}o"
		done
	done
	[ -f "$s/records/seed-rec1-x86_64-o" ] &&
		objcopy -O elf32-i386 "$s/records/seed-rec1-x86_64-o" "$s/records/seed-rec1-i386-o"
	[ -f "$s/records/seed-rec2-s390x-linux-gnu-o" ] &&
		s390x-linux-gnu-objcopy -O elf32-s390 "$s/records/seed-rec2-s390x-linux-gnu-o" \
			"$s/records/seed-rec2-s390-o"
	# a catalog and the log lines it explains, in one input
	cat "$top/tests/kmsg-tool/catalog" "$top/tests/kmsg-tool/dmesg.log" > "$s/tool/seed-catalog-and-log"
	printf '%%s is not a valid XPRAM device size\n' > "$s/tool/seed-sysfs-value"
	printf 'sysfs.7: 5 is not\nsysfs: %%s is not a valid XPRAM device size\nxpram.1\n' >> "$s/tool/seed-sysfs-value"
	# catalogs in the host's (little-endian) byte order, from x86_64 objects
	for f in 1 2; do
		[ -f "$w/rec$f-gcc.o" ] || continue
		"$w/kmsg-gen" catalog --srctree "$fx" --srcarch none --data "$s/validate/seed-fix$f-le" \
			-o "$w/cat$f.S" "$w/rec$f-gcc.o" >/dev/null 2>&1
	done
	# vmlinux's real section (s390x, big-endian) and the same in little-endian
	if [ -f "$top/build/obj/vmlinux" ] && command -v s390x-linux-gnu-objcopy >/dev/null; then
		s390x-linux-gnu-objcopy -O binary --only-section=.kmsg_catalog \
			"$top/build/obj/vmlinux" "$s/validate/seed-vmlinux-be" 2>/dev/null &&
		chmod 644 "$s/validate/seed-vmlinux-be" &&
		"$top/ws/fuzz.py" le "$s/validate/seed-vmlinux-be" "$s/validate/seed-vmlinux-le" || rm -f "$s/validate/seed-vmlinux-be"
	fi
	[ -f "$s/validate/seed-fix1-le" ] && [ -f "$s/validate/seed-fix2-le" ] &&
		"$top/ws/fuzz.py" two "$s/validate/seed-fix1-le" "$s/validate/seed-fix2-le" "$s/validate/seed-two-catalogs-le"
	return 0
}
made_seeds "$d/seeds"

# --- one target -----------------------------------------------------------------
# Per target: max_len, the folder its crashing inputs are kept in.
# Inputs are scheduled by their speed too (-entropic_scale_per_exec_time):
# otherwise the tool's corpus fills with log lines that cost the matcher
# its million steps each, and a run makes a sixth of the executions.
# tool: a log line can cost the matcher its million steps, and an input
# holds a line more every few bytes; with 1 KiB it still holds a catalog
# and the log lines it explains.
maxlen() { case $1 in validate) echo 8192 ;; tool) echo 1024 ;; *) echo 4096 ;; esac; }
regress_dir() {
	case $1 in
	desc) echo "$top/tests/kmsg-gen/fuzz-regress" ;;
	*) echo "$top/tests/fuzz-regress/$1" ;;
	esac
}
now() { date +%s.%N; }

# fuzz TARGET: runs libFuzzer until the budget is spent; appends
# "target execs wall crashes" to $d/summary
fuzz() {
	local t=$1 td=$d/$1 execs=0 crashes=0 tries=0 start left log e rc f k kept
	mkdir -p "$td/corpus" "$td/seeds" "$td/artifacts"
	cp "$d/seeds/$t"/* "$td/seeds/" 2>/dev/null
	for f in "$top/tests/fuzz-regress/$t"/* "$(regress_dir "$t")"/*; do
		[ -f "$f" ] && [ "${f##*/}" != README ] && cp "$f" "$td/seeds/"
	done
	start=$(now)
	while :; do
		budget=
		if [ -n "$runs" ]; then
			left=$((runs - execs))
			[ $left -gt 0 ] || break
			budget="-runs=$left"
		fi
		if [ -n "$secs" ]; then
			left=$(awk -v s="$secs" -v n="$(now)" -v b="$start" 'BEGIN { printf "%d", s - (n - b) }')
			[ "$left" -gt 0 ] || break
			budget="$budget -max_total_time=$left"
		fi
		tries=$((tries + 1))
		log=$td/run$tries.log
		echo "fuzz: $t: run $tries, $budget" >&2
		nice -n 19 "$d/bin/$t" $budget -max_len="$(maxlen "$t")" -timeout=10 \
			-rss_limit_mb=2048 -dict="$fz/$t.dict" -close_fd_mask=3 \
			-entropic_scale_per_exec_time=1 \
			-print_final_stats=1 -artifact_prefix="$td/artifacts/" \
			"$td/corpus" "$td/seeds" > "$log" 2>&1
		rc=$?
		e=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
		[ -n "$e" ] || e=$(sed -n 's/^#\([0-9]*\)\t.*/\1/p' "$log" | tail -1)
		execs=$((execs + ${e:-0}))
		[ $rc -ne 0 ] || break
		crashes=$((crashes + 1))
		grep -E '^==[0-9]+==ERROR|^SUMMARY|runtime error|ALARM|out-of-memory|deadly signal' "$log" |
			head -3 | sed "s/^/fuzz: $t: /" >&2
		[ $crashes -lt 5 ] || break
		[ "${e:-0}" -gt 0 ] || break	# it crashes on its seeds: no use going on
	done
	echo "$t $execs $(awk -v n="$(now)" -v b="$start" 'BEGIN { printf "%.1f", n - b }') $crashes" >> "$d/summary"
	# keep the inputs
	kept=0
	for f in "$td"/artifacts/*; do
		case ${f##*/} in crash-*|leak-*|timeout-*|oom-*) ;; *) continue ;; esac
		mkdir -p "$(regress_dir "$t")"
		k=$(regress_dir "$t")/$(basename "$f" | cut -d- -f1)-$(md5sum < "$f" | cut -c1-12)
		cp "$f" "$k"
		echo "${k#$top/}" >> "$d/kept"
		kept=$((kept + 1))
	done
	[ $kept -eq 0 ] || echo "fuzz: $t: $kept crashing input(s) kept in $(regress_dir "$t")/" >&2
}

: > "$d/summary"
: > "$d/kept"
for t in $targets; do
	fuzz "$t"
done

# --- report ---------------------------------------------------------------------
what() {
	case $1 in
	desc) echo "description parser: \`desc_parse_file()\` + JSON, as \`kmsg-gen dump\`" ;;
	records) echo "ELF object/record reader: \`records_read()\` in \`catalog_run()\`, as \`kmsg-gen catalog --check --data\`" ;;
	tool) echo "\`kmsg\` tool: sysfs values, installed catalog, log lines (\`kmsg_match_line()\`)" ;;
	validate) echo "kernel \`kmsg_catalog_validate()\` via ws/fuzz/kshim, then a walk of what it accepted" ;;
	esac
}
how="\`ws/fuzz.sh${secs:+ $secs}${runs:+ --runs $runs}\`"
{
	echo "Written by $how on $(date -u +%Y-%m-%d), commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown),"
	echo "$(nproc) cores, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), a shared machine;"
	echo "$(clang --version | head -1 | sed 's/ *$//'), libFuzzer with ASan+UBSan (\`-fno-sanitize-recover=all\`, leak checks on,"
	echo "inputs scheduled by speed too: \`-entropic_scale_per_exec_time=1\`),"
	echo "one target at a time under \`nice -n 19\`, from the seeds in \`tests/fuzz-regress/\` and the repository's fixtures."
	echo
	echo "| target | reads | executions | execs/s | wall s | crashes |"
	echo "| --- | --- | ---: | ---: | ---: | ---: |"
	"$top/ws/fuzz.py" table "$d/summary" | while IFS='|' read -r t e r w c; do
		echo "| $t | $([ "$t" = total ] || what "$t") | $e | $r | $w | $c |"
	done
	echo
	if [ -s "$d/kept" ]; then
		echo "Crashing inputs kept as regression inputs: $(sed 's/.*/`&`/' "$d/kept" | paste -sd, - | sed 's/,/, /g')."
	else
		echo "No crash, leak, timeout or out-of-memory in this campaign."
	fi
	# what earlier campaigns found, kept as regression inputs
	(cd "$top" && ls -d tests/kmsg-gen/fuzz-regress/* tests/fuzz-regress/*/* 2>/dev/null) |
		grep -E '/(crash|leak|timeout|oom)-[^/]*$' | sed 's|-[^/-]*$|-*|' | sort | uniq -c |
		awk '{ n += $1; l = l (l ? ", " : "") "`" $2 "` " $1 }
		     END { if (n) print "Regression inputs from crashes found so far, run by `make check`: " n " (" l ")." }'
} > "$d/results.md"
cat "$d/results.md"
echo "fuzz: wrote $d/results.md"

if [ -n "$update" ]; then
	bm=$top/BENCHMARKS.md
	{ printf '## Fuzzing\n\n'; cat "$d/results.md"; } | "$top/ws/markers.py" "$bm" fuzz
	echo "fuzz: updated the fuzzing section of $bm"
fi
awk '{ s += $4 } END { exit s > 0 }' "$d/summary"

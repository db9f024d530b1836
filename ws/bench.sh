#!/bin/bash
# make bench: what the catalog costs, measured side by side, written to
# BENCHMARKS.md.  BENCH_SMOKE=1 runs every step with tiny sizes (make
# check does that so the script cannot rot) and writes build/bench/.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
. "$top/ws/kconfigs.sh"
b=$top/build/bench
rm -rf "$b"
mkdir -p "$b"

if [ -n "${BENCH_SMOKE:-}" ]; then
	small=20 big=50 cat_n=100 lines=1000 reps=2 batch=1 report=$b/BENCHMARKS.md
else
	small=1000 big=50000 cat_n=10000 lines=100000 reps=5 batch=5 report=$top/BENCHMARKS.md
fi
rows=$b/rows
: > "$rows"
row() { printf '| %s | %s | %s |\n' "$1" "$2" "$3" >> "$rows"; echo "  $1: $2 ($3)"; }
fail() { echo "bench: $*" >&2; exit 1; }

# Wall-clock seconds of a command, REPS times: "min median max".
timeit() {
	"$top/ws/bench.py" time "$reps" "$@" < /dev/null | cut -d' ' -f1-3
}
# timeit, or stop the benchmark when the command fails
measure() {
	local r
	r=$(timeit "$@") || fail "'$*' failed"
	echo "$r"
}
# Like timeit, with more runs and the CPU time (user + system) of the
# command too: "wall-min wall-median wall-max cpu-min cpu-median".
timecpu() {
	"$top/ws/bench.py" time "$1" "${@:2}" < /dev/null
}
measure_cpu() {
	local r
	r=$(timecpu "$@") || fail "'${*:2}' failed"
	echo "$r"
}
ms() { printf '%.1f' "$(echo "$1 * 1000" | bc -l)"; }
mmm() { printf '%.1f / %.1f / %.1f ms' "$(echo "$1 * 1000" | bc -l)" "$(echo "$2 * 1000" | bc -l)" "$(echo "$3 * 1000" | bc -l)"; }

# load_times GUEST_OUTPUT BATCH: the guest's "load cat|nocat T0 T1" lines
# (BATCH loads each) as "min/median/max ms vs ..., ratio of medians"
load_times() {
	"$top/ws/bench.py" load "$1" "$2"
}

echo "== 1. zero cost"
"$top/ws/zero-cost.sh" > "$b/zc.txt" || fail "zero-cost build failed"
grep -q '^not ok' "$b/zc.txt" && fail "zero-cost check failed: $(grep '^not ok' "$b/zc.txt")"
read -r tk tp < <(sed -n 's/^# .text: kmsg \([0-9]*\) bytes, printk \([0-9]*\) bytes/\1 \2/p' "$b/zc.txt")
rd=$(sed -n 's/.*(delta \([0-9-]*\)).*/\1/p' "$b/zc.txt")
row ".text of the converted file, CONFIG_KMSG_IDS=y: kmsg vs printk" "$tk vs $tp bytes (delta $((tk - tp)))" "tests/kbuild/zc_*.c, 3 calls"
row "format strings, CONFIG_KMSG_IDS=y" "+$rd bytes" "vs the same calls without ids: the tags, and for the 3 device calls \"xpram.N: %s %s: \" in the line and its printk index entry, where dev_<level>() has its format once"
row "object of the calls vs printk() written out" "byte-identical" "asserted by make check for CONFIG_KMSG_IDS=y (tests/20-kbuild), =n and CONFIG_KMSG_CATALOG=n (tests/40-variants): code, relocations, every section but the discarded records"

echo "== 2. image size"
sect_size() {
	local hex
	hex=$(${CROSS_COMPILE}readelf -SW "$1" |
		awk -v s="$2" '{ for (i = 1; i < NF; i++) if ($i == s) print $(i + 4) }')
	printf '%d' "0x${hex:-0}"
}
vs=$(sect_size "$KOUT/vmlinux" .kmsg_catalog)
[ "$vs" -gt 0 ] || fail "vmlinux has no .kmsg_catalog section"
vn=$(grep -c . <("$KOUT/scripts/kmsg-gen" index --srctree "$KSRC" --srcarch s390 "$KOUT/vmlinux.o" 2>/dev/null | grep -v '^#'))
row "vmlinux catalog (demo config)" "$vs bytes, $vn entries, $((vs / (vn ? vn : 1))) bytes/entry" "24-byte entry + its strings (xpram's real descriptions)"
for n in $small $big; do
	"$top/ws/bench.py" module "$b/mod$n" "$n"
	kmake M="$b/mod$n" modules > "$b/mod$n.log" 2>&1 || fail "bench module $n: see $b/mod$n.log"
	ms=$(sect_size "$b/mod$n/bench_$n.ko" .kmsg_catalog)
	[ "$ms" -gt 0 ] || fail "bench_$n.ko has no .kmsg_catalog section"
	row "module catalog, $n entries" "$ms bytes, $((ms / n)) bytes/entry" "synthetic descriptions of ~200 characters, one parameter"
done

echo "== 3./4. runtime memory and module load time (guest)"
"$top/ws/bench-load.sh" "$b/guest" "$b/mod$big/bench_$big.ko" "bench_$big" "$batch" "$((reps * 3))" bench ||
	fail "guest run failed (see $b/guest/out)"
read -r _ m0 m1 m2 m3 m4 m5 s1 s3 < <(grep '^mem ' "$b/guest/out")
ents=$(sed -n 's/^entries //p' "$b/guest/out")
[ "$ents" = "$big" ] || fail "the guest registered $ents of $big entries"
# The module image grows by its catalog section (counted under image
# size); what registering costs is the rest.
dyn=$(( ( ((m3 - m2) - (m1 - m0)) * 1024 - (s3 - s1) ) / big ))
row "dynamic memory per registered entry before the first read, $big-entry module" "$dyn bytes" "growth of Slab+VmallocUsed on insmod with catalog ($((m3 - m2)) kB) minus without ($((m1 - m0)) kB), minus the larger module image ($(( (s3 - s1) / 1024 )) kB), per entry; target 64"
read_dyn=$(( ( ((m5 - m2) - (m1 - m0)) * 1024 - (s3 - s1) ) / big ))
row "dynamic memory per entry once every entry is listed, $big-entry module" "$read_dyn bytes" "the same after ls /sys/kernel/kmsg/bench made every entry's directory and files (kernfs nodes, dentries, inodes); after rmmod and dropping caches $((m4 - m2)) kB off the start"
load_times "$b/guest/out" "$batch" > "$b/load.txt"
row "module load+unload, $big-entry catalog vs same module without it" "$(cat "$b/load.txt")" "min/median/max of $((reps * 3)) rounds of $batch loads, QEMU TCG, /proc/uptime (10 ms); target ratio under 1.5; the module has its $big calls (1 to 100 in each of $(( (big + 99) / 100 )) functions)"
split=$("$top/ws/bench.py" split "$b/guest/out" "$batch" "$big")
row "$big-entry module: where the catalog's load+unload time goes" "$split" "medians of the same run; \"loading\" is the section under another name (ren.ko: loaded, not read), \"validating\" a copy whose last entry is invalid (read, checked in full, rejected), \"publication\" the rest: one range of entries for the component"

echo "== 5. kmsg-gen vs the 2008 Perl kmsg-doc"
"$top/ws/bench.py" records "$b/gen" "$big"
gcc -c -o "$b/gen/records.o" "$b/gen/records.c"
seed=$top/../shared/seeds/003-patch-kmsg-kernel-message-catalog-script.patch
sed -n '/^+++ linux-2.6\/scripts\/kmsg-doc/,/^Index:/p' "$seed" | sed -n 's/^+//p' | sed 1d > "$b/kmsg-doc"
[ -s "$b/kmsg-doc" ] || fail "cannot extract kmsg-doc from $seed"
gen=$KOUT/scripts/kmsg-gen
# short commands on a shared machine: many runs, wall and CPU time
[ -n "${BENCH_SMOKE:-}" ] && greps=3 || greps=31
read -r a1 a2 a3 a4 a5 < <(measure_cpu $greps "$gen" dump "$b/gen/src/bench.c")
read -r c1 c2 c3 c4 c5 < <(measure_cpu $greps "$gen" catalog --check --srctree "$b/gen" \
	--data "$b/gen/out.bin" -o "$b/gen/out.S" "$b/gen/records.o")
read -r p1 p2 p3 p4 p5 < <(cd "$b/gen" && SRCARCH=none srctree="$b/gen" \
	measure_cpu $greps perl "$b/kmsg-doc" parse-only true src/bench.c)
(cd "$b/gen" && gcc -c -o data.o out.S) || fail "the generated catalog does not assemble"
objcopy -O binary --only-section=.kmsg_catalog "$b/gen/data.o" "$b/gen/data.sect"
cmp -s -n "$(stat -c %s "$b/gen/out.bin")" "$b/gen/data.sect" "$b/gen/out.bin" ||
	fail "the assembled catalog is not the --data file"
read -r s1 s2 s3 < <(cd "$b/gen" && measure gcc -c -o data.o out.S)
row "parse $big descriptions: kmsg-gen dump" "$(mmm $a1 $a2 $a3), CPU $(ms $a5) ms" "wall min / median / max of $greps runs; CPU (user+sys) median"
row "parse $big descriptions: 2008 kmsg-doc (Perl)" "$(mmm $p1 $p2 $p3), CPU $(ms $p5) ms" "ratio of CPU medians $(printf %.1f "$(echo "$p5 / $a5" | bc -l)")x"
row "parse + check + generate $big: kmsg-gen catalog --check --data (as the build)" "$(mmm $c1 $c2 $c3), CPU $(ms $c5) ms" "records of $big calls, one description file of $(($(stat -c %s "$b/gen/src/bench.c") / 1024)) KiB; target 20 ms"
row "assemble the $big-entry catalog (.incbin)" "$(mmm $s1 $s2 $s3)" "gcc -c of $(($(stat -c %s "$b/gen/out.bin") / 1024)) KiB of data; the section is the file (checked)"

echo "== 7. kmsg annotate"
"$top/ws/bench.py" log "$b/log" "$b/catalog" "$cat_n" "$lines"
make -s -C "$top/tools/kmsg" CROSS_COMPILE= OUTPUT="$b/" >/dev/null || fail "tools/kmsg does not build"
k=$b/kmsg
read -r k1 k2 k3 < <(measure "$k" --sysfs /nonexistent --catalog "$b/catalog" annotate "$b/log")
row "kmsg annotate, $lines lines, $cat_n-entry installed catalog" "$(mmm $k1 $k2 $k3)" "$(printf '%.0f' "$(echo "$lines / $k2" | bc -l)") lines/s at the median"

echo "== 10. kmsg annotate on a journal"
if [ -n "${BENCH_SMOKE:-}" ]; then jlines=10000 jruns=2; else jlines=1000000 jruns=5; fi
"$top/ws/bench-annotate.sh" "$b/journal" "$jlines" "$jruns" "$report" ||
	fail "ws/bench-annotate.sh failed"
grep -q '^<!-- annotate: ' "$report" || fail "ws/bench-annotate.sh wrote no rows"

echo "== 11. the generic catalog"
if [ -n "${BENCH_SMOKE:-}" ]; then glines=10000 gruns=2; else glines=1000000 gruns=5; fi
"$top/ws/bench-generic.sh" "$b/generic" "$glines" "$gruns" "$report" ||
	fail "ws/bench-generic.sh failed"
grep -q '^<!-- generic: ' "$report" || fail "ws/bench-generic.sh wrote no rows"

echo "== 6. build overhead"
if [ -n "${BENCH_SMOKE:-}" ]; then
	row "build overhead" "skipped in the smoke run" ""
else
	nocat=$top/build/obj-nocat
	mkdir -p "$nocat"
	{ cat "$KOUT/kmsg.allconfig"; echo CONFIG_KMSG_CATALOG=n; echo CONFIG_KMSG_CATALOG_KUNIT_TEST=n; } > "$nocat/kmsg.allconfig"
	make -s -C "$KSRC" O="$nocat" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE \
		KCONFIG_ALLCONFIG="$nocat/kmsg.allconfig" allnoconfig >/dev/null 2>&1
	make -s -C "$KSRC" O="$nocat" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" >/dev/null 2>&1 ||
		fail "the CONFIG_KMSG_CATALOG=n build failed"
	"$top/ws/bench.py" rebuild "$reps" "$top" "$KSRC" "$KOUT" "$nocat" "$JOBS" > "$b/build.txt" < /dev/null
	while IFS='|' read -r a c d; do row "rebuild after touching xpram.c: $a" "$c" "$d"; done < "$b/build.txt"
	make -s -C "$KSRC" O="$KOUT" ARCH=$ARCH CROSS_COMPILE=$CROSS_COMPILE -j"$JOBS" >/dev/null 2>&1
	read -r g1 g2 g3 < <(measure "$gen" catalog --check --srctree "$KSRC" --srcarch s390 -o /dev/null "$KOUT/vmlinux.o")
	row "kmsg-gen catalog --check on vmlinux.o alone" "$(mmm $g1 $g2 $g3)" "what D=1 adds to a link, besides relinking"
fi

echo "== 8. the real s390 catalog"
# The catalog kernel (every converted s390 component, tests/45) against
# the same configuration with CONFIG_KMSG_CATALOG=n; in the smoke run the
# catalog kernel stands in for both, so every step runs without a second
# kernel build.
catk=$top/build/obj-catalog
catcfg=$top/kernel/configs/kmsg_catalog.config
# Both under their folder's lock (make check's suites and background
# builds use the catalog kernel too), with kbuild's usual arguments.
build_locked() { "$top/ws/prepare.sh" && kmake_unlocked; }
build_kernel() {	# OUT CONFIG-FRAGMENT
	( export KOUT=$1 KMSG_EXTRA_CONFIG=$2; kout_lock build_locked ) \
		> "$b/$(basename "$1").log" 2>&1 || fail "the kernel in $1 does not build: see $b/$(basename "$1").log"
}
"$top/ws/kbuild.sh" catalog > "$b/obj-catalog.log" 2>&1 ||
	fail "the catalog kernel does not build: see $b/obj-catalog.log"
if [ -n "${BENCH_SMOKE:-}" ]; then
	offk=$catk
else
	offk=$top/build/obj-catalog-off
	{ cat "$catcfg"; echo CONFIG_KMSG_CATALOG=n; echo CONFIG_KMSG_CATALOG_KUNIT_TEST=n; } > "$b/catalog-off.config"
	build_kernel "$offk" "$b/catalog-off.config"
fi
centries() { "$catk/scripts/kmsg-gen" index --srctree "$KSRC" --srcarch s390 "$@" 2>/dev/null | grep -vc '^#'; }
vs=$(sect_size "$catk/vmlinux" .kmsg_catalog)
vn=$(centries "$catk/vmlinux.o")
row "catalog kernel: catalog in vmlinux" "$vs bytes, $vn entries, $((vs / (vn ? vn : 1))) bytes/entry" "kernel/configs/kmsg_catalog.config"
msum=0 mn=0 mods=0
while read -r o; do
	ko=$catk/${o%.o}.ko
	n=$(sect_size "$ko" .kmsg_catalog)
	[ "$n" -gt 0 ] || continue
	msum=$((msum + n)) mods=$((mods + 1)) mn=$((mn + $(centries "$catk/$o")))
done < "$catk/modules.order"
row "catalog kernel: catalogs in modules" "$msum bytes, $mn entries in $mods modules, $((msum / (mn ? mn : 1))) bytes/entry" "the .kmsg_catalog sections of the .ko files"

# What the macros cost with ids, on the real converted objects: every
# converted file of the catalog kernel as its build compiled it (ids on)
# and compiled again with CONFIG_KMSG_IDS=n (catalog-no-ids), kbuild's
# usual arguments both times; the records are discarded by the link.
mapfile -t cobjs < <(converted_objects "$catk")
[ ${#cobjs[@]} -gt 0 ] || fail "the catalog kernel has no converted objects"
"$top/ws/kbuild.sh" catalog-no-ids "${cobjs[@]}" > "$b/ids-off.log" 2>&1 ||
	fail "the converted objects do not build with ids off: see $b/ids-off.log"
secsum() {	# DIR PREFIX: bytes of the converted objects' sections named PREFIX*
	(cd "$1" && ${CROSS_COMPILE}size -A "${cobjs[@]}") |
		awk -v p="$2" 'index($1, p) == 1 { s += $2 } END { print s + 0 }'
}
offdir=$(kconfig catalog-no-ids && echo "$KOUT")
calls=$((vn + mn))
for sec in .text .rodata; do
	on=$(secsum "$catk" $sec) off=$(secsum "$offdir" $sec)
	row "catalog kernel: $sec of the ${#cobjs[@]} converted files, CONFIG_KMSG_IDS=y vs =n" \
		"$on vs $off bytes (+$((on - off)), +$(echo "scale=1; 100 * ($on - $off) / $off" | bc -l) %)" \
		"the same objects built both ways; $(( (on - off) / (calls ? calls : 1) )) bytes per catalog entry ($calls); =n is the pristine 6.12 code (tests/46)"
done

# Boot: time to user space (/proc/uptime at the guest's command) and
# Slab + VmallocUsed after dropping caches, the kernels taking turns.
r=0
while [ $r -lt $reps ]; do
	for k in cat off; do
		[ $k = cat ] && out=$catk || out=$offk
		KOUT=$out "$top/ws/guest.sh" -t 600 'echo 3 > /proc/sys/vm/drop_caches
echo boot '$k' $(cut -d" " -f1 /proc/uptime) $(awk "/^Slab:|^VmallocUsed:/ { s += \$2 } END { print s }" /proc/meminfo) $(ls -d /sys/kernel/kmsg/*/* 2>/dev/null | wc -l)' \
			>> "$b/boot.out" || fail "the $k kernel does not boot"
	done
	r=$((r + 1))
done
"$top/ws/bench.py" boot "$b/boot.out" > "$b/boot.txt"
while IFS='|' read -r a c d; do
	case $a in
	boot) row "catalog kernel boot, CONFIG_KMSG_CATALOG=y vs =n" "$c" "$d" ;;
	mem) row "catalog kernel memory after boot, =y vs =n" "$c" "$d" ;;
	esac
done < "$b/boot.txt"

# The converted module with the most messages, loaded with and without
# its catalog section (its dependencies loaded once before).
big_mod=$(while read -r o; do echo "$(centries "$catk/$o") $o"; done < "$catk/modules.order" | sort -n | tail -n 1)
bm_n=${big_mod%% *} bm_o=${big_mod#* }
bm=$(basename "$bm_o" .o)
KOUT=$catk "$top/ws/bench-load.sh" "$b/guest8" "$catk/${bm_o%.o}.ko" "$bm" "$((batch * 4))" "$((reps * 3))" ||
	fail "the $bm load guest failed (see $b/guest8/out)"
read -r _ m0 m1 m2 m3 _ _ s1 s3 < <(grep '^mem ' "$b/guest8/out")
dyn=$(( ( ((m3 - m2) - (m1 - m0)) * 1024 - (s3 - s1) ) / bm_n ))
row "$bm ($bm_n entries): memory per registered entry" "$dyn bytes" "as for the synthetic module above: Slab+VmallocUsed growth with catalog ($((m3 - m2)) kB) minus without ($((m1 - m0)) kB), minus the larger image ($(( (s3 - s1) / 1024 )) kB)"
load_times "$b/guest8/out" "$((batch * 4))" > "$b/load8.txt"
row "$bm load+unload, with its catalog section vs without" "$(cat "$b/load8.txt")" "min/median/max of $((reps * 3)) rounds of $((batch * 4)) loads, QEMU TCG, /proc/uptime (10 ms)$([ -n "${BENCH_SMOKE:-}" ] || echo "; target ratio under 1.10")"
split=$("$top/ws/bench.py" split "$b/guest8/out" "$((batch * 4))" "$bm_n")
row "$bm: where the catalog's load+unload time goes" "$split" "medians; as for the synthetic module: \"loading\" ren.ko, \"validating\" rej.ko, \"publication\" the rest: a range for each component"

# the sections of ws/fuzz.sh, bench-annotate.sh, bench-generic.sh and
# bench-check.sh (written above or below) stay as they are
fuzz=$(sed -n '/^<!-- fuzz: written by ws\/fuzz.sh -->$/,/^<!-- \/fuzz -->$/p' "$report" 2>/dev/null)
annotate=$(sed -n '/^<!-- annotate: /,/^<!-- \/annotate -->$/p' "$report" 2>/dev/null)
generic=$(sed -n '/^<!-- generic: /,/^<!-- \/generic -->$/p' "$report" 2>/dev/null)
checks=$(sed -n '/^<!-- check: /,/^<!-- \/check -->$/p' "$report" 2>/dev/null)
{
	echo "# Benchmarks"
	echo
	echo "Written by \`make bench\` (ws/bench.sh) on $(date -u +%Y-%m-%d), commit $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown),"
	echo "$(nproc) cores, $(free -g | awk '/^Mem:/ { print $2 }') GiB, $(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')."
	echo "Times are wall clock unless CPU time is named; ratios are taken in the same run, side by side."
	echo
	echo "| measure | value | notes |"
	echo "| --- | --- | --- |"
	cat "$rows"
	[ -z "$annotate" ] || printf '\n%s\n' "$annotate"
	[ -z "$generic" ] || printf '\n%s\n' "$generic"
	[ -z "$fuzz" ] || printf '\n%s\n' "$fuzz"
	[ -z "$checks" ] || printf '\n%s\n' "$checks"
} > "$report"
echo "bench: wrote $report"

echo "== 9. make check from a fresh clone, cold and warm"
if [ -n "${BENCH_SMOKE:-}" ]; then
	"$top/ws/bench-check.sh" || fail "ws/bench-check.sh failed"
	grep -q '^| make check, fresh clone, warm |' "$top/build/bench-check/BENCHMARKS.md" ||
		fail "ws/bench-check.sh wrote no rows"
elif [ "${BENCH_CHECK:-1}" != 0 ]; then
	"$top/ws/bench-check.sh" || fail "ws/bench-check.sh failed"
fi

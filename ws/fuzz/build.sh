#!/bin/bash
# Build the four fuzz targets of ws/fuzz/ with AddressSanitizer and UBSan:
#   ws/fuzz/build.sh OUTDIR libfuzzer     clang -fsanitize=fuzzer (ws/fuzz.sh)
#   ws/fuzz/build.sh OUTDIR standalone    $CC (gcc by default) with driver.c,
#                                         a main() that runs files once
#                                         (tests/12-fuzz-regress.sh)
# OUTDIR/{desc,records,tool,validate} are the programs; OUTDIR/build.log has
# the compiler's messages.  Exit status: 0, or 1 if a target does not build.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
fz=$top/ws/fuzz
out=${1:?usage: build.sh OUTDIR libfuzzer|standalone}
mode=${2:?usage: build.sh OUTDIR libfuzzer|standalone}
mkdir -p "$out/obj"
log=$out/build.log
: > "$log"

san="-fsanitize=address,undefined -fno-sanitize-recover=all"
case $mode in
libfuzzer)
	cc=${CC:-clang}
	san="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
	driver=
	;;
standalone)
	cc=${CC:-gcc}
	driver=$out/obj/driver.o
	;;
*)
	echo "build.sh: unknown mode '$mode'" >&2
	exit 2
	;;
esac
cflags="-std=gnu11 -g -O1 -fno-omit-frame-pointer -Wall $san"
kshim="-I$fz/kshim -I$top/include -DCONFIG_KMSG_CATALOG"

# obj NAME SOURCE FLAGS...: compile SOURCE to $out/obj/NAME.o
obj() {
	local name=$1 src=$2
	shift 2
	echo "$cc $cflags $* -c -o $out/obj/$name.o $src" >> "$log"
	$cc $cflags "$@" -c -o "$out/obj/$name.o" "$src" >> "$log" 2>&1
}
# link TARGET OBJECTS...
link() {
	local t=$1
	shift
	echo "$cc $cflags -o $out/$t $* $driver" >> "$log"
	$cc $cflags -o "$out/$t" "$@" $driver >> "$log" 2>&1
}

ok=0
if [ "$mode" = standalone ]; then
	obj driver "$fz/driver.c" || ok=1
fi
s=$top/scripts
o=$out/obj
obj util "$s/kmsg-util.c" -I"$s" &&
obj parse "$s/kmsg-parse.c" -I"$s" &&
obj json "$s/kmsg-json.c" -I"$s" &&
obj format "$s/kmsg-format.c" -I"$s" &&
obj po "$s/kmsg-po.c" -I"$s" || ok=1
{ obj desc "$fz/desc.c" -I"$s" -I"$fz" &&
  link desc "$o/desc.o" "$o/util.o" "$o/json.o" "$o/format.o"; } || ok=1
{ obj records "$fz/records.c" -I"$s" -I"$fz" &&
  link records "$o/records.o" "$o/util.o" "$o/parse.o" "$o/json.o" "$o/format.o" "$o/po.o"; } || ok=1
# the tool's files but its main(), without the decompression libraries
tool_objs=()
for c in "$top"/tools/kmsg/*.c; do
	n=$(basename "$c" .c)
	[ "$n" = kmsg ] && continue
	obj "tool-$n" "$c" -I"$top/tools/kmsg" || ok=1
	tool_objs+=("$o/tool-$n.o")
done
{ obj tool "$fz/tool.c" -I"$top/tools/kmsg" &&
  link tool "$o/tool.o" "${tool_objs[@]}" "$o/format.o" "$o/json.o"; } || ok=1
{ obj validate "$fz/validate.c" $kshim &&
  obj kmsg_catalog_validate "$top/kernel/kmsg_catalog_validate.c" $kshim &&
  link validate "$o/validate.o" "$o/kmsg_catalog_validate.o"; } || ok=1
[ $ok -eq 0 ] || echo "build.sh: some targets did not build, see $log" >&2
exit $ok

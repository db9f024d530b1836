#!/bin/bash
# Host tests of tools/kmsg against fixture sysfs trees, catalogs and logs.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/kmsg-tool
out=$top/build/test-kmsg-tool
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"

make -s -C "$top/tools/kmsg" OUTPUT="$out/" CFLAGS="-O2 -g -Werror" >"$out/cc.log" 2>&1
check "tools/kmsg builds with -Wall -Wextra -Werror" [ -x "$out/kmsg" ]

# A sysfs tree: xpram.1 registered with a newer text than the catalog's.
sys=$out/sysfs
mkdir -p "$sys/xpram/1"
printf '%s\n' '%d is not a valid number of XPRAM devices' > "$sys/xpram/1/text"
echo Error > "$sys/xpram/1/severity"
echo '@1: number of partitions (sysfs)' > "$sys/xpram/1/parameters"
printf 'From sysfs.\nLine two.\n' > "$sys/xpram/1/description"
echo 'Act.' > "$sys/xpram/1/user_action"

k() { "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" "$@"; }

k explain xpram.1 > "$out/e1"
check "explain TAG exits 0" [ $? -eq 0 ]
check "sysfs comes before the installed catalog" grep -q '@1: number of partitions (sysfs)' "$out/e1"
k explain xpram.3 > "$out/e3"
check "a tag only in the catalog file (module not loaded) is explained" \
	sh -c "grep -qx 'xpram.3: No expanded memory available' '$out/e3' && grep -q 'Configure some.' '$out/e3'"
k explain 'xpram.1: 42 is not a valid number of XPRAM devices' > "$out/l1"
check "explain LINE fills in @1 = 42" grep -qx '  @1: number of partitions (sysfs) = 42' "$out/l1"
k explain '[  12.5] net.7: link eth0 down after 1500 ms (0x1f)' > "$out/l7"
check "%s, %u and %#x values from a timestamped line" \
	sh -c "grep -qx '  @1: device = eth0' '$out/l7' && grep -qx '  @2: time = 1500' '$out/l7' && grep -qx '  @3: flags = 0x1f' '$out/l7'"
k explain 'xpram: 64Q is not a valid XPRAM device size' > "$out/n4"
check "a line without id (CONFIG_KMSG_IDS=n) is found by its text" \
	sh -c "head -1 '$out/n4' | grep -qx 'xpram.4: %s is not a valid XPRAM device size' && grep -qx '  @1: the size = 64Q' '$out/n4'"
k explain nosuch.5 >/dev/null 2>"$out/nf"
check "an unknown tag exits 1 with a message" [ $? -eq 1 -a -s "$out/nf" ]
k explain 'xpram.1: some other text' > "$out/other"
check "a tagged line whose text does not match is still explained, without values" \
	sh -c "[ \$? -eq 0 ] && grep -qx '  @1: number of partitions (sysfs)' '$out/other'"

k annotate "$fx/dmesg.log" > "$out/ann"
check "annotate copies every input line unchanged" \
	sh -c "grep -v '^-- ' '$out/ann' | diff -q - '$fx/dmesg.log' >/dev/null"
check "annotate explains dmesg, dmesg -r and /dev/kmsg lines" \
	sh -c "[ \$(grep -c '^-- [a-z]*\.[0-9]* (' '$out/ann') -eq 5 ]"
check "the explanation follows its line" \
	sh -c "grep -A1 'xpram.3: No expanded memory available' '$out/ann' | tail -1 | grep -qx -- '-- xpram.3 (Error): No expanded memory available'"
check "annotate reads standard input too" sh -c "k() { \"$out/kmsg\" --sysfs '$sys' --catalog '$fx/catalog' \"\$@\"; }; k annotate < '$fx/dmesg.log' | cmp -s - '$out/ann'"

k list > "$out/list"
check "list shows sysfs and catalog entries once each, sorted" diff -u - "$out/list" <<'EOF2'
net.7 Warning link %s down after %u ms (%#x)
net.8 Notice ptr %pI4 seen, 100%% sure
xpram.1 Error %d is not a valid number of XPRAM devices
xpram.3 Error No expanded memory available
xpram.4 Error %s is not a valid XPRAM device size
EOF2
k list net > "$out/listnet"
check "list COMPONENT" [ "$(wc -l < "$out/listnet")" -eq 2 ]
k list nosuch >/dev/null 2>&1
check "list of an unknown component exits 1" [ $? -eq 1 ]

json_ok() {
	python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows and all(isinstance(r, dict) for r in rows)' "$1"
}
k --json explain xpram.1 > "$out/json1"
check "--json explain TAG: a JSON object" json_ok "$out/json1"
k --json explain 'xpram.1: 42 is not a valid number of XPRAM devices' > "$out/json2"
check "--json explain LINE: a JSON object" json_ok "$out/json2"
k --json annotate "$fx/dmesg.log" > "$out/json3"
check "--json annotate: one JSON object per input line" \
	sh -c "json() { python3 -c \"$(echo)import json,sys; [json.loads(l) for l in open(sys.argv[1])]\" \"\$1\"; }; json '$out/json3' && [ \$(wc -l < '$out/json3') -eq \$(wc -l < '$fx/dmesg.log') ]"
k --json list > "$out/json4"
check "--json list: JSON objects" json_ok "$out/json4"
k --json explain 'net.8: ptr 10.0.0.1 seen, 100% sure' > "$out/j8"
check "--json carries parameter values" python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["parameters"] == [{"description": "@1: address", "value": "10.0.0.1"}], r' "$out/j8"

"$out/kmsg" >/dev/null 2>&1
check "no command is a usage error (exit 2)" [ $? -eq 2 ]
"$out/kmsg" --bogus list >/dev/null 2>&1
check "an unknown option is a usage error (exit 2)" [ $? -eq 2 ]
k annotate "$out/nonexistent" >/dev/null 2>&1
check "an unreadable log is an I/O error (exit 2)" [ $? -eq 2 ]
"$out/kmsg" --sysfs /nonexistent --catalog /nonexistent explain xpram.1 >/dev/null 2>&1
check "no sysfs and no catalog: not found (exit 1), no crash" [ $? -eq 1 ]
mkdir -p "$out/unreadable" && chmod 000 "$out/unreadable"
"$out/kmsg" --sysfs "$out/unreadable" --catalog "$fx/catalog" explain xpram.3 >/dev/null 2>&1
check "an unreadable sysfs directory falls back to the catalog" [ $? -eq 0 ]

# Robustness: long lines, binary junk, invalid UTF-8.
python3 -c 'import sys; sys.stdout.write("xpram.3: " + "A" * 1000000 + "\n" + "net.7: link " + "x" * 200000 + " down after 5 ms (0x1)\n")' > "$out/long.log"
head -c 200000 /dev/urandom > "$out/junk.log"
printf 'xpram.4: \xff\xfe\xc3 is not a valid XPRAM device size\nbad: \xc0\xaf\n' > "$out/utf8.log"
for f in long junk utf8; do
	timeout 20 "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate "$out/$f.log" > "$out/$f.ann"
	check "annotate survives $f input (exit 0)" [ $? -eq 0 ]
done
check "the 200 kB %s value is found" grep -q "^--   @1: device = xxxxxxxx" "$out/long.ann"
timeout 20 "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json annotate "$out/utf8.log" > "$out/utf8.json"
check "--json output of invalid UTF-8 is valid JSON" python3 -c '
import json, sys
for l in open(sys.argv[1], "rb"):
    json.loads(l.decode("utf-8"))' "$out/utf8.json"

vg() { valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all "$@"; }
vg "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate "$fx/dmesg.log" >/dev/null 2>"$out/vg1"
check "valgrind: annotate is clean" [ $? -ne 99 ]
vg "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json list >/dev/null 2>"$out/vg2"
check "valgrind: list --json is clean" [ $? -ne 99 ]
vg "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" explain 'xpram: 64Q is not a valid XPRAM device size' >/dev/null 2>"$out/vg3"
check "valgrind: explain of a line without id is clean" [ $? -ne 99 ]

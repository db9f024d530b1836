#!/bin/bash
# Host tests of tools/kmsg against fixture sysfs trees, catalogs and logs.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/kmsg-tool
py=$top/tests/kmsg-tool-py
out=$top/build/test-kmsg-tool
rm -rf "$out"
mkdir -p "$out"
. "$top/tests/lib.sh"
# No system catalog but the ones named here (the machine may have the kmsg
# package installed): an empty value means none.
export KMSG_SYSTEM_CATALOG=


# CFLAGS from the environment, not the command line: the Makefile's
# "CFLAGS += -Wall -Wextra" then appends to it instead of being overridden.
# No make variables of a calling make (MAKEFLAGS) or cross compiler.
tmake() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE CFLAGS="-O2 -g -Werror" \
		make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$out/" "$@"
}
tmake >"$out/cc.log" 2>&1
rc=$?
[ -s "$out/cc.log" ] && diag "$out/cc.log"
check "tools/kmsg builds with -Wall -Wextra -Werror (make exit $rc)" [ $rc -eq 0 -a -x "$out/kmsg" ]
check "no compiler output" [ -f "$out/cc.log" -a ! -s "$out/cc.log" ]
# every compile and link command has all three (a dry run that remakes all)
tmake -B -n >"$out/cc.cmds" 2>&1
# (one compile for each source file, one each for ../../scripts/kmsg-json.c
# and kmsg-format.c, and the link)
ncmd=$(( $(ls "$top"/tools/kmsg/*.c | wc -l) + 3 ))
check "each of the $ncmd compiler commands has -Wall -Wextra -Werror" \
	[ "$(grep -c gcc "$out/cc.cmds")" -eq $ncmd -a \
	  "$(grep gcc "$out/cc.cmds" | grep -- -Wall | grep -- -Wextra | grep -c -- -Werror)" -eq $ncmd ]

# A sysfs tree: xpram.1 registered with a newer text than the catalog's.
sys=$out/sysfs
mkdir -p "$sys/xpram/1"
printf '%s\n' '%d is not a valid number of XPRAM devices' > "$sys/xpram/1/text"
echo Error > "$sys/xpram/1/severity"
echo '@1: number of partitions (sysfs)' > "$sys/xpram/1/parameters"
printf 'From sysfs.\nLine two.\n' > "$sys/xpram/1/description"
echo 'Act.' > "$sys/xpram/1/user_action"

k() { "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" "$@"; }
# exits RC WANT CMD...: a status captured right after a command is WANT,
# and CMD passes
exits() { [ "$1" -eq "$2" ] && "${@:3}"; }

k explain xpram.1 > "$out/e1"
check "explain TAG exits 0" [ $? -eq 0 ]
check "sysfs comes before the installed catalog" grep -q '@1: number of partitions (sysfs)' "$out/e1"
k explain xpram.3 > "$out/e3"
rc=$?
check "a tag only in the catalog file (module not loaded) is explained (exit $rc)" \
	exits $rc 0 diff -u - "$out/e3" <<'EOF2'
xpram.3: No expanded memory available
Hashed id: xpram.f6ae78 (printed for a device: xpram.3aeda8)
Severity: Error
Source: catalog
Description:
  No expanded storage.
User action:
  Configure some.
See also: man 9 xpram.3
EOF2

# A message without a description has no man page, so none is named.
u=$out/sysfs-undescribed
mkdir -p "$u/undesc/5"
echo 'nothing to say' > "$u/undesc/5/text"
echo 'Warning' > "$u/undesc/5/severity"
for f in parameters description user_action; do echo > "$u/undesc/5/$f"; done
"$out/kmsg" --sysfs "$u" --catalog /nonexistent explain undesc.5 > "$out/undesc" 2>&1
rc=$?
"$out/kmsg" --sysfs "$u" --catalog /nonexistent --json explain undesc.5 > "$out/undesc.json" 2>&1
check "explain names the man page of a described message only (exit $rc)" \
	exits $rc 0 sh -c "! grep -q 'man 9' '$out/undesc' && ! grep -q man_page '$out/undesc.json' &&
			   grep -q 'nothing to say' '$out/undesc'"
k explain 'xpram.1: 42 is not a valid number of XPRAM devices' > "$out/l1"
check "explain LINE fills in @1 = 42" grep -qx '  @1: number of partitions (sysfs) = 42' "$out/l1"
k explain '[  12.5] net.7: link eth0 down after 1500 ms (0x1f)' > "$out/l7"
check "%s, %u and %#x values from a timestamped line" \
	sh -c "grep -qx '  @1: device = eth0' '$out/l7' && grep -qx '  @2: time = 1500' '$out/l7' && grep -qx '  @3: flags = 0x1f' '$out/l7'"
k explain 'net.7: 0.0.f500: link eth0 down after 1500 ms (0x1f)' > "$out/d7"
check "a device message (kmsg_dev_*: the device name after the tag) gets its values" \
	sh -c "grep -qx '  @1: device = eth0' '$out/d7' && grep -qx '  @3: flags = 0x1f' '$out/d7'"
k explain 'net: 0.0.f500: link eth1 down after 2 ms (0x0)' > "$out/d7n"
check "and without id it is found by the text after the device name" \
	sh -c "head -1 '$out/d7n' | grep -q '^net.7: ' && grep -qx '  @2: time = 2' '$out/d7n'"
k explain 'xpram: 64Q is not a valid XPRAM device size' > "$out/n4"
check "a line without id (CONFIG_KMSG_IDS=n) is found by its text" \
	sh -c "head -1 '$out/n4' | grep -qx 'xpram.4: %s is not a valid XPRAM device size' && grep -qx '  @1: the size = 64Q' '$out/n4'"
k explain nosuch.5 >/dev/null 2>"$out/nf"
check "an unknown tag exits 1 with a message" [ $? -eq 1 -a -s "$out/nf" ]
k explain 'xpram.1: some other text' > "$out/other"
rc=$?
check "a tagged line whose text does not match is still explained (exit $rc), without values" \
	exits $rc 0 grep -qx '  @1: number of partitions (sysfs)' "$out/other"

k annotate "$fx/dmesg.log" > "$out/ann"
rc=$?
check "annotate FILE exits 0" [ $rc -eq 0 ]
check "annotate copies every input line unchanged" \
	sh -c "grep -v '^-- ' '$out/ann' | diff -q - '$fx/dmesg.log' >/dev/null"
check "annotate explains dmesg, dmesg -r and /dev/kmsg lines" \
	sh -c "[ \$(grep -c '^-- [a-z]*\.[0-9]* (' '$out/ann') -eq 5 ]"
check "the explanation follows its line" \
	sh -c "grep -A1 'xpram.3: No expanded memory available' '$out/ann' | tail -1 | grep -qx -- '-- xpram.3 (Error): No expanded memory available'"
k annotate < "$fx/dmesg.log" > "$out/ann-stdin"
rc=$?
check "annotate reads standard input too (exit $rc)" \
	exits $rc 0 cmp -s "$out/ann-stdin" "$out/ann"

k list > "$out/list"
check "list shows sysfs and catalog entries once each, sorted, each with its source" diff -u - "$out/list" <<'EOF2'
net.7 Warning catalog link %s down after %u ms (%#x)
net.8 Notice catalog ptr %pI4 seen, 100%% sure
xpram.1 Error sysfs %d is not a valid number of XPRAM devices
xpram.3 Error catalog No expanded memory available
xpram.4 Error catalog %s is not a valid XPRAM device size
EOF2
k list net > "$out/listnet"
rc=$?
check "list COMPONENT shows that component's entries (exit $rc)" \
	exits $rc 0 diff -u - "$out/listnet" <<'EOF2'
net.7 Warning catalog link %s down after %u ms (%#x)
net.8 Notice catalog ptr %pI4 seen, 100%% sure
EOF2
k list nosuch >/dev/null 2>&1
check "list of an unknown component exits 1" [ $? -eq 1 ]

# json_same GOLDEN FILE: FILE has one JSON object a line, the same objects
# (keys and values) as GOLDEN; a diff on failure
json_same() {
	"$py/json-same.py" "$@"
}
k --json explain xpram.1 > "$out/json1"
rc=$?
check "--json explain TAG (exit $rc): the sysfs entry, without values" \
	exits $rc 0 json_same "$fx/explain-tag.json" "$out/json1"
k --json explain 'xpram.1: 42 is not a valid number of XPRAM devices' > "$out/json2"
rc=$?
check "--json explain LINE (exit $rc): the entry, the value of @1 and the line" \
	exits $rc 0 json_same "$fx/explain-line.json" "$out/json2"
k --json annotate "$fx/dmesg.log" > "$out/json3"
rc=$?
check "--json annotate (exit $rc): one object per input line, entries with values" \
	exits $rc 0 json_same "$fx/annotate.json" "$out/json3"
k --json list > "$out/json4"
rc=$?
check "--json list (exit $rc): tag, severity, text and source of each entry" \
	exits $rc 0 json_same "$fx/list.json" "$out/json4"
k --json explain 'net.8: ptr 10.0.0.1 seen, 100% sure' > "$out/j8"
rc=$?
check "--json carries parameter values" exits $rc 0 "$py/parameter-values.py" "$out/j8"

"$out/kmsg" >/dev/null 2>&1
check "no command is a usage error (exit 2)" [ $? -eq 2 ]
"$out/kmsg" --bogus list >/dev/null 2>&1
check "an unknown option is a usage error (exit 2)" [ $? -eq 2 ]
k annotate "$out/nonexistent" >/dev/null 2>&1
check "an unreadable log is an I/O error (exit 2)" [ $? -eq 2 ]
"$out/kmsg" --sysfs /nonexistent --catalog /nonexistent explain xpram.1 >/dev/null 2>&1
check "no sysfs and no catalog: not found (exit 1), no crash" [ $? -eq 1 ]

# An unreadable sysfs: chmod 000 does not stop root, so the tool runs as
# nobody, from a folder nobody can reach, with a catalog it can read and a
# sysfs folder it cannot enter whose xpram.3 has a text of its own.
ur=$(mktemp -d /tmp/kmsg-test-unreadable.XXXXXX)
mkdir -p "$ur/sysfs/xpram/3"
cp "$out/kmsg" "$fx/catalog" "$ur/"
for f in severity parameters description user_action; do echo x > "$ur/sysfs/xpram/3/$f"; done
echo 'from sysfs: readable after all' > "$ur/sysfs/xpram/3/text"
chmod 755 "$ur" "$ur/kmsg" && chmod 644 "$ur/catalog" && chmod 000 "$ur/sysfs"
as_nobody=()
[ "$(id -u)" -eq 0 ] && as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
"${as_nobody[@]}" cat "$ur/sysfs/xpram/3/text" >/dev/null 2>&1
rc=$?
check "the sysfs fixture cannot be read by the tool's user (cat exits $rc)" [ $rc -eq 1 ]
"${as_nobody[@]}" "$ur/kmsg" --sysfs "$ur/sysfs" --catalog "$ur/catalog" explain xpram.3 \
	>"$out/unreadable" 2>"$out/unreadable.err"
rc=$?
check "an unreadable sysfs directory falls back to the catalog (exit $rc)" \
	exits $rc 0 [ "$(head -1 "$out/unreadable")" = 'xpram.3: No expanded memory available' ]
chmod 755 "$ur/sysfs"
rm -rf "$ur"

# Robustness: long lines, binary junk, invalid UTF-8.
"$py/long-lines.py" > "$out/long.log"
head -c 200000 /dev/urandom > "$out/junk.log"
printf 'xpram.4: \xff\xfe\xc3 is not a valid XPRAM device size\nbad: \xc0\xaf\n' > "$out/utf8.log"
for f in long junk utf8; do
	timeout 20 "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate "$out/$f.log" > "$out/$f.ann"
	rc=$?
	# (the lines of the input, one with a newline added if it had none)
	check "annotate survives $f input (exit $rc), copying it" \
		exits $rc 0 cmp -s <(grep -av '^-- ' "$out/$f.ann") <(grep -av '^-- ' "$out/$f.log")
done
check "the 200 kB %s value is found" grep -q "^--   @1: device = xxxxxxxx" "$out/long.ann"
timeout 20 "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json annotate "$out/utf8.log" > "$out/utf8.json"
rc=$?
check "--json output of invalid UTF-8 is valid JSON, each bad byte U+FFFD (exit $rc)" \
	exits $rc 0 "$py/invalid-utf8-json.py" "$out/utf8.json"

# --- log formats ---------------------------------------------------------------
lg=$fx/logs
# fmt_check FILE SPEC: kmsg --json annotate FILE exits 0, copies every line,
# and explains exactly the lines of SPEC ("LINE:TAG[=@1]" ...), each with
# the line's @1 when given
fmt_check() {
	local f=$1 spec=$2
	k --json annotate "$f" > "$out/fmt.json"
	exits $? 0 "$py/explained-lines.py" "$f" "$out/fmt.json" "$spec"
}
std="2:xpram.3 3:net.7=eth0"
check "dmesg: explained" fmt_check "$lg/dmesg.txt" "$std"
check "dmesg -T: explained" fmt_check "$lg/dmesg-T.txt" "$std"
check "dmesg -x: explained" fmt_check "$lg/dmesg-x.txt" "$std"
check "dmesg --time-format iso: explained" fmt_check "$lg/dmesg-iso.txt" "$std"
check "dmesg -r: explained" fmt_check "$lg/dmesg-r.txt" "$std"
check "/dev/kmsg: explained, its SUBSYSTEM=/DEVICE= lines copied only" \
	fmt_check "$lg/devkmsg.txt" "2:xpram.3 5:net.7=eth0"
check "journalctl short: kernel lines explained, another program's not" \
	fmt_check "$lg/journal-short.txt" "2:xpram.3 4:net.7=eth0"
check "journalctl short-iso (+0000 and +00:00): kernel lines only" \
	fmt_check "$lg/journal-short-iso.txt" "2:xpram.3 4:net.7=eth0"
check "journalctl short-precise: explained" fmt_check "$lg/journal-short-precise.txt" "$std"
check "journalctl short-monotonic: explained" fmt_check "$lg/journal-short-monotonic.txt" "$std"
check "journalctl short-full: explained" fmt_check "$lg/journal-short-full.txt" "$std"
check "journalctl cat: explained" fmt_check "$lg/journal-cat.txt" "$std"
check "journalctl json: MESSAGE with escapes and as bytes, kernel transport only" \
	fmt_check "$lg/journal.json" '2:xpram.3 4:net.7="eth0" 5:xpram.4=\ufffd\ufffd'
check "syslog RFC 3164, with and without the kernel's stamp: explained" \
	fmt_check "$lg/syslog-rfc3164.txt" "2:xpram.3 4:net.7=eth0"
check "syslog RFC 3339: explained" fmt_check "$lg/syslog-rfc3339.txt" "$std"
# all in one file, in the order of their names
cat "$lg"/* > "$out/mixed.log"
k annotate "$out/mixed.log" > "$out/mixed.ann"
rc=$?
check "a file mixing all formats (exit $rc): every line copied" \
	exits $rc 0 cmp -s <(grep -av '^-- ' "$out/mixed.ann") "$out/mixed.log"
check "a file mixing all formats: 31 lines explained" \
	[ "$(grep -c '^-- [a-z0-9]*\.[0-9]* (' "$out/mixed.ann")" -eq 31 ]
k explain 'Dec  4 12:00:00 s390host kernel: [    0.4] xpram.3: No expanded memory available' > "$out/exsys"
rc=$?
check "explain LINE takes a syslog line (exit $rc)" \
	exits $rc 0 grep -qx 'xpram.3: No expanded memory available' "$out/exsys"
k explain 'Dec  4 12:00:00 s390host myapp[1]: xpram.3: No expanded memory available' >/dev/null 2>&1
check "explain LINE: another program's syslog line is not the kernel's (exit 1)" [ $? -eq 1 ]

# Compressed logs: the same output as the plain one
gzip -c "$out/mixed.log" > "$out/mixed.log.gz"
xz -c "$out/mixed.log" > "$out/mixed.log.xz"
zstd -q -c "$out/mixed.log" > "$out/mixed.log.zst"
{ gzip -c "$lg/dmesg.txt"; gzip -c "$lg/dmesg-r.txt"; } > "$out/members.gz"
for c in gz xz zst; do
	k annotate "$out/mixed.log.$c" > "$out/mixed.$c.ann"
	rc=$?
	check "a .$c log reads as the plain one (exit $rc)" exits $rc 0 cmp -s "$out/mixed.$c.ann" "$out/mixed.ann"
done
k annotate < "$out/mixed.log.xz" > "$out/mixed.stdin.ann"
rc=$?
check "compressed standard input is told by its magic bytes (exit $rc)" \
	exits $rc 0 cmp -s "$out/mixed.stdin.ann" "$out/mixed.ann"
k annotate "$out/members.gz" > "$out/members.ann"
rc=$?
check "a gzip file of two members is read to the end (exit $rc)" \
	exits $rc 0 cmp -s <(grep -av '^-- ' "$out/members.ann") <(cat "$lg/dmesg.txt" "$lg/dmesg-r.txt")
"$py/net7-lines.py" 0 100000 > "$out/big.log"
for c in gzip xz zstd; do
	$c -c "$out/big.log" > "$out/whole.$c"
	head -c $(( $(stat -c %s "$out/whole.$c") / 2 )) "$out/whole.$c" > "$out/cut.$c"
	k annotate "$out/cut.$c" > "$out/cut.$c.ann" 2> "$out/cut.$c.err"
	rc=$?
	check "a cut-short $c file: exit 2 (exit $rc), 'FILE:LINE: the $c data ends early', lines before it copied" \
		exits $rc 2 bash -c "grep -q '^kmsg: $out/cut.$c:[0-9]*: the $c data ends early\$' '$out/cut.$c.err' &&
			[ \$(grep -vc '^-- ' '$out/cut.$c.ann') -gt 10000 ] &&
			grep -av '^-- ' '$out/cut.$c.ann' | sed '\$d' | cmp -s - <(head -n \$(grep -avc '^-- ' '$out/cut.$c.ann') '$out/big.log' | sed '\$d')"
done
# Without the libraries: a clear message, exit 2
mkdir -p "$out/nolib"
tmake OUTPUT="$out/nolib/" HAVE_ZLIB=0 HAVE_LZMA=0 HAVE_ZSTD=0 >"$out/nolib.log" 2>&1
for c in gz:gzip:zlib xz:xz:liblzma zst:zstd:libzstd; do
	IFS=: read -r ext name lib <<<"$c"
	"$out/nolib/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate "$out/mixed.log.$ext" \
		>/dev/null 2>"$out/nolib.$ext.err"
	rc=$?
	check "built without $lib: a $name file is refused clearly (exit $rc)" \
		exits $rc 2 grep -qx "kmsg: $out/mixed.log.$ext: cannot read $name-compressed data: this kmsg was built without $lib" \
		"$out/nolib.$ext.err"
done
check "the library-less build links none of them" \
	sh -c "! ldd '$out/nolib/kmsg' | grep -qE 'libz\.|liblzma|libzstd' && ldd '$out/kmsg' | grep -q libzstd"

# Directories: an unpacked sosreport (with compressed rotated logs) and a
# supportconfig; only the files that read like kernel logs, no symlinks
rm -rf "$out/tree" && mkdir -p "$out/tree"
cp -a "$fx/sosreport" "$fx/supportconfig" "$out/tree/"
gzip "$out/tree/sosreport/var/log/messages-20261201"
cp "$lg/syslog-rfc3339.txt" "$out/tree/sosreport/var/log/messages-20261120"
xz "$out/tree/sosreport/var/log/messages-20261120"
cp "$lg/dmesg-x.txt" "$out/tree/sosreport/var/log/dmesg.old"
zstd -q --rm "$out/tree/sosreport/var/log/dmesg.old"
(cd "$out/tree" && k annotate sosreport supportconfig) > "$out/tree.ann"
rc=$?
check "annotate DIR... (exit $rc): the golden output" exits $rc 0 diff -u "$fx/tree.golden" "$out/tree.ann"
(cd "$out/tree" && k --json annotate sosreport) > "$out/tree.json"
rc=$?
check "--json annotate DIR (exit $rc): each line's file and number" exits $rc 0 "$py/tree-files.py" "$out/tree.json"

# Repeats: in full once, then one line each; --repeat: in full each time
"$py/net7-lines.py" 1 2001 > "$out/rep.log"
k annotate "$out/rep.log" > "$out/rep.ann"
rc=$?
check "a message 2000 times (exit $rc): once in full, then 1999 lines referring to line 1, with the values" \
	exits $rc 0 sh -c "[ \$(grep -c '^-- A link went down' '$out/rep.ann') -eq 1 ] &&
		[ \$(grep -c '^-- net.7 (Warning) again, as at line 1; @1 = eth[0-9]*, @2 = [0-9]*, @3 = 0x1\$' '$out/rep.ann') -eq 1999 ] &&
		[ \"\$(tail -1 '$out/rep.ann')\" = '-- net.7 (Warning) again, as at line 1; @1 = eth2000, @2 = 2000, @3 = 0x1' ]"
k --repeat annotate "$out/rep.log" > "$out/rep-all.ann"
rc=$?
check "--repeat explains each of the 2000 in full (exit $rc)" \
	exits $rc 0 sh -c "[ \$(grep -c '^-- A link went down' '$out/rep-all.ann') -eq 2000 ] && ! grep -q again '$out/rep-all.ann'"
"$out/kmsg" --help > "$out/help"
rc=$?
check "--help (exit $rc) documents --repeat" exits $rc 0 grep -q -- '--repeat' "$out/help"

# Junk: binary bytes, NUL bytes, CRLF and a 3 MB line between kernel lines
"$py/junk-log.py" "$out/junk2.log"
timeout 20 "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --repeat annotate "$out/junk2.log" > "$out/junk2.ann"
rc=$?
check "binary junk, NUL bytes, CRLF, a 3 MB line (exit $rc): every line copied, byte for byte" \
	exits $rc 0 cmp -s <(grep -av '^-- ' "$out/junk2.ann") <(cat "$out/junk2.log"; echo)
check "and the kernel lines among them (CRLF ones too) explained" \
	[ "$(grep -c '^-- xpram.3 (Error)' "$out/junk2.ann")" -eq 3 ]

# --- lines of kernels without ids ------------------------------------------
s390c=$fx/catalog-s390
ks() { "$out/kmsg" --sysfs /nonexistent --catalog "$s390c" "$@"; }
ks explain 'dasd-eckd 0.0.0120: The DASD is not formatted' > "$out/u1"
rc=$?
check "'driver device: text' (exit $rc): the driver is the component, the device is shown" \
	exits $rc 0 sh -c "head -1 '$out/u1' | grep -qx 'dasd-eckd.15: The DASD is not formatted' && grep -qx 'Device: 0.0.0120' '$out/u1'"
ks explain '[ 1.1] qeth 0.0.f500: MAC address 02:00:00:af:1b:19 successfully registered' > "$out/u2"
rc=$?
check "a device line with a %pM value (exit $rc)" \
	exits $rc 0 sh -c "grep -qx 'Device: 0.0.f500' '$out/u2' && grep -qx '  @1: the MAC address = 02:00:00:af:1b:19' '$out/u2'"
ks explain 'dasd: 0.0.0122 Setting the DASD online with discipline ECKD failed with rc=-12' > "$out/u3"
rc=$?
check "the older 'component: device text' (exit $rc)" \
	exits $rc 0 sh -c "head -1 '$out/u3' | grep -q '^dasd.14: ' && grep -qx 'Device: 0.0.0122' '$out/u3' &&
		grep -qx '  @1: the discipline = ECKD' '$out/u3' && grep -qx '  @2: the return code = -12' '$out/u3'"
ks explain 'dasd: 0.0.0123: Setting the DASD online with discipline FBA failed with rc=-5' > "$out/u4"
rc=$?
check "'component: device: text' (exit $rc)" \
	exits $rc 0 sh -c "head -1 '$out/u4' | grep -q '^dasd.14: ' && grep -qx 'Device: 0.0.0123' '$out/u4'"
# kmsg_dev_*() with ids: the tag, then what dev_<level>() prints
ks explain 'dasd.14: dasd-eckd 0.0.0124: Setting the DASD online with discipline ECKD failed with rc=-5' > "$out/u7"
rc=$?
check "'tag: driver device: text' (exit $rc): the tag's entry, the device shown, the values read" \
	exits $rc 0 sh -c "head -1 '$out/u7' | grep -q '^dasd.14: ' && grep -qx 'Device: 0.0.0124' '$out/u7' &&
		grep -qx '  @2: the return code = -5' '$out/u7'"
# dev_<level>() of a driver whose messages are its family's: dasd-eckd
# prints dasd's (dasd.c's) for its devices, and that without an id
ks explain 'dasd-eckd 0.0.0125: Setting the DASD online with discipline ECKD failed with rc=-5' > "$out/u8"
rc=$?
check "'driver device: text' of the driver's family (dasd-eckd, a dasd message; exit $rc)" \
	exits $rc 0 sh -c "head -1 '$out/u8' | grep -q '^dasd.14: ' && grep -qx 'Device: 0.0.0125' '$out/u8'"
ks explain 'zfcp: The adapter 0.0.1900 reported an error' > "$out/u5"
rc=$?
check "a message with an embedded line break is known by its first line (exit $rc)" \
	exits $rc 0 sh -c "head -1 '$out/u5' | grep -qxF 'zfcp.9: The adapter %s reported an error\nStatus: %s' &&
		grep -qx '  @1: the bus ID = 0.0.1900' '$out/u5'"
ks --json explain 'amb: link x down' > "$out/u6"
rc=$?
check "several matching entries: all, best (most literal text) first (exit $rc)" \
	exits $rc 0 "$py/ambiguous-entries.py" "$out/u6"
ks --json annotate "$fx/logs/unpatched.txt" > "$out/u7"
rc=$?
check "--json annotate: one object a line, the others in alternatives (exit $rc)" \
	exits $rc 0 "$py/unpatched-alternatives.py" "$out/u7"
ks annotate "$fx/logs/unpatched.txt" > "$out/unpatched.ann"
rc=$?
check "annotate of an unpatched kernel's log (exit $rc): the golden output" \
	exits $rc 0 diff -u "$fx/unpatched.golden" "$out/unpatched.ann"
# 20000 formats of one component, 20000 lines: the index finds each line's
# format at once, where trying every format would take minutes
"$py/big-component.py" "$out/big-catalog" "$out/big-comp.log"
timeout 10 "$out/kmsg" --sysfs /nonexistent --catalog "$out/big-catalog" annotate "$out/big-comp.log" > "$out/big-comp.ann"
rc=$?
check "20000 lines against 20000 formats of a component in under 10 s (exit $rc)" \
	exits $rc 0 [ "$(grep -c '^-- big\.[0-9]* (Notice): ' "$out/big-comp.ann")" -eq 20000 ]
check "and each line found its own format" \
	grep -q '^-- big.12345 (Notice): sensor reading frobnicator12345 was %d' "$out/big-comp.ann"

# --- hashed ids (SUSE's and Ubuntu's s390 kernels) ----------------------------
# kmsg_lookup2() of scripts/kmsg-format.c: each line of standard input,
# its newline included, hashed; the low 24 bits as "%06x"
cat > "$out/lookup2.c" <<'EOF2'
#include <stdlib.h>
#include "kmsg-format.h"
int main(void)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, stdin)) > 0)
		printf("%06x\n", kmsg_lookup2(line, n, 0) & 0xffffff);
	free(line);
	return 0;
}
EOF2
gcc -Wall -Wextra -Werror -I"$top/scripts" -o "$out/lookup2" "$out/lookup2.c" "$top/scripts/kmsg-format.c" 2>"$out/lookup2.err"
check "kmsg_lookup2() of \"The hardware system does not support hypfs\\n\" is 7f5705" \
	[ "$(echo 'The hardware system does not support hypfs' | "$out/lookup2")" = 7f5705 ]
check "kmsg_lookup2() of \"Initialization of hypfs failed with rc=%i\\n\" is 7a79f0" \
	[ "$(echo 'Initialization of hypfs failed with rc=%i' | "$out/lookup2")" = 7a79f0 ]
# the lengths around the 12-byte blocks, against lookup2 written again in
# Python (tests/kmsg-tool-py/lookup2.py, for the checks below)
printf '%s\n' '' a abcdefghij abcdefghijk abcdefghijklmnopqrstuvw abcdefghijklmnopqrstuvwx \
	'%s: Setting the DASD online with discipline %s failed with rc=%i' > "$out/lookup2.in"
"$out/lookup2" < "$out/lookup2.in" > "$out/lookup2.out"
check "kmsg_lookup2() agrees with lookup2 in Python for keys of 1 to 65 bytes" \
	env PYTHONPATH="$py" "$py/lookup2-agrees.py" "$out/lookup2.in" "$out/lookup2.out"
ks explain hypfs.7f5705 > "$out/h1"
rc=$?
check "explain hypfs.7f5705 (exit $rc): the entry whose format hashes to it" \
	exits $rc 0 grep -qx 'hypfs.1: The hardware system does not support hypfs' "$out/h1"
ks --json annotate "$fx/logs/hashed.txt" > "$out/h2"
rc=$?
check "annotate of hashed-id lines (exit $rc): entry, values, and a device message by '%s: ' + format" \
	exits $rc 0 "$py/hashed-lines.py" "$out/h2"
ks explain hypfs.123abc >/dev/null 2>&1
check "an unknown hashed id exits 1" [ $? -eq 1 ]
# explain shows an entry's hashed ids next to its tag: of its format, and
# of "%s: " and its format, as printed for a device
ks explain hypfs.1 > "$out/h3"
rc=$?
check "explain hypfs.1 (exit $rc): 'Hashed id: hypfs.7f5705 (printed for a device: hypfs.6d3493)' after the tag" \
	exits $rc 0 sh -c "[ \"\$(sed -n 2p '$out/h3')\" = 'Hashed id: hypfs.7f5705 (printed for a device: hypfs.6d3493)' ] &&
		head -1 '$out/h3' | grep -qx 'hypfs.1: The hardware system does not support hypfs'"
ks --json explain hypfs.1 > "$out/h4"
rc=$?
check "--json explain hypfs.1 (exit $rc): \"hashed_id\": \"7f5705\", \"hashed_id_device\": \"6d3493\"" \
	exits $rc 0 "$py/hypfs1-hashed-ids.py" "$out/h4"
# Every entry: the ids shown are lookup2's of its format (as Python has
# it), and explaining either id finds the entry again
for t in $(sed 1d "$s390c" | cut -f1); do
	ks --json explain "$t"
done > "$out/h5"
: > "$out/h5.found"
for id in $("$py/hashed-id-pairs.py" "$out/h5"); do
	ks --json explain "${id#*=}" | "$py/found-tags.py" "$id" >> "$out/h5.found"
done
check "each entry's hashed ids (--json) are lookup2's of its format, plain and after '%s: '" \
	env PYTHONPATH="$py" "$py/hashed-ids.py" "$out/h5"
check "explain of each id shown finds its entry again" \
	sh -c "[ \$(wc -l < '$out/h5.found') -eq 22 ] && awk '{ split(\$1, t, \"=\"); ok = 0
		for (i = 2; i <= NF; i++) if (\$i == t[1]) ok = 1
		if (!ok) { print \"# \" \$0; bad = 1 } } END { exit bad }' '$out/h5.found'"

# --- report ------------------------------------------------------------------
(cd "$out/tree" && k report sosreport supportconfig) > "$out/report-tree"
rc=$?
check "report DIR... (exit $rc): each message with severity, count, first and last time; the golden output" \
	exits $rc 0 diff -u "$fx/report-tree.golden" "$out/report-tree"
(cd "$out/tree" && k --json report sosreport supportconfig) > "$out/report-tree.json"
rc=$?
check "report --json (exit $rc): the entries' objects with count, first and last" \
	exits $rc 0 json_same "$fx/report-tree.json" "$out/report-tree.json"
ks report "$fx/logs/unpatched.txt" "$fx/logs/hashed.txt" > "$out/report-s390"
rc=$?
check "report (exit $rc): most severe first, then by count; the s390 components' lines without entry by component" \
	exits $rc 0 diff -u "$fx/report-s390.golden" "$out/report-s390"
ks report "$fx/logs/dmesg.txt" > "$out/report-none"
rc=$?
check "report of a log without cataloged messages exits 1, printing nothing (exit $rc)" \
	exits $rc 1 [ ! -s "$out/report-none" ]
ks report "$out/nonexistent" >/dev/null 2>&1
check "report of a missing file exits 2" [ $? -eq 2 ]

# --- the formats kmsg shares with kmsg-gen (scripts/kmsg-format.h) ------------
gen=$out/kmsg-gen
gcc -O2 -o "$gen" -I"$top/scripts" $("$top/ws/kmsg-gen-sources.sh") \
	2>"$out/gen-cc.log"
check "kmsg-gen builds" [ -x "$gen" ] && [ ! -s "$out/gen-cc.log" ]

# The same bytes, UTF-8 or not, through the JSON strings of both: a
# description's for kmsg-gen dump, a log line's for kmsg --json annotate.
# Either writes what Python's bytes.decode("utf-8", "replace") reads: each
# maximal ill-formed part is one U+FFFD.
"$py/utf8-cases.py" "$out/utf8-desc" "$out/utf8-lines.log"
"$gen" dump "$out/utf8-desc" > "$out/utf8-desc.json" 2>"$out/utf8-desc.err"
rc=$?
"$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --json annotate "$out/utf8-lines.log" \
	> "$out/utf8-lines.json"
check "kmsg-gen dump (exit $rc) and kmsg --json write any bytes as valid JSON, the same way" \
	"$py/utf8-same.py" "$out/utf8-desc.json" "$out/utf8-lines.json" "$out/utf8-lines.log"

# The installed catalog file, as kmsg-gen index writes it, read by kmsg: the
# entries are their descriptions, field by field.
kfx=$top/tests/kmsg-gen
gcc -c -DFIXTURE=1 -o "$out/rec1.o" "$kfx/records.c"
"$gen" index --srctree "$kfx" --srcarch none -o "$out/index" "$out/rec1.o" 2>"$out/index.err"
"$gen" dump "$kfx/src/fix.c" "$kfx/Documentation/kmsg/fix" > "$out/fix.json"
for t in fix.1 fix.2; do
	"$out/kmsg" --sysfs /nonexistent --catalog "$out/index" --json explain $t
done > "$out/index.json"
check "kmsg reads what kmsg-gen index writes: every field of fix.1 and fix.2 as dump has it" \
	"$py/index-fields.py" "$out/fix.json" "$out/index.json"

# --- the system catalog and the order of the sources -------------------------
# kmsg-gen system: every description, whatever kernel, in the installed
# catalog's format with owner "system", sorted by component, then id.
"$gen" system -o "$out/system" "$fx/system-desc" 2>"$out/system.err"
rc=$?
check "kmsg-gen system (exit $rc): the catalog file format, owner system, sorted by component and id" \
	exits $rc 0 sh -c "head -1 '$out/system' | grep -qx '# kmsg catalog v3: tag severity owner text parameters description user_action printed releases' &&
		[ \"\$(sed 1d '$out/system' | cut -f1,3 | tr '\t' ' ' | paste -sd,)\" = 'sys.2 system,sys.10 system,xpram.1 system,xpram.3 system' ] &&
		[ ! -s '$out/system.err' ]"
cat "$fx/system-desc" "$fx/system-desc" > "$out/system-dup"
"$gen" system -o "$out/system-d" "$out/system-dup" 2>"$out/system-dup.err"
rc=$?
check "kmsg-gen system: a tag described twice is a finding (exit $rc), file:line, kept once" \
	exits $rc 1 sh -c "grep -q '^$out/system-dup:[0-9]*: sys.2: described again (first at $out/system-dup:[0-9]*)\$' '$out/system-dup.err' &&
		[ \$(grep -c '^sys.2	' '$out/system-d') -eq 1 ]"
# ws/system-catalog.sh: the one of the tree, every description file of
# Documentation/kmsg, any architecture
"$top/ws/system-catalog.sh" "$out/system-tree" "$out/system-man" 2>"$out/system-tree.err"
rc=$?
(cd "$top" && "$gen" dump $(find Documentation/kmsg -type f ! -name '*.rst' ! -path '*/po/*')) | wc -l > "$out/system-ndesc"
check "ws/system-catalog.sh (exit $rc): a line and a man page per description of Documentation/kmsg, each owned by system, sorted" \
	exits $rc 0 sh -c "n=\$(cat '$out/system-ndesc'); [ \$n -gt 800 ] &&
		[ \$(grep -vc '^#' '$out/system-tree') -eq \$n ] && [ \$(ls '$out/system-man' | wc -l) -eq \$n ] &&
		[ -f '$out/system-man/xpram.1.9' ] &&
		[ \$(cut -f3 '$out/system-tree' | grep -vc '^system\$') -eq 1 ] &&
		sed 1d '$out/system-tree' | cut -f1 | tr . ' ' | LC_ALL=C sort -c -t ' ' -k1,1 -k2,2n"

# Lines of files that had no prefix before they got ids, or whose prefix
# is not their component's name, found among every component's formats
# (the system catalog of the tree): each line, the tag it must get, the
# device it names ("-": none), the values of its parameters (of
# conversions side by side, as "SIGA:%s%s%s", the last takes the text).
kt() { "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --system-catalog "$out/system-tree" "$@"; }
while IFS='|' read -r line tag dev vals; do
	kt --json explain "$line" > "$out/anywhere.json" 2>"$out/anywhere.err"
	rc=$?
	check "a line with no component of its own is found among all formats: '$line' is $tag (exit $rc)" \
		exits $rc 0 "$py/anywhere-entry.py" "$out/anywhere.json" "$tag" "$dev" "$vals"
done <<'LINES'
Spectre V2 mitigation: etokens|nospec.1|-|
qeth 0.0.f502: qdio: OSA on SC 1b using AI:1 QEBSM:0 PRI:1 TDD:1 SIGA: W |qdio.1|0.0.f502|OSA;1b;1;0;1;1;;; W 
virtio_blk virtio1: Error -5 while deleting queue 0|virtio_ccw.2|virtio1|-5;0
fsm(ch-0.0.0600): init_fsm: Couldn't alloc instance|fsm.1|-|ch-0.0.0600
crw_collect_info: This was crw number 2 in the chain|cio.21|-|crw_collect_info;2
LINES
# ... but not every line: a format needs 16 characters of literal text to
# be tried on a line that names no component (a short one would take the
# lines of other subsystems), and a line of another subsystem stays
# unexplained.
printf '/*?\n * Tag: weak.1\n * Text: "%%s failed"\n * Severity: Error\n * Parameter:\n *   @1: what\n * Description:\n * A short format.\n * User action:\n * None.\n */\n' > "$out/weak-desc"
"$gen" system -o "$out/weak" "$out/weak-desc" 2>/dev/null
kw() { "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --system-catalog "$out/weak" "$@"; }
kw explain 'weak: probe failed' > "$out/weak1" 2>&1
rc1=$?
kw explain 'probe failed' > "$out/weak2" 2>&1
rc2=$?
kt explain 'random: crng init done' > "$out/weak3" 2>&1
rc3=$?
check "a short format explains its component's line ($rc1), not the same text without it ($rc2); another subsystem's line stays unexplained ($rc3)" \
	sh -c "[ $rc1 -eq 0 ] && grep -q '^weak.1' '$out/weak1' && [ $rc2 -ne 0 ] && [ $rc3 -ne 0 ] &&
	       grep -qF \"no catalog entry for 'random: crng init done'\" '$out/weak3'"

# Three sources: xpram.1 in all (sysfs wins), xpram.3 in the catalog file
# and the system catalog (the catalog file wins), sys.* only in the system
# catalog.
k3() { "$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --system-catalog "$out/system" "$@"; }
k3 explain sys.2 > "$out/sys2"
rc=$?
check "a tag only in the system catalog is explained (exit $rc), 'Source: system'" \
	exits $rc 0 sh -c "grep -qx 'Source: system' '$out/sys2' && grep -qx '  Only the system catalog knows this widget message.' '$out/sys2'"
for t in xpram.1:sysfs xpram.3:catalog sys.2:system; do
	k3 --json explain "${t%:*}"
done > "$out/order.json"
check "the order: sysfs before the module catalog before the system catalog" \
	[ "$(grep -o '"tag":"[^"]*"\|"source":"[^"]*"' "$out/order.json" | paste -sd,)" = \
	  '"tag":"xpram.1","source":"sysfs","tag":"xpram.3","source":"catalog","tag":"sys.2","source":"system"' ]
grep -q '"description":"From sysfs.' "$out/order.json" && grep -q '"description":"No expanded storage."' "$out/order.json"
check "and each entry's fields come from the source that won" [ $? -eq 0 ]
printf '%s\n' 'xpram.1: 7 is not a valid number of XPRAM devices' 'xpram: No expanded memory available' \
	'[    2.0] sys: widget w0 failed with rc=-5' 'Dec 04 12:00:00 s390host kernel: sys.10: gadget ready' > "$out/sources.log"
k3 annotate "$out/sources.log" > "$out/sources.ann"
rc=$?
check "annotate (exit $rc) names each line's source: sysfs, catalog, system (by text and by tag)" \
	exits $rc 0 sh -c "[ \"\$(grep '^-- Source: ' '$out/sources.ann' | paste -sd,)\" = '-- Source: sysfs,-- Source: catalog,-- Source: system,-- Source: system' ] &&
		grep -qx -- '--   @1: the widget = w0' '$out/sources.ann'"
k3 --json annotate "$out/sources.log" > "$out/sources.json"
rc=$?
check "--json annotate (exit $rc): source sysfs, catalog, system, system" \
	exits $rc 0 [ "$(grep -o '"source":"[a-z]*"' "$out/sources.json" | paste -sd,)" = \
		'"source":"sysfs","source":"catalog","source":"system","source":"system"' ]
k3 report "$out/sources.log" > "$out/sources.report"
check "report names the source of each message" \
	[ "$(grep '^  source: ' "$out/sources.report" | sort | uniq -c | awk '{ print $1 $3 }' | paste -sd,)" = '1catalog,1sysfs,2system' ]
k3 --json list > "$out/sources.list"
check "list: each tag once, from the first source that has it" \
	[ "$(grep -o '"tag":"[^"]*"\|"source":"[^"]*"' "$out/sources.list" | paste -sd, | sed 's/"tag"://g; s/,"source":/:/g')" = \
	  '"net.7":"catalog","net.8":"catalog","sys.2":"system","sys.10":"system","xpram.1":"sysfs","xpram.3":"catalog","xpram.4":"catalog"' ]
k3 list > "$out/sources.list.txt"
check "list (text): each line's third word is its source" \
	[ "$(cut -d' ' -f1,3 "$out/sources.list.txt" | paste -sd,)" = \
	  'net.7 catalog,net.8 catalog,sys.2 system,sys.10 system,xpram.1 sysfs,xpram.3 catalog,xpram.4 catalog' ]
"$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --system-catalog "$out/system-tree" \
	explain hypfs.1 > "$out/sys-hypfs"
rc=$?
check "the system catalog of Documentation/kmsg: explain hypfs.1 (exit $rc) shows hypfs.7f5705" \
	exits $rc 0 sh -c "sed -n 2p '$out/sys-hypfs' | grep -q '^Hashed id: hypfs.7f5705 (printed for a device: hypfs.[0-9a-f]\{6\})\$' &&
		grep -qx 'Source: system' '$out/sys-hypfs'"
KMSG_SYSTEM_CATALOG=$out/system "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent explain sys.10 > "$out/env" 2>&1
rc=$?
check "\$KMSG_SYSTEM_CATALOG names the system catalog (exit $rc)" exits $rc 0 grep -qx 'Source: system' "$out/env"
KMSG_SYSTEM_CATALOG=/nonexistent "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent \
	--system-catalog "$out/system" explain sys.10 >/dev/null 2>&1
rc1=$?
KMSG_SYSTEM_CATALOG=$out/system "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent \
	--system-catalog '' explain sys.10 >/dev/null 2>&1
rc2=$?
check "--system-catalog FILE wins over it (exit $rc1), an empty one means none (exit $rc2)" [ $rc1 -eq 0 -a $rc2 -eq 1 ]
KMSG_SYSTEM_CATALOG=$out "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent explain sys.10 >/dev/null 2>"$out/sysdir.err"
rc=$?
check "an unreadable system catalog is an I/O error (exit $rc) naming it" \
	exits $rc 2 grep -q "^kmsg: $out: " "$out/sysdir.err"
vg_check "valgrind: annotate and report with all three sources are clean" 0 vg9 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --system-catalog "$out/system" annotate "$out/sources.log"

# --- one JSON shape (kmsg(8), JSON OUTPUT) ------------------------------------
# Every entry's object, wherever --json writes one (explain TAG and LINE,
# annotate, its alternatives, report), starts with the keys of kmsg-gen
# dump in dump's order; kmsg's own keys follow in theirs; parameters are
# objects {name, description[, value]}; every key is in kmsg(8)'s JSON
# OUTPUT section, the entry's first ones in that order.
check "--json explain, annotate and report: entries start with dump's keys in dump's order, then kmsg's" \
	"$py/json-key-order.py" "$out/fix.json" "$top/tools/kmsg/kmsg.8" "$out"/json1 "$out"/json2 "$out"/json3 \
		"$out"/j8 "$out"/utf8.json "$out"/tree.json "$out"/u6 "$out"/u7 "$out"/h2 "$out"/h4 \
		"$out"/report-tree.json "$out"/json4
# --- messages printed without an id ("Printed: without id") ------------------
# Matched by their text among every component's formats whatever their
# length, from the start of the message: pr_cont() may have added to the
# line, and the log may have lost the blanks at its end.  A short format
# that is not flagged is not tried without its component.  sysfs has no
# field for the flag: the system catalog's says it for a sysfs entry.
nd=$out/noid
mkdir -p "$nd/Documentation/kmsg" "$nd/sysfs/oops/2"
cat > "$nd/Documentation/kmsg/oops" <<'EOF2'
/*?
 * Tag: oops.1
 * Text: "%s: %04x ilc:%d [#%d] "
 * Severity: Warning
 * Printed: without id
 * Parameter:
 *   @1: what
 *   @2: code
 *   @3: length
 *   @4: count
 * Description:
 * The first line of an oops.
 */

/*?
 * Tag: oops.2
 * Text: "AS:%016lx "
 * Severity: Alert
 * Printed: without id
 * Parameter:
 *   @1: the ASCE
 * Description:
 * The table walk.
 */

/*?
 * Tag: oops.3
 * Text: "R3:%016lx "
 * Severity: Alert
 * Parameter:
 *   @1: an entry
 * Description:
 * Short, and printed with an id.
 */

/*?
 * Tag: oops.4
 * Text: "           %016lx %016lx"
 * Severity: Warning
 * Printed: without id
 * Parameter:
 *   @1: a register
 *   @2: another
 * Description:
 * No literal word at all, and blanks first.
 */
EOF2
printf '%s\n' 'AS:%016lx ' > "$nd/sysfs/oops/2/text"
echo Alert > "$nd/sysfs/oops/2/severity"
: > "$nd/sysfs/oops/2/parameters"
echo 'From sysfs.' > "$nd/sysfs/oops/2/description"
: > "$nd/sysfs/oops/2/user_action"
"$gen" system -o "$nd/system" "$nd/Documentation/kmsg/oops"
cat > "$nd/log" <<'EOF2'
[   12.000001] Oops: 0004 ilc:3 [#1] PREEMPT SMP
[   12.000002] Krnl PSW : 0704c00180000000 000000000012abcd (do_thing+0x2c/0x60)
[   12.000003] AS:00000000027a4007 R3:0000000000000000 S:0000000000000000 P:0000000000000000
[   12.000004] R3:0000000000000000
[   12.000005] illegal operation: 0001 ilc:1 [#2]
[   12.000006]            0000000000000001 0000000000000002
[   12.000007] 0000000000000003 0000000000000004
Dec  5 12:00:01 s390 kernel: [   12.000008]            0000000000000005 0000000000000006
EOF2
KMSG_SYSTEM_CATALOG=$nd/system "$out/kmsg" --sysfs "$nd/sysfs" --catalog /nonexistent \
	annotate "$nd/log" > "$nd/out" 2>&1
rc=$?
diag "$nd/out"
check "a line printed without an id is explained from its start, pr_cont()'s additions after it (exit $rc)" \
	sh -c "grep -A1 -F 'Oops: 0004 ilc:3 [#1] PREEMPT SMP' '$nd/out' | grep -qF -- '-- oops.1 (Warning)' &&
	       grep -qF -- '--   @2: code = 0004' '$nd/out' && grep -qF -- '--   @4: count = 1' '$nd/out'"
check "a short one too (AS:...), whose entry comes from sysfs with the flag of the system catalog" \
	sh -c "grep -A2 -F 'AS:00000000027a4007 R3:' '$nd/out' | grep -qF -- '-- Source: sysfs'"
check "the same line without its blank at the end (illegal operation: ... [#2])" \
	sh -c "grep -A1 -F 'illegal operation: 0001 ilc:1 [#2]' '$nd/out' | grep -qF -- '-- oops.1'"
check "a short format printed with an id is not tried without its component (R3:...)" \
	sh -c "! grep -A1 -xF '[   12.000004] R3:0000000000000000' '$nd/out' | grep -q -- '^-- oops'"
check "a format of blanks and conversions only, its blanks kept after dmesg's and syslog's time stamps" \
	sh -c "grep -A4 -F '0000000000000001 0000000000000002' '$nd/out' | grep -qxF -- '--   @2: another = 0000000000000002' &&
	       grep -A1 -F '0000000000000005 0000000000000006' '$nd/out' | grep -qF -- '-- oops.4 (Warning) again, as at line 6; @1 = 0000000000000005, @2 = 0000000000000006'"
check "but not the same values without the blanks" \
	sh -c "! grep -A1 -F '0000000000000003 0000000000000004' '$nd/out' | grep -q -- '^-- '"
check "and neither is a line the start of which matches nothing (Krnl PSW ...)" \
	sh -c "! grep -A1 -F 'Krnl PSW' '$nd/out' | grep -q -- '^-- '"
KMSG_SYSTEM_CATALOG=$nd/system "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent \
	explain oops.1 > "$nd/explain" 2>&1
KMSG_SYSTEM_CATALOG=$nd/system "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent \
	--json explain oops.1 > "$nd/explain.json" 2>&1
check "explain says the message is printed without its tag, no hashed id; --json: printed_without_id" \
	sh -c "grep -qx 'Printed without its tag: the line starts with the text as it stands' '$nd/explain' &&
	       ! grep -q '^Hashed id' '$nd/explain' && grep -qF '\"printed_without_id\":true' '$nd/explain.json'"
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' oops.2 Alert system 'AS:%016lx ' '@1: x' 'v1' '' > "$nd/v1"
KMSG_SYSTEM_CATALOG=$nd/v1 "$out/kmsg" --sysfs /nonexistent --catalog /nonexistent \
	annotate "$nd/log" > "$nd/v1.out" 2>&1
check "a catalog file of version 1 (no printed field) is read, its entries with an id" \
	sh -c "KMSG_SYSTEM_CATALOG='$nd/v1' '$out/kmsg' --sysfs /nonexistent --catalog /nonexistent explain oops.2 | grep -qx '  v1' &&
	       ! grep -q -- '^-- oops.2' '$nd/v1.out'"
vg_check "valgrind: annotate of lines printed without an id is clean" 0 vg11 \
	env KMSG_SYSTEM_CATALOG="$nd/system" "$out/kmsg" --sysfs "$nd/sysfs" --catalog /nonexistent annotate "$nd/log"

vg_check "valgrind: --json explain of a line (an entry with values) exits 0 and is clean" 0 vg10 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json explain 'net.7: link eth0 down after 1500 ms (0x1f)'

vg_check "valgrind: annotate exits 0 and is clean" 0 vg1 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate "$fx/dmesg.log"
vg_check "valgrind: list --json exits 0 and is clean" 0 vg2 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json list
vg_check "valgrind: explain of a line without id exits 0 and is clean" 0 vg3 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" explain 'xpram: 64Q is not a valid XPRAM device size'
cd "$out/tree" || exit 1
vg_check "valgrind: annotate of a directory with gzip, xz and zstd logs is clean" 0 vg4 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" annotate sosreport supportconfig
cd "$top" || exit 1
vg_check "valgrind: annotate of an unpatched kernel's log is clean" 0 vg6 \
	"$out/kmsg" --sysfs /nonexistent --catalog "$s390c" annotate "$fx/logs/unpatched.txt"
vg_check "valgrind: annotate of hashed-id lines is clean" 0 vg7 \
	"$out/kmsg" --sysfs /nonexistent --catalog "$s390c" annotate "$fx/logs/hashed.txt"
vg_check "valgrind: report --json of the unpatched and hashed logs is clean" 0 vg8 \
	"$out/kmsg" --sysfs /nonexistent --catalog "$s390c" --json report "$fx/logs/unpatched.txt" "$fx/logs/hashed.txt"
vg_check "valgrind: --json annotate of the json, junk and cut-short logs is clean" 2 vg5 \
	"$out/kmsg" --sysfs "$sys" --catalog "$fx/catalog" --json annotate "$lg/journal.json" "$out/junk2.log" "$out/cut.gzip" "$out/cut.xz" "$out/cut.zstd"

# Errors under --json are JSON too, on standard output, one object a line
# among the records (as bpftool's p_err()); without it, text on stderr.
"$out/kmsg" --json --sysfs /nonexistent --catalog "$s390c" explain nosuch.1 > "$out/jerr1" 2> "$out/jerr1.err"
rc=$?
check "--json: no entry is {\"error\": ...} on stdout, nothing on stderr (exit $rc)" \
	exits $rc 1 sh -c "[ \"\$(cat '$out/jerr1')\" = '{\"error\":\"no catalog entry for '\\''nosuch.1'\\''\"}' ] && [ ! -s '$out/jerr1.err' ]"
"$out/kmsg" --json frob > "$out/jerr2" 2> "$out/jerr2.err"
rc=$?
check "--json: an unknown command is a JSON error and the usage on stderr (exit $rc)" \
	exits $rc 2 sh -c "grep -qx '{\"error\":\"unknown command .frob.\"}' '$out/jerr2' && grep -q '^usage: kmsg' '$out/jerr2.err'"
"$out/kmsg" list a b > "$out/jerr3" 2>&1
rc=$?
check "a command with too many arguments is refused by name (exit $rc)" \
	exits $rc 2 grep -qx "kmsg: wrong number of arguments for 'list'" "$out/jerr3"

done_testing

#!/bin/bash
# The generic catalog (Documentation/kmsg/generic, host only): every entry's
# Text is printed by its Source: files in Linux 6.12 (the tree make
# prepares) and, with its Release 6.1 text, in Debian 12's 6.1
# (linux-source-6.1), as make D=1 proves it; a Text changed by one letter
# is refused; the system catalog explains the lines of
# tests/generic/explained.tsv by their entry, and no line of
# tests/generic/uncataloged.log by any generic entry.  TAP output.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
. "$top/ws/vars.sh"
out=$top/build/test-generic
rm -rf "$out"
mkdir -p "$out"
gen=$out/kmsg-gen
gcc -O2 -Wall -Wextra -Werror -o "$gen" -I"$top/scripts" $("$top/ws/kmsg-gen-sources.sh")
check "kmsg-gen builds" [ -x "$gen" ]

mapfile -t files < <(find "$top/Documentation/kmsg/generic" -type f ! -name '*.rst' | LC_ALL=C sort)
"$gen" dump "${files[@]}" > "$out/all.json"
rc=$?
entries=$(wc -l < "$out/all.json")
check "the ${#files[@]} generic components parse: $entries entries (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ ${#files[@]} -ge 1 ] && [ $entries -ge ${#files[@]} ]"

"$gen" source-check --srctree "$KSRC" "${files[@]}" 2> "$out/612.err"
rc=$?
[ -s "$out/612.err" ] && diag "$out/612.err"
check "every generic Text is printed by its Source: files in 6.12 (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$out/612.err' ]"

# The files the entries name, out of Debian's 6.1 tarball (once: kept
# while the list stays the same).
old=$top/build/linux-6.1
tarball=/usr/src/linux-source-6.1.tar.xz
sed -n 's/^ \* Source\( 6\.1\)\{0,1\}: *//p' "${files[@]}" | LC_ALL=C sort -u |
	sed 's|^|linux-source-6.1/|' > "$out/61.list"
if ! cmp -s "$out/61.list" "$old.list"; then
	rm -rf "$old" "$old.list"
	mkdir -p "$old"
	tar -C "$old" -xJf "$tarball" --strip-components=1 --ignore-failed-read \
		-T "$out/61.list" 2> "$out/tar.err"
	cp "$out/61.list" "$old.list"
fi
"$gen" source-check --srctree "$old" --release 6.1 "${files[@]}" 2> "$out/61.err"
rc=$?
[ -s "$out/61.err" ] && diag "$out/61.err"
check "every generic entry prints its Release 6.1 text (or its Text) in 6.1, from $tarball (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ ! -s '$out/61.err' ]"

# One letter of each one-line Text changed: source-check must refuse each.
for f in "${files[@]}"; do
	python3 -c '
import re, sys
def mut(m):
    t = m.group(1)
    i = [k for k, c in enumerate(t) if c.isalpha() and (k == 0 or t[k - 1] != "%")]
    k = i[len(i) // 2]
    return " * Text: \"" + t[:k] + ("Q" if t[k] != "Q" else "Z") + t[k + 1:] + "\""
print(re.sub(r"^ \* Text: \"(.*[A-Za-z].*)\"$", mut, open(sys.argv[1]).read(), flags=re.M), end="")
' "$f" > "$out/mutated-${f##*/}"
done
"$gen" source-check --srctree "$KSRC" "$out"/mutated-* 2> "$out/mutated.err"
refused=$(grep -c 'is not printed by its Source: files' "$out/mutated.err")
changed=$(cat "$out"/mutated-* | grep -c '^ \* Text: ".*"$')
check "a Text changed by one letter is refused: $refused of $changed one-line Texts" \
	[ "$refused" -eq "$changed" ]

# The system catalog explains the lines of explained.tsv by their entry.
"$gen" system -o "$out/system.catalog" $(cd "$top" && find Documentation/kmsg -type f ! -name '*.rst' ! -path '*/po/*' |
	LC_ALL=C sort | sed "s|^|$top/|") 2> "$out/system.err"
check "the system catalog builds with the generic entries" [ -s "$out/system.catalog" ]
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE -u ARCH \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$out/" > "$out/tool.log" 2>&1
check "the kmsg tool builds" [ -x "$out/kmsg" ]
kmsg=("$out/kmsg" --sysfs /nonexistent --catalog /nonexistent --system-catalog "$out/system.catalog")
comps=$(printf '%s\n' "${files[@]##*/}" | paste -sd'|')
bad=0
nlines=0
while IFS=$'\t' read -r tag line from; do
	case $tag in '#'* | '') continue ;; esac
	nlines=$((nlines + 1))
	# a line of 6.1's text is explained by the entry's copy for it
	want=$tag
	[ "$from" = 6.1 ] && want="$tag 6.1"
	got=$("${kmsg[@]}" --json annotate <<< "$line" |
		python3 -c 'import json, sys
for o in map(json.loads, sys.stdin):
    if "tag" in o:
        print(o["tag"] + (" 6.1" if o.get("release_text") else ""))' | paste -sd' ')
	if [ "$got" != "$want" ]; then
		echo "# $tag: got '$got' for: $line"
		bad=$((bad + 1))
	fi
done < "$top/tests/generic/explained.tsv"
check "each of the $nlines lines of explained.tsv is explained by its entry alone ($bad are not)" [ "$bad" -eq 0 ]

"${kmsg[@]}" --json annotate "$top/tests/generic/uncataloged.log" > "$out/uncataloged.json"
rc=$?
python3 -c 'import json, sys
comps = set(sys.argv[1].split("|"))
for o in map(json.loads, open(sys.argv[2])):
    if o.get("tag", ".").split(".")[0] in comps:
        print(o["tag"])' "$comps" "$out/uncataloged.json" > "$out/false.txt"
lines=$(wc -l < "$top/tests/generic/uncataloged.log")
got=$(grep -c '"line":' "$out/uncataloged.json")
nfalse=$(wc -l < "$out/false.txt")
[ "$nfalse" -gt 0 ] && diag "$out/false.txt"
check "no line of uncataloged.log is explained by a generic entry ($nfalse of $got lines annotated, exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ $got -eq $lines ] && [ $nfalse -eq 0 ]"

# A netdev_*() line, "driver device eth0: text": the driver's entry alone
# (not another driver's of a similar text), the device, the interface as
# @1 and the empty registration state as @2 (a name and its suffix).
got=$("${kmsg[@]}" --json annotate <<< 'e1000e 0000:00:19.0 eth0: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: Rx/Tx' |
	python3 -c 'import json, sys
o = json.loads(sys.stdin.readline())
print(o.get("tag"), o.get("device"), [p.get("value") for p in o.get("parameters", [])][:2], len(o.get("alternatives", [])))')
check "a netdev line is e1000e.1's alone, its device and interface read right ($got)" \
	[ "$got" = "e1000e.1 0000:00:19.0 ['eth0', ''] 0" ]

# Real lines quoted in public reports (public.tsv: kind, source, line):
# an explained line is explained by a component of its kind.
grep -v '^#' "$top/tests/generic/public.tsv" | cut -f3 > "$out/public.log"
"${kmsg[@]}" --json annotate "$out/public.log" > "$out/public.json"
python3 - "$top/tests/generic/public.tsv" "$out/public.json" > "$out/public.txt" <<'EOF2'
import json, sys
kinds = {"oom": "oom memcg page_alloc panic", "hung_task": "hung_task panic",
         "lockup": "watchdog panic", "rcu": "rcu panic nmi_backtrace", "block": "block buffer",
         "scsi": "scsi sd block", "libata": "libata scsi sd", "nvme": "nvme block",
         "md": "md block", "dm": "device-mapper block", "ext4": "ext4 jbd2", "xfs": "xfs",
         "btrfs": "btrfs", "nfs": "nfs", "net": "net", "conntrack": "nf_conntrack",
         "tcp": "tcp", "nic": "e1000e igb ixgbe r8169 virtio_net mlx5_core net dm9000",
         "mce": "mce thermal edac panic", "edac": "edac mce", "aer": "aer",
         "thermal": "thermal mce", "segfault": "traps x86-fault", "usb": "usb usb-storage"}
# the lines of any report (stack dump headers, rate limiting, lockdep) and
# of any PCI device (the PCI core prints them with the driver's name)
anykind = "dump_stack modules ratelimit lockdep panic pci iommu".split()
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if not l.startswith("#")]
objs = [json.loads(l) for l in open(sys.argv[2])]
assert len(rows) == len(objs), (len(rows), len(objs))
explained = wrong = 0
for (kind, src, line), o in zip(rows, objs):
    if "tag" not in o:
        continue
    explained += 1
    comp = o["tag"].split(".")[0]
    if kind != "other" and comp not in kinds[kind].split() + anykind:
        wrong += 1
        print("# wrong: %s for a %s line (%s): %s" % (o["tag"], kind, src, line))
print("%d %d %d" % (len(rows), explained, wrong))
EOF2
rc=$?
read -r pn pe pw < <(tail -n 1 "$out/public.txt")
grep '^# ' "$out/public.txt"
check "public.tsv: $pe of $pn real lines explained, none by a component of another kind (${pw:-?} are; exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ '${pn:-0}' -gt 0 ] && [ '${pw:-1}' -eq 0 ]"

done_testing

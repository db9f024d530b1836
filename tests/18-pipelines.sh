#!/bin/bash
# kmsg in the log pipelines, for real: "kmsg mmexternal" answers rsyslog's
# external message modification protocol line by line; Debian 12's
# rsyslogd and syslog-ng (build/syslog-ng, ws/deps.sh) run with the
# shipped example configurations (tools/kmsg/examples; only the paths of
# the tool, the catalog table and the output files changed), get kernel
# lines over TCP (tagged, hashed id, untagged, unknown, malformed, and
# another program's between them; the plugin alone gets empty, invalid
# JSON, odd bytes and 100 KB lines) and every record that comes out is checked: each
# kernel line once, in order, explained where the catalog knows it,
# nothing else.  A pipe's reader (a program destination) gets each line's
# explanation before the next line comes.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-pipelines
rm -rf "$out"
mkdir -p "$out/obj"
export KMSG_SYSTEM_CATALOG=
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE CFLAGS="-O2 -g" \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$out/obj/" >"$out/cc.log" 2>&1
"$top/ws/system-catalog.sh" "$out/system.catalog" 2>"$out/system.err"
check "the tool and the system catalog are built" [ -x "$out/obj/kmsg" -a -s "$out/system.catalog" ]
kmsg="$out/obj/kmsg --sysfs $out/none --catalog $out/none --system-catalog $out/system.catalog"
# json PROGRAM FILE: python3 reads FILE's JSON lines as L (a list)
json() { python3 -c "import json, sys; L = [json.loads(l) for l in open(sys.argv[1])]; $1" "$2"; }

# --- the mmexternal protocol on its own -------------------------------------------
long=$(head -c 100000 /dev/zero | tr '\0' x)
{
	echo 'xpram.1: 42 is not a valid number of XPRAM devices'
	echo ' hypfs.7f5705: The hardware system does not support hypfs'
	echo ''
	echo '{"msg": "unterminated'
	echo '{"msg":" [   12.345678] xpram.1: 42 is not a valid number of XPRAM devices","programname":"kernel"}'
	echo '{"msg":"xpram.1: 42 is not a valid number of XPRAM devices","programname":"sshd"}'
	echo "$long"
	printf 'xpram.1: \377\376 is not a valid number of XPRAM devices\n'
	echo 'Out of memory: Killed process 1234 (hog) total-vm:100kB, anon-rss:50kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0'
} >"$out/mm.in"
$kmsg mmexternal <"$out/mm.in" >"$out/mm.out" 2>"$out/mm.err"
rc=$?
got=$(json 'print(" ".join((o.get("$!") or {}).get("kmsg", {}).get("tag", "-") for o in L))' "$out/mm.out")
check "mmexternal (exit $rc): a reply a line, in order; empty, malformed, other programs' and unknown lines {}, a tag with odd bytes by its tag ($got)" \
	sh -c "[ $rc -eq 0 ] && [ \$(wc -l <'$out/mm.out') -eq \$(wc -l <'$out/mm.in') ] && [ ! -s '$out/mm.err' ] &&
		[ '$got' = 'xpram.1 hypfs.1 - - xpram.1 - - xpram.1 oom.1' ]"
check "its reply has the fields under \$! kmsg (tag, severity, text, summary, user_action, source), summary one sentence" \
	json 'k = L[0]["$!"]["kmsg"]; assert list(k) == ["tag", "severity", "text", "summary", "user_action", "source"], k
assert k["summary"] == "The XPRAM driver splits expanded storage into 1 to 32 partitions.", k
assert "\n" not in k["user_action"] and k["user_action"].startswith("Choose a number of partitions from 1 to 32.")
assert [l for l in open(sys.argv[1])][2] == "{}\n"' "$out/mm.out"
# live NAME CMD...: CMD reads a FIFO that gets one line and stays open;
# prints what CMD wrote of it within 5 s (into $out/NAME.out), then
# closes the FIFO and waits for CMD
live() {
	local name=$1 pid
	shift
	mkfifo "$out/$name.fifo"
	"$@" <"$out/$name.fifo" >"$out/$name.out" &
	pid=$!
	exec 3>"$out/$name.fifo"
	echo 'xpram.1: 42 is not a valid number of XPRAM devices' >&3
	for _ in $(seq 50); do [ -s "$out/$name.out" ] && break; sleep 0.1; done
	cat "$out/$name.out"
	exec 3>&-
	wait $pid
}
# rsyslog waits for each reply before the next message: one line in,
# its reply out, with the pipe still open
live=$(live mm-live $kmsg mmexternal)
check "mmexternal replies to a line at once, before the next one or the end comes" \
	[ "${live:0:31}" = '{"$!":{"kmsg":{"tag":"xpram.1",' ]

# --- the lines the daemons get ----------------------------------------------------
# kernel lines over TCP, RFC 3164, and what each should come out as:
# "tag" from the daemon's own enrichment, "-" none
cat >"$out/lines.tsv" <<'EOF'
xpram.1	xpram.1: 42 is not a valid number of XPRAM devices
hypfs.1	hypfs.7f5705: The hardware system does not support hypfs
-	[   12.500000] a line no catalog describes
xpram.1	[   13.000000] xpram.1: 7 is not a valid number of XPRAM devices
-	zzz.9: a tag of no component
oom.1	Out of memory: Killed process 1234 (hog) total-vm:100kB, anon-rss:50kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:4kB oom_score_adj:0
-	{"msg": "json in a message"
dasd.14	dasd.e8c2e5: 0.0.0122: Setting the DASD online with discipline ECKD failed with rc=-12
-	xpram.1 ... truncated: 42 is not
EOF
nl=$(wc -l <"$out/lines.tsv")
# free_port: a TCP port of loopback that nothing listens on
free_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 30000))
		(exec 5<>/dev/tcp/127.0.0.1/$p) 2>/dev/null || { echo $p; return; }
	done
}
# send PORT: the lines, each after a line of another program
send() {
	local i=0 tag msg
	exec 4<>/dev/tcp/127.0.0.1/"$1" || return 1
	while IFS=$'\t' read -r tag msg; do
		i=$((i + 1))
		printf '<13>Dec  7 10:00:%02d host1 sshd[7]: Accepted key %d\n' $i $i >&4
		printf '<3>Dec  7 10:00:%02d host1 kernel: %s\n' $i "$msg" >&4
	done <"$out/lines.tsv"
	exec 4>&-
}
# wait_lines FILE N: until FILE has N lines (20 s at most)
wait_lines() {
	for _ in $(seq 200); do
		[ "$(cat "$1" 2>/dev/null | wc -l)" -ge "$2" ] && return 0
		sleep 0.1
	done
	return 1
}
# the tags of the output's records
want_tags() { cut -f1 "$out/lines.tsv" | tr '\n' ' '; }

# --- rsyslog ------------------------------------------------------------------------
r=$out/rsyslog
rport=$(free_port)
mkdir -p "$r"
sed -e "s|/usr/sbin/kmsg mmexternal|$kmsg mmexternal|" -e "s|/var/log/kernel-explained.json|$r/out.json|" \
	"$top/tools/kmsg/examples/rsyslog-kmsg.conf" >"$r/kmsg.conf"
cat >"$r/rsyslog.conf" <<EOF
global(workDirectory="$r")
module(load="imtcp")
input(type="imtcp" address="127.0.0.1" port="$rport")
include(file="$r/kmsg.conf")
EOF
rsyslogd -N1 -f "$r/rsyslog.conf" >"$r/check.log" 2>&1
rc=$?
check "rsyslogd $(rsyslogd -v | sed -n '1s/^rsyslogd *\([0-9.]*\).*/\1/p') -N1 accepts the shipped configuration (exit $rc)" [ $rc -eq 0 ]
rsyslogd -n -iNONE -f "$r/rsyslog.conf" >"$r/rsyslogd.log" 2>&1 &
pid=$!
for _ in $(seq 50); do send $rport 2>/dev/null && break; sleep 0.1; done
wait_lines "$r/out.json" "$nl"
sleep 0.5
kill $pid
wait $pid
diag "$r/rsyslogd.log"
json 'print("\n".join(o["msg"].lstrip(" ") for o in L))' "$r/out.json" >"$r/msgs"
got=$(json 'print(" ".join(o["kmsg"]["tag"] if o["kmsg"] else "-" for o in L), end=" ")' "$r/out.json")
check "rsyslog: each of the $nl kernel lines once, in order, no other program's ($(wc -l <"$r/out.json") records)" \
	sh -c "cut -f2 '$out/lines.tsv' | cmp -s - '$r/msgs'"
check "rsyslog: explained where the catalog knows the line, untouched where not ($got)" [ "$got" = "$(want_tags)" ]
check "rsyslog: a record's kmsg has the entry's fields, the record its time and host" \
	json 'o = L[0]; assert o["host"] == "host1" and o["time"].endswith("T10:00:01+00:00"), o
assert o["kmsg"]["severity"] == "Error" and o["kmsg"]["source"] == "system", o
assert all(list(o) == ["time", "host", "msg", "kmsg"] for o in L)' "$r/out.json"

# --- syslog-ng ----------------------------------------------------------------------
s=$out/syslog-ng
sng=$top/build/syslog-ng
sport=$(free_port)
mkdir -p "$s"
$kmsg context-data >"$s/context-data.csv"
rc=$?
check "kmsg context-data (exit $rc): rows of tag, hashed ids and fields, each value a string template" \
	sh -c "[ $rc -eq 0 ] && grep -qx 'xpram.1,kmsg.tag,\"string(xpram.1)\"' '$s/context-data.csv' &&
		grep -qx 'hypfs.7f5705,kmsg.tag,\"string(hypfs.1)\"' '$s/context-data.csv' &&
		! grep -q '^oom\\.1,' '$s/context-data.csv' && ! grep -v '^[a-z0-9_-]*\\.[0-9a-f]*,kmsg\\.[a-z_]*,\"string(.*)\"\$' '$s/context-data.csv'"
sed -e "s|/usr/sbin/kmsg|$kmsg|" -e "s|/var/lib/kmsg/context-data.csv|$s/context-data.csv|" \
	-e "s|/var/log/|$s/|g" "$top/tools/kmsg/examples/syslog-ng-kmsg.conf" >"$s/kmsg.conf"
cat >"$s/syslog-ng.conf" <<EOF
@version: 3.38
options { keep-hostname(yes); };
source s_src { network(ip("127.0.0.1") port($sport) transport("tcp")); };
@include "$s/kmsg.conf"
EOF
sngd=(env LD_LIBRARY_PATH="$sng/usr/lib/syslog-ng" "$sng/usr/sbin/syslog-ng" --no-caps -f "$s/syslog-ng.conf"
	--module-path="$sng/usr/lib/syslog-ng/3.38" -R "$s/persist" -p "$s/pid" -c "$s/ctl")
"${sngd[@]}" -s >"$s/check.log" 2>&1
rc=$?
diag "$s/check.log"
check "syslog-ng $("${sngd[@]}" --version 2>/dev/null | sed -n 's/^Installer-Version: //p') -s accepts the shipped configuration (exit $rc)" [ $rc -eq 0 ]
"${sngd[@]}" -F >"$s/syslog-ng.log" 2>&1 &
pid=$!
for _ in $(seq 50); do send $sport 2>/dev/null && break; sleep 0.1; done
notag=$(grep -c '^-' "$out/lines.tsv")
wait_lines "$s/kernel-explained.json" "$nl"
wait_lines "$s/kernel-explained-text.json" 3
sleep 0.5
kill $pid
wait $pid
diag "$s/syslog-ng.log"
json 'print("\n".join(o["msg"] for o in L))' "$s/kernel-explained.json" >"$s/msgs"
got=$(json 'print(" ".join(o["kmsg"]["tag"] if "kmsg" in o else "-" for o in L), end=" ")' "$s/kernel-explained.json")
check "syslog-ng: each of the $nl kernel lines once, in order, no other program's" \
	sh -c "cut -f2 '$out/lines.tsv' | cmp -s - '$s/msgs'"
# by id (add-contextual-data): the lines with a tag or hashed id it has
want=$(while IFS=$'\t' read -r tag msg; do
	case $msg in xpram.1:* | *\]\ xpram.1:* | hypfs.* | dasd.*) echo -n "$tag " ;; *) echo -n "- " ;; esac
done <"$out/lines.tsv")
check "syslog-ng: add-contextual-data explains the lines with a known id ($got)" [ "$got" = "$want" ]
# without an id: the program path, kmsg --json annotate
json 'print("\n".join(o["line"].split(" kernel: ", 1)[1] + "\t" + o.get("tag", "-") for o in L))' \
	"$s/kernel-explained-text.json" >"$s/text.tsv"
awk -F'\t' '$2 !~ /^(\[ *[0-9.]*\] )?[a-z0-9_-]*\.[0-9a-f]*: / { print $2 "\t" $1 }' "$out/lines.tsv" >"$s/text.want"
check "syslog-ng: each line without an id once through kmsg annotate, explained by its text where known" \
	cmp -s "$s/text.want" "$s/text.tsv"
[ $? -eq 0 ] || diff "$s/text.want" "$s/text.tsv" | sed 's/^/# /'

# --- a pipe's reader ----------------------------------------------------------------
live=$(live an $kmsg --json annotate)
check "annotate writes a line's explanation before the next line comes (journalctl -f, program destinations)" \
	[ "${live:0:17}" = '{"tag":"xpram.1",' ]

# The ingest example names keys that annotate --json writes
check "examples/elasticsearch-ingest.json is JSON and names only keys of annotate --json's records" \
	python3 -c '
import json, re, sys
pipe = json.load(open(sys.argv[1]))
rec = json.loads(open(sys.argv[2]).readline())
keys = set(rec) | {"alternatives"}
named = set(re.findall(r"kmsg\.([a-z_]+)", json.dumps(pipe["processors"])))
assert named and named <= keys, named - keys
assert {"tag", "severity", "line"} <= named' "$top/tools/kmsg/examples/elasticsearch-ingest.json" "$out/an.out"
done_testing

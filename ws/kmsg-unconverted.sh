#!/bin/bash
# The calls at levels emerg to info left without an id in the s390 tree:
# one line "COUNT FILE" per file of arch/s390 and drivers/s390 (relative
# to SRCTREE, default build/linux) that has any: pr_<level>() and
# dev_<level>() (with their _once and _ratelimited forms), printk() with
# a KERN_<LEVEL> of emerg to info or with none, early_printk(), and the
# boot stage's boot_printk() (arch/s390/boot: no levels; its messages
# with ids go through boot_kmsg()).
# Comments are left out (the compiler's own reading: cpp -fpreprocessed),
# and so are macro definitions and the declaration and definition of
# boot_printk() (lines with "void"); KERN_DEBUG and KERN_CONT calls,
# pr_debug(), pr_cont() and dev_dbg() are not counted.  tests/22 checks
# the list against CATALOG.md's table of what stays without an id.
#   ws/kmsg-unconverted.sh [SRCTREE]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$top/build/linux}
[ -d "$src/arch/s390" ] || { echo "kmsg-unconverted: no s390 tree in $src" >&2; exit 2; }
call='\b(pr_(emerg|alert|crit|err|warn|warning|notice|info)(_once|_ratelimited)?|dev_(emerg|alert|crit|err|warn|notice|info)(_once|_ratelimited)?|printk(_once|_ratelimited|_deferred)?|early_printk|boot_printk)[[:space:]]*\('
cd "$src"
# the files that name such a call at all (the links to our own files too),
# then each without its comments
grep -RlE --include='*.[ch]' "$call" arch/s390 drivers/s390 | LC_ALL=C sort |
while read -r f; do
	n=$(gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null |
		grep -vE '^[[:space:]]*#[[:space:]]*define|\bvoid\b.*\bboot_printk\b' |
		grep -oE "$call[[:space:]]*(KERN_[A-Z]+)?" |
		grep -cvE 'KERN_(DEBUG|CONT|SOH)$') || true
	[ "$n" -gt 0 ] && echo "$n $f"
done
exit 0

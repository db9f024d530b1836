#!/bin/bash
# Export the whole project as a git format-patch series against pristine
# Linux 6.12 into build/patches/: one commit per file of patches/series,
# in its order.  Each patch file is the commit: its header is the commit
# message (From:, Subject:, the body), its "Adds: PATH" lines name the
# files of this repository (a folder: all files in it) the commit adds,
# and its diff, if any, changes upstream files.  Nothing here writes a
# commit message or edits a file the series wrote.
#
#   ws/patches.sh [OUT]      (default build/patches; the series' git tree
#                             is OUT-git, its first commit tagged base)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"
out=${1:-$top/build/patches}
work=$out-git
rm -rf "$work" "$out"
mkdir -p "$work" "$out"

# Pristine copies of the upstream files the series changes.
files=$(cd "$top/patches" && xargs cat < series | sed -n 's|^--- a/||p' | sort -u)
tarball=$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)
tar -xf "$tarball" -C "$work" --strip-components=1 \
	$(printf 'linux-source-6.12/%s ' $files)
cd "$work"
git init -q
# fixed names and dates: the same patches give the same commits
export GIT_COMMITTER_NAME=kmsg-series GIT_COMMITTER_EMAIL=kmsg-series@localhost
export GIT_COMMITTER_DATE=2026-01-01T00:00:00Z GIT_AUTHOR_DATE=2026-01-01T00:00:00Z
git add -A
git -c user.name=Linux -c user.email=linux@localhost commit -qm "Linux 6.12 (the files this series changes)"
git tag base
base=$(git rev-parse HEAD)

added=$work/.git/kmsg-added
: > "$added"
while read -r p; do
	f=$top/patches/$p
	author=$(sed -n '1s/^From: //p' "$f")
	[ -n "$author" ] && grep -q '^Subject: ' "$f" ||
		{ echo "patches: $p: no From: and Subject: header" >&2; exit 1; }
	# the message: the subject, then the body up to the Adds: lines or
	# the diff
	awk 'NR == 2 { sub(/^Subject: /, ""); print; next }
	     NR < 3 { next }
	     /^Adds: / || /^--- a\// { exit } { print }' "$f" > "$work/.git/kmsg-msg"
	for a in $(sed -n 's/^Adds: //p' "$f"); do
		[ -e "$top/$a" ] || { echo "patches: $p adds $a, which is not in the repository" >&2; exit 1; }
		# the files git has of it: nothing built or left beside them
		(cd "$top" && git ls-files "$a") | tee -a "$added" | while read -r g; do
			mkdir -p "$(dirname "$g")"
			cp "$top/$g" "$g"
		done
	done
	if grep -q '^--- a/' "$f"; then
		sed -n '/^--- a\//,$p' "$f" | patch -s -p1 --no-backup-if-mismatch
	fi
	git add -A
	git commit -q --author="$author" -F "$work/.git/kmsg-msg"
done < "$top/patches/series"

# Every file of ours that ws/prepare.sh puts into the tree is added by
# exactly one commit, but the project's own kernel configurations.
lost=$(cd "$top" && git ls-files $OVERLAY_DIRS | grep -v '^kernel/configs/kmsg_.*\.config$' |
	LC_ALL=C sort | comm -3 - <(LC_ALL=C sort "$added"))
twice=$(LC_ALL=C sort "$added" | uniq -d)
if [ -n "$lost$twice" ]; then
	echo "patches: added by no commit or by another than one:" $lost $twice >&2
	exit 1
fi

git format-patch -q --cover-letter -o "$out" "$base"

# The cover letter: ws/cover-letter.txt with its {{measure}} fields
# filled from BENCHMARKS.md (ws/figures.py).
"$top/ws/figures.py" fill "$top/ws/cover-letter.txt" > "$out/cover.txt" || exit 1
"$top/ws/patches-cover-letter.py" "$out/cover.txt" "$out"/0000-cover-letter.patch || exit 1
rm -f "$out/cover.txt"
ls "$out"

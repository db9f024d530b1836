#!/bin/bash
# Prepare build/linux: Debian's linux-source-6.12 unpacked once, the
# repo's kernel-tree files linked in, patches/series applied with quilt,
# and $KOUT (build/obj, or build/obj-x86_64 for ARCH=x86_64) configured
# from kernel/configs/kmsg_guest.config, the architecture's
# kmsg_guest_<arch>.config and the selftests' config.  Every step is skipped when it is already done, so
# running this before each build costs well under a second.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/ws/vars.sh"

# Steps 1-3 change the source tree: one prepare at a time (src_lock).
prepare_src() {
# 1. Unpack the pristine source once.
if [ ! -f "$KSRC/.kmsg-unpacked" ]; then
	tarball=$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)
	echo "prepare: unpacking $tarball"
	rm -rf "$KSRC" "$top/build/linux-source-6.12"
	mkdir -p "$top/build"
	tar -xf "$tarball" -C "$top/build"
	mv "$top/build/linux-source-6.12" "$KSRC"
	touch "$KSRC/.kmsg-unpacked"
fi

# 2. Overlay: every file of the repo's kernel-tree folders becomes a
#    symlink in the tree, so an edit in the repo is seen by kbuild at once.
#    Links whose target disappeared are removed.
for d in $OVERLAY_DIRS; do
	[ -d "$top/$d" ] || continue
	(cd "$top" && find "$d" -type f ! -name '*.o' ! -name '.*' -print) |
	while read -r f; do
		dst="$KSRC/$f"
		if [ -e "$dst" ] && [ ! -L "$dst" ]; then
			echo "prepare: $f exists upstream; change it with a patch" >&2
			exit 1
		fi
		if [ "$(readlink "$dst" 2>/dev/null)" != "$top/$f" ]; then
			mkdir -p "$(dirname "$dst")"
			ln -sfn "$top/$f" "$dst"
		fi
	done
done
find "$KSRC" -xtype l -lname "$top/*" -delete

# 3. Patches: applied with quilt; re-applied when the series changes.
ln -sfn "$top/patches" "$KSRC/patches"
sum=$(series_sum)
if [ "$(cat "$KSRC/.kmsg-patches" 2>/dev/null)" != "$sum" ]; then
	cd "$KSRC"
	quilt() { command quilt --quiltrc "$top/ws/quiltrc" "$@"; }
	if [ -s .pc/applied-patches ]; then
		# Off with what was pushed, even if the series has changed since
		# (the list quilt reads is the list as applied) or a patch file
		# was edited (-f: the files come back from quilt's backups).
		cp .pc/applied-patches .kmsg-series
		quilt pop -a -q -f >/dev/null
	fi
	rm -f .pc/.quilt_series
	quilt_series
	if [ -s .kmsg-series ]; then
		echo "prepare: applying patches/series"
		quilt push -a -q >/dev/null || {
			echo "prepare: a patch does not apply; see 'quilt push' in $KSRC" >&2
			exit 1
		}
	fi
	echo "$sum" > "$KSRC/.kmsg-patches"
	cd "$top"
fi

}
src_lock prepare_src

# 4. Configuration: tinyconfig's base plus our fragments, in $KOUT while
#    no build runs there (kout_lock).
configure() {
frags="$KSRC/kernel/configs/tiny-base.config $top/kernel/configs/kmsg_guest.config"
frags="$frags $top/kernel/configs/kmsg_guest_$ARCH.config"
[ -f "$top/tools/testing/selftests/kmsg/config" ] &&
	frags="$frags $top/tools/testing/selftests/kmsg/config"
[ -n "${KMSG_EXTRA_CONFIG:-}" ] && frags="$frags $KMSG_EXTRA_CONFIG"
mkdir -p "$KOUT"
cat $frags > "$KOUT/kmsg.allconfig.new"
# .kmsg-configured marks the last configure: kconfig leaves .config as
# it was when nothing changed, so .config's own time would ask for a new
# configure after every change of the series.
if ! cmp -s "$KOUT/kmsg.allconfig.new" "$KOUT/kmsg.allconfig" ||
   [ ! -f "$KOUT/.config" ] || [ ! -f "$KOUT/.kmsg-configured" ] ||
   [ "$KSRC/.kmsg-patches" -nt "$KOUT/.kmsg-configured" ]; then
	mv "$KOUT/kmsg.allconfig.new" "$KOUT/kmsg.allconfig"
	echo "prepare: configuring $KOUT"
	kmake KCONFIG_ALLCONFIG="$KOUT/kmsg.allconfig" allnoconfig >/dev/null 2>&1
	# Every line of the fragments must have taken effect.
	bad=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=n) opt=${line%%=*}
			grep -q "^$opt=" "$KOUT/.config" && { echo "prepare: $line did not take" >&2; bad=1; } ;;
		CONFIG_*=*) grep -qxF "$line" "$KOUT/.config" ||
			{ echo "prepare: $line did not take" >&2; bad=1; } ;;
		esac
	done < <(awk -F= '/^CONFIG_/ { v[$1] = $0; o[$1] = NR } END { for (k in v) print o[k], v[k] }' \
		"$KOUT/kmsg.allconfig" | sort -n | cut -d' ' -f2-)
	[ $bad = 0 ] || { rm -f "$KOUT/.config" "$KOUT/.kmsg-configured"; exit 1; }
	touch "$KOUT/.kmsg-configured"
else
	rm -f "$KOUT/kmsg.allconfig.new"
fi
}
kout_lock configure

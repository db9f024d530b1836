#!/bin/bash
# Install the Debian packages the workspace needs, if any is missing, and
# fetch busybox-static for s390x into build/debs.  Idempotent and quiet
# when everything is already there.  `ws/deps.sh --list` only prints the
# list of packages, one a line (tests/08-packages.sh reads it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
pkgs=(linux-source-6.12 gcc-s390x-linux-gnu binutils-s390x-linux-gnu libc6-dev-s390x-cross
      qemu-system-misc hercules gcc make flex bison bc libelf-dev libssl-dev
      cpio kmod quilt rsync perl python3 groff-base mandoc valgrind xz-utils
      sparse afl++ hyperfine coccinelle)
if [ "${1:-}" = --list ]; then
	printf '%s\n' "${pkgs[@]}"
	exit 0
fi

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
updated=
apt_update() {
	[ -n "$updated" ] && return
	$sudo apt-get update -q >/dev/null
	updated=1
}

if ! dpkg --print-foreign-architectures | grep -qx s390x; then
	echo "deps: adding the s390x architecture for busybox-static:s390x"
	$sudo dpkg --add-architecture s390x
	apt_update
fi

if [ ${#missing[@]} -gt 0 ]; then
	echo "deps: installing ${missing[*]}"
	apt_update
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$top/build/debs"
if ! ls "$top"/build/debs/busybox-static_*_s390x.deb >/dev/null 2>&1; then
	echo "deps: downloading busybox-static:s390x"
	apt_update
	# apt downloads as the _apt user: give it a folder it may write.
	tmp=$(mktemp -d)
	chmod 0777 "$tmp"
	(cd "$tmp" && apt-get download -q busybox-static:s390x >/dev/null)
	mv "$tmp"/busybox-static_*_s390x.deb "$top/build/debs/"
	rmdir "$tmp"
fi
bb="$top/build/busybox/bin/busybox"
if [ ! -x "$bb" ]; then
	rm -rf "$top/build/busybox"
	dpkg -x "$top"/build/debs/busybox-static_*_s390x.deb "$top/build/busybox.tmp"
	mkdir -p "$top/build/busybox/bin"
	cp "$top/build/busybox.tmp/bin/busybox" "$bb"
	rm -rf "$top/build/busybox.tmp"
fi

#!/bin/bash
# Install the Debian packages the workspace needs, if any is missing, and
# fetch busybox-static for s390x and amd64 into build/debs.  Idempotent and quiet
# when everything is already there.  `ws/deps.sh --list` only prints the
# list of packages, one a line (tests/08-packages.sh reads it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
pkgs=(linux-source-6.12 linux-source-6.1 gcc-s390x-linux-gnu binutils-s390x-linux-gnu libc6-dev-s390x-cross
      qemu-system-misc qemu-system-x86 hercules gcc make flex bison bc libelf-dev libssl-dev
      cpio kmod quilt rsync perl python3 groff-base mandoc valgrind xz-utils e2fsprogs
      zlib1g-dev liblzma-dev libzstd-dev zstd
      sparse afl++ hyperfine coccinelle python3-sphinx graphviz python3-ply man-db
      chromium-headless-shell fonts-dejavu-core ccache rpm
      rsyslog debhelper lintian rpmlint gettext locales
      libglib2.0-0 libjson-c5 libpcre3 libcap2 libwrap0 libivykis0 libnet1)
# syslog-ng conflicts with rsyslog: it is unpacked into build/syslog-ng
# (tests/18 starts it from there, with the libraries above)
syslog_ng=(syslog-ng-core syslog-ng-mod-add-contextual-data)
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

# download PKG[:ARCH]: its .deb into build/debs, once
mkdir -p "$top/build/debs"
host_arch=$(dpkg --print-architecture)
download() {
	ls "$top"/build/debs/"${1%%:*}"_*_"${2:-$host_arch}".deb >/dev/null 2>&1 && return
	echo "deps: downloading $1"
	apt_update
	# apt downloads as the _apt user: give it a folder it may write.
	local tmp
	tmp=$(mktemp -d)
	chmod 0777 "$tmp"
	(cd "$tmp" && apt-get download -q "$1" >/dev/null)
	mv "$tmp"/*.deb "$top/build/debs/"
	rmdir "$tmp"
}

if [ ! -x "$top/build/syslog-ng/usr/sbin/syslog-ng" ]; then
	rm -rf "$top/build/syslog-ng"
	for p in "${syslog_ng[@]}"; do
		download "$p"
		dpkg -x "$top"/build/debs/"$p"_*_$host_arch.deb "$top/build/syslog-ng"
	done
fi

# The locales tests/24 reads translations in
for l in de_DE fr_FR zh_CN; do
	locale -a 2>/dev/null | grep -qix "$l.utf-\?8" ||
		$sudo localedef -i $l -f UTF-8 $l.UTF-8
done

# busybox-static of each guest architecture, unpacked into build/busybox
# (s390x) and build/busybox-amd64.
for a in s390x amd64; do
	download busybox-static:$a $a
	d=$top/build/busybox
	[ $a = s390x ] || d=$d-$a
	if [ ! -x "$d/bin/busybox" ]; then
		rm -rf "$d" "$d.tmp"
		dpkg -x "$top"/build/debs/busybox-static_*_$a.deb "$d.tmp"
		mkdir -p "$d/bin"
		cp "$d.tmp/bin/busybox" "$d/bin/busybox"
		rm -rf "$d.tmp"
	fi
done

#!/bin/bash
# make dist: the kmsg package, for any kernel, as a Debian package and an
# RPM in build/dist/:
#
#   /usr/sbin/kmsg                       tools/kmsg built for this host, with
#                                        the compression libraries its
#                                        Makefile finds (zlib, liblzma, libzstd)
#   /usr/share/kmsg/kmsg.catalog         the system catalog: every description
#                                        of Documentation/kmsg (ws/system-catalog.sh)
#   /usr/share/man/man8/kmsg.8.gz        the tool's page
#   /usr/share/man/man9/<tag>.9.gz       a page per described message
#   /usr/share/doc/kmsg/copyright
#
# Both are made from one staged tree, so they hold the same files.  The
# version is KMSG_VERSION of the top Makefile (the one place it is
# written).  The .deb's Depends: comes from dpkg-shlibdeps on the binary,
# the RPM's Requires: from rpmbuild's automatic ELF dependencies.  No
# root needed: the files are owned by root in both packages all the same.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
version=${KMSG_VERSION:-$(sed -n 's/^KMSG_VERSION[[:space:]]*:=[[:space:]]*//p' "$top/Makefile")}
[ -n "$version" ] || { echo "dist: no KMSG_VERSION in $top/Makefile" >&2; exit 2; }
for c in gcc make dpkg-deb dpkg-shlibdeps rpmbuild gzip strip; do
	command -v $c >/dev/null || { echo "dist: $c is missing (ws/deps.sh installs it)" >&2; exit 2; }
done

out=$top/build/dist
work=$out/work
root=$work/root
rm -rf "$out"
mkdir -p "$work/obj" "$root/DEBIAN"

# The tool, for the host (no cross compiler, no calling make's variables)
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CROSS_COMPILE CFLAGS="-O2" \
	make -s --no-print-directory -C "$top/tools/kmsg" OUTPUT="$work/obj/" \
	prefix=/usr DESTDIR="$root" install
strip --strip-unneeded "$root/usr/sbin/kmsg"

# The system catalog and the pages of the messages
mkdir -p "$root/usr/share/kmsg" "$root/usr/share/man/man9" "$root/usr/share/doc/kmsg"
"$top/ws/system-catalog.sh" "$root/usr/share/kmsg/kmsg.catalog" "$root/usr/share/man/man9"
chmod 0644 "$root/usr/share/kmsg/kmsg.catalog" "$root"/usr/share/man/man9/*.9
# compressed as Debian's policy wants and rpmbuild would do anyway; -n: the
# same bytes every time
gzip -9n "$root/usr/share/man/man8/kmsg.8" "$root"/usr/share/man/man9/*.9
cat > "$root/usr/share/doc/kmsg/copyright" <<'COPY'
kmsg: the kernel message catalog tool, its system catalog and the pages of
the described messages, from the Linux kernel's tools/kmsg and
Documentation/kmsg with the kmsg patches.

License: GPL-2.0 (on Debian: /usr/share/common-licenses/GPL-2).
COPY
find "$root" -path "$root/DEBIAN" -prune -o -type d -exec chmod 0755 {} +

# The .deb
arch=$(dpkg --print-architecture)
mkdir -p "$work/shlibs/debian"
printf 'Source: kmsg\n\nPackage: kmsg\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/sbin/kmsg" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
cat > "$root/DEBIAN/control" <<CTRL
Package: kmsg
Version: $version
Architecture: $arch
Maintainer: kmsg project <kmsg@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: admin
Priority: optional
Homepage: https://www.kernel.org/
Description: explain Linux kernel messages from the kernel message catalog
 kmsg explains kernel log lines (dmesg, journalctl -k, syslog files,
 compressed logs, sosreports): kmsg explain, annotate, report and list.
 It reads /sys/kernel/kmsg, the catalog installed with the running
 kernel's modules, then the system catalog of this package, which holds
 every described message of every architecture, so it works with any
 kernel.  With a man page per described message (man 9 <tag>).
CTRL
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/kmsg_${version}_${arch}.deb" >/dev/null

# The RPM, of the same tree without DEBIAN/.  No debuginfo package (the
# binary is stripped already), no /usr/lib/.build-id links: the same files
# as the .deb.
rpmarch=$(uname -m)
mkdir -p "$work/rpm/SPECS" "$work/rpm/BUILD" "$work/rpm/RPMS" "$work/rpm/BUILDROOT"
{
	cat <<SPEC
Name: kmsg
Version: $version
Release: 1
Summary: Explain Linux kernel messages from the kernel message catalog
License: GPL-2.0-only
URL: https://www.kernel.org/
%global debug_package %{nil}
%global _build_id_links none
%global __brp_strip %{nil}
%global __brp_compress %{nil}

%description
$(sed -n '/^Description:/,$p' "$root/DEBIAN/control" | sed '1d; s/^ //')

%install
mkdir -p %{buildroot}
(cd "$root" && tar --exclude=./DEBIAN -cf - .) | tar -C %{buildroot} -xf -

%files
%defattr(-,root,root,-)
%dir /usr/share/kmsg
%dir /usr/share/doc/kmsg
SPEC
	(cd "$root" && find usr -type f | LC_ALL=C sort | sed 's|^|/|')
} > "$work/rpm/SPECS/kmsg.spec"
rpmbuild -bb --quiet --target "$rpmarch" --define "_topdir $work/rpm" \
	"$work/rpm/SPECS/kmsg.spec" >"$work/rpmbuild.log" 2>&1 ||
	{ cat "$work/rpmbuild.log" >&2; echo "dist: rpmbuild failed" >&2; exit 1; }
mv "$work/rpm/RPMS/$rpmarch/kmsg-$version-1.$rpmarch.rpm" "$out/"
rm -rf "$work"
echo "dist: $out/kmsg_${version}_${arch}.deb"
echo "dist: $out/kmsg-$version-1.$rpmarch.rpm"

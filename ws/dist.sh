#!/bin/bash
# make dist: the kmsg package's source tarball, and built from it the
# distributions' way a Debian source and binary package (dpkg-buildpackage
# with debhelper, packaging/debian) and a source and binary RPM (rpmbuild
# -ta, packaging/kmsg.spec.in), all in build/dist/, with lintian's and
# rpmlint's reports (build/dist/lintian.txt, rpmlint.txt).  The version is
# KMSG_VERSION of the top Makefile, the one place it is written.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
version=${KMSG_VERSION:-$(sed -n 's/^KMSG_VERSION[[:space:]]*:=[[:space:]]*//p' "$top/Makefile")}
[ -n "$version" ] || { echo "dist: no KMSG_VERSION in $top/Makefile" >&2; exit 2; }
for c in dpkg-buildpackage dh rpmbuild lintian rpmlint; do
	command -v $c >/dev/null || { echo "dist: $c is missing (ws/deps.sh installs it)" >&2; exit 2; }
done
out=$top/build/dist
rm -rf "$out"
mkdir -p "$out/src/kmsg-$version" "$out/deb" "$out/rpm"
src=$out/src/kmsg-$version
unset MAKEFLAGS MFLAGS MAKELEVEL CROSS_COMPILE ARCH

# The source: what the package Makefile builds from, as git has it
(cd "$top" && git ls-files -z tools/kmsg scripts/kmsg-\*.[ch] include/linux/kmsg_catalog.h \
	Documentation/kmsg | tar --null -T - -cf -) | tar -C "$src" -xf -
cp "$top/packaging/Makefile" "$src/Makefile"
cp -r "$top/packaging/debian" "$src/debian"
mv "$src/debian/changelog.in" "$src/debian/changelog"
sed -i "s/@VERSION@/$version/" "$src/debian/changelog"
sed "s/@VERSION@/$version/" "$top/packaging/kmsg.spec.in" > "$src/kmsg.spec"
tar -xOf "$(ls /usr/src/linux-source-6.12.tar.* | head -n 1)" \
	linux-source-6.12/LICENSES/preferred/GPL-2.0 > "$src/COPYING"
export SOURCE_DATE_EPOCH=$(date -d "$(sed -n 's/^ -- .*>  //p' "$src/debian/changelog")" +%s)
tar --sort=name --mtime=@"$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
	-C "$out/src" -cJf "$out/kmsg-$version.tar.xz" "kmsg-$version"

# RPM, in the background: from the tarball, whose kmsg.spec rpmbuild -ta
# reads.  --nodeps: the build dependencies are Debian packages here,
# unknown to rpm.  Debian's brp-compress needs bash (its /bin/sh is dash).
rpmbuild -ta --nodeps --define "_topdir $out/rpm" \
	--define "__brp_compress bash /usr/lib/rpm/brp-compress" "$out/kmsg-$version.tar.xz" \
	>"$out/rpm/build.log" 2>&1 &
rpm_pid=$!

# Debian: a native source package and its binary package
# from the tarball: every file dated as the changelog, so the packages
# (and the pages' dates) are the same bytes in every clone
tar -xf "$out/kmsg-$version.tar.xz" -C "$out/deb"
(cd "$out/deb/kmsg-$version" && dpkg-buildpackage -us -uc) >"$out/deb/build.log" 2>&1 ||
	{ tail -30 "$out/deb/build.log" >&2; echo "dist: dpkg-buildpackage failed" >&2; exit 1; }
mv "$out"/deb/*.deb "$out"/deb/*.dsc "$out"/deb/*.changes "$out"/deb/*.buildinfo "$out/"
mv "$out/deb/kmsg_$version.tar.xz" "$out/"

# What the packaging checkers say (tests/17 reads it); lintian warns
# that it runs as root: that line is not a tag.  lintian takes minutes
# (it runs man on each of the pages): its result for the same packages
# and lintian is kept (ws/result-cache.sh).
. "$top/ws/result-cache.sh"
(cached "lintian --display-info" "$out"/kmsg*_"$version"_*.deb "$out/kmsg_$version.dsc" \
	"$out/kmsg_$version.tar.xz" "$(command -v lintian)" /var/lib/dpkg/info/lintian.md5sums -- \
	lintian --display-info "$out"/kmsg_"$version"_*.changes |
	grep -v '^running with root privileges' >"$out/lintian.txt") &
lintian_pid=$!
wait $rpm_pid ||
	{ tail -30 "$out/rpm/build.log" >&2; echo "dist: rpmbuild failed" >&2; exit 1; }
mv "$out"/rpm/RPMS/*/*.rpm "$out"/rpm/SRPMS/*.rpm "$out/"
rpmlint -c "$top/packaging/rpmlint.toml" "$out"/*.rpm "$src/kmsg.spec" >"$out/rpmlint.txt" 2>&1 || true
wait $lintian_pid || true
rm -rf "$out/deb" "$out/rpm"
ls "$out"/*.deb "$out"/*.rpm "$out"/*.dsc

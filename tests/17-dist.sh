#!/bin/bash
# make dist, for real (host only): the source tarball, and built from it
# with dpkg-buildpackage (debhelper) and rpmbuild -ta, a Debian source and
# binary package and a source and binary RPM; lintian and rpmlint report
# no tag that packaging/ does not explain.  The .deb and RPM hold the kmsg
# tool, the system catalog, kmsg(8), a page per described message and the
# pipeline examples, and declare the libraries the tool links; the .deb
# installed with dpkg on this machine (no kernel catalog here: no
# /sys/kernel/kmsg, no /lib/modules/<release>/kmsg.catalog) explains log
# lines from the system catalog with no option, man finds the pages, an
# upgrade from an older version leaves none of its files, dpkg -r /
# --purge leave nothing behind; the RPM in a scratch rpm database does
# the same and holds the same files.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
out=$top/build/test-dist
rm -rf "$out"
mkdir -p "$out"
unset KMSG_SYSTEM_CATALOG
# exits RC WANT CMD...: a status captured right after a command is WANT,
# and CMD passes
exits() { [ "$1" -eq "$2" ] && "${@:3}"; }
dist=$top/build/dist
version=$(sed -n 's/^KMSG_VERSION[[:space:]]*:=[[:space:]]*//p' "$top/Makefile")
arch=$(dpkg --print-architecture)
deb=$dist/kmsg_${version}_${arch}.deb
rpmf=$dist/kmsg-$version-1.$(uname -m).rpm

env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$top" dist >"$out/dist.log" 2>&1
rc=$?
[ $rc -eq 0 ] || diag "$out/dist.log"
check "make dist (exit $rc) writes build/dist/$(basename "$deb") and $(basename "$rpmf"), version $version from the Makefile" \
	[ $rc -eq 0 -a -n "$version" -a -s "$deb" -a -s "$rpmf" ]

# --- built the distributions' way, and checked ----------------------------------
check "a native Debian source package (.dsc, its tarball, .buildinfo, .changes) from dpkg-buildpackage" \
	sh -c "grep -qx 'Format: 3.0 (native)' '$dist/kmsg_$version.dsc' && grep -q ' kmsg_$version.tar.xz\$' '$dist/kmsg_$version.dsc' &&
		[ -s '$dist/kmsg_$version.tar.xz' ] && [ -s '$dist/kmsg_${version}_$arch.buildinfo' ] &&
		grep -q '^ [0-9a-f]* [0-9]* admin optional kmsg_${version}_$arch.deb\$' '$dist/kmsg_${version}_$arch.changes'"
check "a source RPM of the tarball and its kmsg.spec, from rpmbuild -ta" \
	sh -c "[ \"\$(rpm -qlp '$dist/kmsg-$version-1.src.rpm' 2>/dev/null | paste -sd' ')\" = 'kmsg-$version.tar.xz kmsg.spec' ]"
lintian_tags=$(grep -c '^[EWIPXO]: ' "$dist/lintian.txt")
check "lintian (--display-info) on the .changes, the .dsc and both .debs reports no tag ($lintian_tags) and no error" \
	sh -c "[ -f '$dist/lintian.txt' ] && [ $lintian_tags -eq 0 ] && ! grep -q . '$dist/lintian.txt'"
[ "$lintian_tags" -eq 0 ] || diag "$dist/lintian.txt"
check "rpmlint on both RPMs and the spec: 0 errors, 0 warnings" \
	grep -q '^ *2 packages and 1 specfiles checked; 0 errors, 0 warnings' "$dist/rpmlint.txt"
grep -q ' 0 errors, 0 warnings' "$dist/rpmlint.txt" || diag "$dist/rpmlint.txt"
# each filter of rpmlint's configuration has its reason in a comment above it
check "every rpmlint filter of packaging/rpmlint.toml says why, in a comment before it" \
	awk '/^\t#/ { why = 1; next } /^\t"/ { if (!why) bad = 1; n++; next } { why = 0 }
	     END { exit bad || !n }' "$top/packaging/rpmlint.toml"

# --- the .deb as a file ---------------------------------------------------------
dpkg-deb --info "$deb" >"$out/info" 2>&1
dpkg-deb --contents "$deb" 2>/dev/null | awk '{ print $1, $6 }' >"$out/contents"
field() { sed -n "s/^ $1: //p" "$out/info"; }
check "dpkg-deb --info: package kmsg $version for $arch" \
	[ "$(field Package) $(field Version) $(field Architecture)" = "kmsg $version $arch" ]
# the libraries the tool links, each a package of Depends:
dep=$(field Depends)
libs_ok=1
for p in libc6 zlib1g liblzma5 libzstd1; do
	echo "$dep" | grep -qE "(^|, )$p( \([^)]*\))?(,|$)" || libs_ok=0
done
check "Depends: libc6, zlib1g, liblzma5 and libzstd1, with versions ($dep)" [ $libs_ok -eq 1 ]
has() { grep -qx -- "$1 ./$2" "$out/contents"; }
check "the tool is /usr/sbin/kmsg, mode 0755" has -rwxr-xr-x usr/sbin/kmsg
check "the system catalog is /usr/share/kmsg/kmsg.catalog" has -rw-r--r-- usr/share/kmsg/kmsg.catalog
check "kmsg(8) is /usr/share/man/man8/kmsg.8.gz" has -rw-r--r-- usr/share/man/man8/kmsg.8.gz
check "xpram.1(9) is /usr/share/man/man9/xpram.1.9.gz" has -rw-r--r-- usr/share/man/man9/xpram.1.9.gz
check "each language's catalogs and pages: /usr/share/locale/<lang>/LC_MESSAGES/kmsg{,-catalog}.mo, /usr/share/man/<lang>/man9" \
	sh -c "for l in de fr zh_CN; do grep -qx -- \"-rw-r--r-- ./usr/share/locale/\$l/LC_MESSAGES/kmsg-catalog.mo\" '$out/contents' &&
		grep -qx -- \"-rw-r--r-- ./usr/share/locale/\$l/LC_MESSAGES/kmsg.mo\" '$out/contents' &&
		grep -qx -- \"-rw-r--r-- ./usr/share/man/\$l/man9/xpram.1.9.gz\" '$out/contents' || exit 1; done"
check "the rsyslog and syslog-ng examples are in /usr/share/doc/kmsg/examples" \
	sh -c "grep -qx -- '-rw-r--r-- ./usr/share/doc/kmsg/examples/rsyslog-kmsg.conf' '$out/contents' &&
		grep -qx -- '-rw-r--r-- ./usr/share/doc/kmsg/examples/syslog-ng-kmsg.conf' '$out/contents'"
check "the files are root's" [ "$(dpkg-deb --contents "$deb" | awk '$2 != "root/root"' | wc -l)" -eq 0 ]

# The catalog in the package is ws/system-catalog.sh's: every description
# of Documentation/kmsg, and a page for each.
mkdir -p "$out/x"
dpkg-deb -x "$deb" "$out/x"
"$top/ws/system-catalog.sh" "$out/system.catalog" 2>"$out/system.err"
ndesc=$(grep -vc '^#' "$out/system.catalog")
nman=$(grep -c '^-rw-r--r-- ./usr/share/man/man9/[^/]*\.9\.gz$' "$out/contents")
check "the packaged catalog is ws/system-catalog.sh's ($ndesc entries), each owned by system" \
	sh -c "cmp -s '$out/x/usr/share/kmsg/kmsg.catalog' '$out/system.catalog' && [ $ndesc -gt 800 ] &&
		[ \$(sed 1d '$out/system.catalog' | cut -f3 | grep -vcx system) -eq 0 ]"
check "a man page per described message ($nman pages, $ndesc entries)" [ "$nman" -eq "$ndesc" ]
check "the packaged tool links zlib, liblzma and libzstd" \
	sh -c "ldd '$out/x/usr/sbin/kmsg' > '$out/ldd' && grep -q 'libz\\.so' '$out/ldd' && grep -q liblzma '$out/ldd' && grep -q libzstd '$out/ldd'"

# Log lines of a kernel with ids, with hashed ids and without ids, as
# journalctl -k (short) writes them: the fixtures of tests/15 again
lg=$top/tests/kmsg-tool/logs
{
	cat "$lg/journal-short.txt"
	sed 's/^\[ *[0-9.]*\] /Dec 05 10:00:00 s390host kernel: /' "$lg/hashed.txt" "$lg/unpatched.txt"
} >"$out/journal.txt"
# (hypfs.7a79f0 is lookup2's id of hypfs.5's format: that line is SUSE's
# "Initialization of hypfs failed", which the catalog now describes)
# (usb.1 is the generic catalog's USB core line; the fixture's made-up
# net.7, whose text is not the generic net.7's, stays unexplained: no
# kernel prints the tag of a message described by its source)
want='xpram.3:system hypfs.1:system hypfs.5:system dasd.14:system dasd-eckd.15:system qeth.52:system dasd.14:system dasd.14:system hypfs.1:system dasd-eckd.15:system usb.1:system'
# tags KMSG...: "tag:source" of each line KMSG annotate --json explains
# (the best entry's; alternatives left out)
tags() {
	"$@" --json annotate <"$out/journal.txt" | awk '
		match($0, /"source":"[a-z]*"/) {
			s = substr($0, RSTART + 10, RLENGTH - 11)
			match($0, /^\{"tag":"[^"]*"/)
			printf "%s%s:%s", n++ ? " " : "", substr($0, RSTART + 8, RLENGTH - 9), s
		}
		END { print "" }'
}

# --- installed with dpkg ---------------------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
	for d in "dpkg -i" "explain by hashed id" "annotate" "text" "man" "dpkg -r" "dpkg --purge"; do
		skip "installed .deb: $d" "needs root"
	done
elif dpkg -s kmsg >/dev/null 2>&1; then
	for d in "dpkg -i" "explain by hashed id" "annotate" "text" "man" "dpkg -r" "dpkg --purge"; do
		skip "installed .deb: $d" "a kmsg package is installed already: left alone"
	done
else
	check "this machine has no kernel catalog: no /sys/kernel/kmsg, no /lib/modules/$(uname -r)/kmsg.catalog" \
		[ ! -e /sys/kernel/kmsg -a ! -e "/lib/modules/$(uname -r)/kmsg.catalog" ]
	# an older version first, with a file the new one no longer has
	dpkg-deb -R "$deb" "$out/old"
	sed -i 's/^Version: .*/Version: 0.9/' "$out/old/DEBIAN/control"
	echo old >"$out/old/usr/share/kmsg/only-in-0.9"
	dpkg-deb --root-owner-group -b "$out/old" "$out/kmsg_0.9.deb" >/dev/null
	dpkg -i "$out/kmsg_0.9.deb" >"$out/dpkg-i-old.log" 2>&1
	rc=$?
	check "dpkg -i of version 0.9 (exit $rc)" \
		sh -c "[ $rc -eq 0 ] && [ \"\$(dpkg-query -W -f='\${Version}' kmsg)\" = 0.9 ] && [ -f /usr/share/kmsg/only-in-0.9 ]"
	dpkg -i "$deb" >"$out/dpkg-i.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || diag "$out/dpkg-i.log"
	check "dpkg -i upgrades it to $version (exit $rc): installed, its dependencies met, 0.9's own file gone" \
		sh -c "[ $rc -eq 0 ] && dpkg -s kmsg | grep -qx 'Status: install ok installed' && [ -x /usr/sbin/kmsg ] &&
			[ \"\$(dpkg-query -W -f='\${Version}' kmsg)\" = '$version' ] && [ ! -e /usr/share/kmsg/only-in-0.9 ]"
	/usr/sbin/kmsg explain hypfs.7f5705 >"$out/h1" 2>&1
	rc=$?
	check "installed: kmsg explain hypfs.7f5705 (exit $rc), from the system catalog" \
		exits $rc 0 sh -c "head -1 '$out/h1' | grep -qx 'hypfs.1: The hardware system does not support hypfs' &&
			grep -qx 'Source: system' '$out/h1'"
	got=$(tags /usr/sbin/kmsg)
	check "installed: journalctl -k lines piped to kmsg annotate --json: by tag, hashed id and text, all from system" \
		[ "$got" = "$want" ]
	/usr/sbin/kmsg annotate <"$out/journal.txt" >"$out/ann"
	rc=$?
	full=$(grep -c '^-- [a-z0-9_-]*\.[0-9]* ([A-Za-z]*): ' "$out/ann")
	check "installed: text annotate (exit $rc) copies the journal; each of its $full full explanations says 'Source: system'" \
		exits $rc 0 sh -c "[ $full -ge 6 ] && [ \$(grep -c '^-- Source: system\$' '$out/ann') -eq $full ] &&
			[ \$(grep -c '^-- Source: ' '$out/ann') -eq $full ] && grep -v '^-- ' '$out/ann' | cmp -s - '$out/journal.txt'"
	# in the reader's language: the catalog's German from the package's
	# gettext catalogs, the page in man's German section
	LANG=de_DE.UTF-8 /usr/sbin/kmsg explain xpram.1 >"$out/de.txt" 2>&1
	rc=$?
	check "installed: LANG=de_DE.UTF-8 kmsg explain xpram.1 (exit $rc) in German, from /usr/share/locale/de" \
		exits $rc 0 sh -c "grep -qx 'Beschreibung:' '$out/de.txt' &&
			grep -q '^  Der XPRAM-Treiber teilt den Erweiterungsspeicher' '$out/de.txt' &&
			[ -f /usr/share/locale/de/LC_MESSAGES/kmsg-catalog.mo ]"
	man -L de 9 xpram.1 2>/dev/null | col -b >"$out/man-de.txt"
	check "installed: man -L de 9 xpram.1 shows the German page ($(man -L de -w 9 xpram.1 2>/dev/null))" \
		sh -c "grep -q '^BESCHREIBUNG' '$out/man-de.txt' && grep -q 'Der XPRAM-Treiber teilt' '$out/man-de.txt'"
	page=$(man -w xpram.1 2>/dev/null)
	check "installed: man -w xpram.1 finds /usr/share/man/man9/xpram.1.9.gz (${page:-nothing}), and kmsg(8)" \
		sh -c "[ '$page' = /usr/share/man/man9/xpram.1.9.gz ] && [ \"\$(man -w 8 kmsg)\" = /usr/share/man/man8/kmsg.8.gz ]"
	dpkg-query -L kmsg | while read -r f; do [ -d "$f" ] || echo "$f"; done >"$out/installed"
	dpkg -r kmsg >"$out/dpkg-r.log" 2>&1
	rc=$?
	left=$(while read -r f; do [ -e "$f" ] && echo "$f"; done <"$out/installed" | wc -l)
	check "dpkg -r (exit $rc): every one of its $(wc -l <"$out/installed") files is gone ($left left)" \
		sh -c "[ $rc -eq 0 ] && [ $left -eq 0 ] && [ ! -e /usr/share/kmsg ] && [ \$(wc -l <'$out/installed') -gt 800 ]"
	dpkg --purge kmsg >"$out/dpkg-purge.log" 2>&1
	rc=$?
	check "dpkg --purge (exit $rc): dpkg no longer knows it" \
		sh -c "[ $rc -eq 0 ] && ! dpkg -s kmsg >/dev/null 2>&1"
fi

# --- the RPM ------------------------------------------------------------------------
rpm -qp --qf '%{NAME} %{VERSION}\n' "$rpmf" >"$out/rpm-name" 2>/dev/null
rpm -qp --requires "$rpmf" >"$out/requires" 2>/dev/null
check "the RPM is kmsg $version and requires libc, libz, liblzma and libzstd (rpmbuild's ELF dependencies)" \
	sh -c "[ \"\$(cat '$out/rpm-name')\" = 'kmsg $version' ] && grep -q '^libc\\.so\\.6' '$out/requires' &&
		grep -q '^libz\\.so\\.1' '$out/requires' && grep -q '^liblzma\\.so\\.5' '$out/requires' &&
		grep -q '^libzstd\\.so\\.1' '$out/requires'"
# The same files as the .deb (directories apart: dpkg lists every one, an
# RPM the ones it owns), but the documentation each distribution adds:
# Debian's changelog, copyright and lintian overrides, the RPM's license
# and build-id link
rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$rpmf" 2>/dev/null | awk '$1 !~ /^d/ { print $2 }' |
	grep -v '^/usr/share/licenses/kmsg/COPYING$\|^/usr/lib/\.build-id/' | LC_ALL=C sort >"$out/rpm-files"
awk '$1 !~ /^d/ { sub(/^\./, "", $2); print $2 }' "$out/contents" |
	grep -vx '/usr/share/doc/kmsg/changelog.gz\|/usr/share/doc/kmsg/copyright\|/usr/share/lintian/overrides/kmsg' |
	LC_ALL=C sort >"$out/deb-files"
check "rpm -qlp lists the .deb's $(wc -l <"$out/deb-files") files (Debian's changelog and copyright, the RPM's license and build-id apart)" \
	sh -c "diff -u '$out/deb-files' '$out/rpm-files' >'$out/files.diff' && [ \$(wc -l <'$out/deb-files') -gt 800 ]"
rpm -qp --qf '[%{FILELANGS} %{FILENAMES}\n]' "$rpmf" 2>/dev/null >"$out/rpm-langs"
check "the RPM tags each translation with its language (%find_lang)" \
	sh -c "grep -qx 'de /usr/share/locale/de/LC_MESSAGES/kmsg-catalog.mo' '$out/rpm-langs' &&
		grep -qx 'de /usr/share/man/de/man9/xpram.1.9.gz' '$out/rpm-langs' &&
		! grep '/locale/\|/man/[a-z][a-z]\(_[A-Z][A-Z]\)\?/' '$out/rpm-langs' | grep -q '^ '"
# A scratch root has no package that provides libc.so.6 and the others (and
# this machine's rpm database knows none either): --nodeps installs it all
# the same; the tool runs with the host's libraries.
sr=$out/rpmroot
mkdir -p "$sr"
# an older version first: this RPM's files and one more, as version 0.9
mkdir -p "$out/rpm-old/root" "$out/rpm-old/top"
(cd "$out/rpm-old/root" && rpm2cpio "$rpmf" | cpio -idm --quiet)
echo old >"$out/rpm-old/root/usr/share/kmsg/only-in-0.9"
cat >"$out/rpm-old/kmsg.spec" <<EOF
Name: kmsg
Version: 0.9
Release: 1
Summary: kmsg, as an older version
License: GPL-2.0-only
%global debug_package %{nil}
%global __os_install_post %{nil}
%description
The files of kmsg $version and one more.
%install
cp -a $out/rpm-old/root/. %{buildroot}/
%files
$(cd "$out/rpm-old/root" && find . -type f | sed 's/^\.//')
EOF
rpmbuild -bb --quiet --define "_topdir $out/rpm-old/top" "$out/rpm-old/kmsg.spec" >"$out/rpm-old/log" 2>&1
rpm --root "$sr" --initdb >"$out/rpm-i.log" 2>&1 &&
	rpm --root "$sr" -i --nodeps "$out"/rpm-old/top/RPMS/*/kmsg-0.9-1.*.rpm >>"$out/rpm-i.log" 2>&1
rc=$?
check "rpm --root DIR -i --nodeps of version 0.9 (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && [ \"\$(rpm --root '$sr' -q kmsg)\" = kmsg-0.9-1.$(uname -m) ] && [ -f '$sr/usr/share/kmsg/only-in-0.9' ]"
rpm --root "$sr" -U --nodeps "$rpmf" >>"$out/rpm-i.log" 2>&1
rc=$?
[ $rc -eq 0 ] || diag "$out/rpm-i.log"
check "rpm -U upgrades it to $version (exit $rc): the files are there, 0.9's own file gone" \
	sh -c "[ $rc -eq 0 ] && [ -x '$sr/usr/sbin/kmsg' ] && [ -s '$sr/usr/share/kmsg/kmsg.catalog' ] &&
		[ -f '$sr/usr/share/man/man9/xpram.1.9.gz' ] && [ \"\$(rpm --root '$sr' -q kmsg)\" = kmsg-$version-1.$(uname -m) ] &&
		[ ! -e '$sr/usr/share/kmsg/only-in-0.9' ]"
"$sr/usr/sbin/kmsg" --system-catalog "$sr/usr/share/kmsg/kmsg.catalog" explain hypfs.7f5705 >"$out/rh1" 2>&1
rc=$?
check "the RPM's kmsg explains hypfs.7f5705 (exit $rc) from its system catalog" \
	exits $rc 0 sh -c "head -1 '$out/rh1' | grep -qx 'hypfs.1: The hardware system does not support hypfs' &&
		grep -qx 'Source: system' '$out/rh1'"
got=$(tags "$sr/usr/sbin/kmsg" --system-catalog "$sr/usr/share/kmsg/kmsg.catalog")
check "the RPM's kmsg annotates the journalctl -k lines from system" [ "$got" = "$want" ]
rpm --root "$sr" -e --nodeps kmsg >"$out/rpm-e.log" 2>&1
rc=$?
check "rpm -e (exit $rc): no file of it is left, rpm no longer knows it" \
	sh -c "[ $rc -eq 0 ] && [ -z \"\$(find '$sr/usr' -type f 2>/dev/null)\" ] && ! rpm --root '$sr' -q kmsg >/dev/null 2>&1"

done_testing

#!/bin/bash
# "Off means off": with CONFIG_KMSG_IDS=n every converted file of the
# catalog configuration (every converted s390 component) compiles to the
# same code and strings as the pristine 6.12 file (tests/ids-off/off-means-off.sh
# says how they are compared), and kmsg.h does not depend on
# CONFIG_KMSG_CATALOG, so the same holds with the catalog on or off.
# check: long
# check: kernel catalog catalog-no-ids
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
check "include/linux/kmsg.h does not read CONFIG_KMSG_CATALOG" \
	sh -c "! grep -q 'CONFIG_KMSG_CATALOG' '$top/include/linux/kmsg.h'"
relay < <("$top/tests/ids-off/off-means-off.sh" catalog catalog-no-ids)
done_testing

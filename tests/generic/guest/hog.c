// SPDX-License-Identifier: GPL-2.0
/* Take memory until the OOM killer ends it (tests/33-guest-generic.sh). */
#include <stdlib.h>
#include <string.h>

int main(void)
{
	for (;;) {
		char *p = malloc(1 << 20);

		if (p)
			memset(p, 0x5a, 1 << 20);
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel log for ws/bench-annotate.sh, as journalctl -k writes it in its
 * short format ("Dec 05 10:00:00 s390host kernel: MESSAGE"), made from a
 * catalog file (scripts/kmsg-format.h), LINES lines long:
 *
 *   30 %  with a tag:         "xpram.1: 42 is not a valid number ..."
 *   20 %  without an id:      "xpram: 42 is not a valid number ..."
 *   10 %  with a hashed id:   "hypfs.7f5705: The hardware system ..."
 *         (kmsg_lookup2() of the format and its newline, as SUSE's and
 *         Ubuntu's kernels print it)
 *   40 %  other subsystems:   "usb 1-1: new high-speed USB device ..."
 *
 * Messages of the catalog are taken in turn, each conversion given a
 * value (%s "dev7", a number "42", %p "0x1f"); a message of several
 * lines by its first line.
 *
 *   bench-journal CATALOG LINES > LOG
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg-format.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct msg {
	char *comp, *tag, *text;	/* text: first line, values filled in */
	unsigned int hash;		/* of the format, low 24 bits */
};

static const char *const others[] = {
	"usb 1-1: new high-speed USB device number 2 using xhci_hcd",
	"EXT4-fs (dm-0): mounted filesystem with ordered data mode. Quota mode: none.",
	"audit: type=1400 audit(1733392800.123:42): apparmor=\"STATUS\" operation=\"profile_load\"",
	"e1000e 0000:00:19.0 eth0: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: None",
	"Freeing unused kernel image (initmem) memory: 2048K",
	"random: crng init done",
	"systemd[1]: Started Journal Service.",
	"nvme nvme0: 8/0/0 default/read/poll queues",
};

static void die(const char *what)
{
	fprintf(stderr, "bench-journal: %s\n", what);
	exit(2);
}

/* @fmt's first line with a value for each conversion */
static char *fill(const char *fmt)
{
	size_t n = strcspn(fmt, "\n"), cap = 2 * n + 64, len = 0;
	char *s = malloc(cap);
	const char *p = fmt, *end = fmt + n;
	struct kmsg_conv c;

	if (!s)
		die("out of memory");
	while (p < end) {
		const char *v;

		if (len + 16 >= cap) {
			cap *= 2;
			s = realloc(s, cap);
			if (!s)
				die("out of memory");
		}
		if (*p != '%') {
			s[len++] = *p++;
			continue;
		}
		if (p[1] == '%') {
			s[len++] = '%';
			p += 2;
			continue;
		}
		if (!kmsg_conversion(p + 1, &c) || c.end > end)
			break;
		v = c.conv == 's' ? "dev7" : c.conv == 'p' ? "0x1f" :
		    c.conv == 'c' ? "c" : strchr("xX", c.conv) ? "2a" : "42";
		memcpy(s + len, v, strlen(v));
		len += strlen(v);
		p = c.end;
	}
	s[len] = '\0';
	return s;
}

int main(int argc, char **argv)
{
	struct msg *m = NULL;
	size_t cap = 0, cap_m = 0;
	char *line = NULL;
	ssize_t len;
	long lines, i;
	int nr = 0;
	FILE *f;

	lines = argc == 3 ? atol(argv[2]) : 0;
	if (lines <= 0)
		die("usage: bench-journal CATALOG LINES");
	f = fopen(argv[1], "r");
	if (!f)
		die("cannot open the catalog");
	while ((len = getline(&line, &cap, f)) > 0) {
		char *tab1, *tab3, *text, *dot;
		size_t tl;
		unsigned int id;

		if (line[0] == '#')
			continue;
		tab1 = strchr(line, '\t');
		tab3 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
		tab3 = tab3 ? strchr(tab3 + 1, '\t') : NULL;
		if (!tab3 || !kmsg_tag_valid(line, tab1 - line, &id))
			continue;
		text = tab3 + 1;
		tl = strcspn(text, "\t");
		if ((size_t)nr == cap_m) {
			cap_m = cap_m ? 2 * cap_m : 1024;
			m = realloc(m, cap_m * sizeof(*m));
			if (!m)
				die("out of memory");
		}
		m[nr].tag = strndup(line, tab1 - line);
		dot = strchr(m[nr].tag, '.');
		m[nr].comp = strndup(m[nr].tag, dot - m[nr].tag);
		/* the format as compiled: the file's \n and \t escapes undone */
		{
			char *fmt = malloc(tl + 2);

			kmsg_index_unescape(fmt, text, tl);
			tl = strlen(fmt);
			fmt[tl] = '\n';
			m[nr].hash = kmsg_lookup2(fmt, tl + 1, 0) & 0xffffff;
			fmt[tl] = '\0';
			m[nr].text = fill(fmt);
			free(fmt);
		}
		nr++;
	}
	free(line);
	fclose(f);
	if (!nr)
		die("no entries in the catalog");
	for (i = 0; i < lines; i++) {
		const struct msg *x = &m[(i * 7919) % nr];
		int kind = i % 10;

		printf("Dec %02ld %02ld:%02ld:%02ld s390host kernel: ", 5 + i / 86400 % 20,
		       i / 3600 % 24, i / 60 % 60, i % 60);
		if (kind < 3)
			printf("%s: %s\n", x->tag, x->text);
		else if (kind < 5)
			printf("%s: %s\n", x->comp, x->text);
		else if (kind < 6)
			printf("%s.%06x: %s\n", x->comp, x->hash, x->text);
		else
			printf("%s\n", others[i % ARRAY_SIZE(others)]);
	}
	for (i = 0; i < nr; i++) {
		free(m[i].tag);
		free(m[i].comp);
		free(m[i].text);
	}
	free(m);
	return 0;
}

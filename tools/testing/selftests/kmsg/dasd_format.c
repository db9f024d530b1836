// SPDX-License-Identifier: GPL-2.0
/*
 * Low-level format an ECKD DASD the way dasdfmt does, for the Hercules
 * guest, which has no s390-tools:
 *
 *	dasd_format DEVICE TRACKS	format tracks 0..TRACKS-1 with 4 KiB
 *					blocks (Linux disk layout), then
 *					enable the device again
 *	dasd_format -n DEVICE TRACKS	try the format without disabling the
 *					device first; the driver must refuse
 *
 * Exit status 0 on success (with -n: when the driver refused with EBUSY).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <asm/dasd.h>

int main(int argc, char **argv)
{
	format_data_t fd = { .blksize = 4096, .intensity = 0 };
	int refuse = 0, dev, rc;
	char *end;
	long tracks;

	if (argc > 1 && !strcmp(argv[1], "-n")) {
		refuse = 1;
		argc--;
		argv++;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: dasd_format [-n] DEVICE TRACKS\n");
		return 2;
	}
	tracks = strtol(argv[2], &end, 10);
	if (*end || tracks < 1) {
		fprintf(stderr, "dasd_format: '%s' is not a number of tracks\n", argv[2]);
		return 2;
	}
	fd.stop_unit = tracks - 1;
	dev = open(argv[1], O_RDWR);
	if (dev < 0) {
		fprintf(stderr, "dasd_format: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (refuse) {
		rc = ioctl(dev, BIODASDFMT, &fd);
		printf("format of an enabled DASD: %s\n", rc ? strerror(errno) : "done");
		close(dev);
		return rc && errno == EBUSY ? 0 : 1;
	}
	if (ioctl(dev, BIODASDDISABLE, 0)) {
		fprintf(stderr, "dasd_format: BIODASDDISABLE: %s\n", strerror(errno));
		close(dev);
		return 1;
	}
	rc = ioctl(dev, BIODASDFMT, &fd);
	if (rc)
		fprintf(stderr, "dasd_format: BIODASDFMT: %s\n", strerror(errno));
	if (ioctl(dev, BIODASDENABLE, 0)) {
		fprintf(stderr, "dasd_format: BIODASDENABLE: %s\n", strerror(errno));
		rc = 1;
	}
	close(dev);
	if (!rc)
		printf("formatted %ld tracks of %s\n", tracks, argv[1]);
	return rc ? 1 : 0;
}

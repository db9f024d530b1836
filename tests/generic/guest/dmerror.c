// SPDX-License-Identifier: GPL-2.0
/*
 * dmerror NAME SECTORS: a device-mapper device (/dev/dm-N) of SECTORS
 * sectors whose every I/O fails (the "error" target), made with the
 * ioctls dmsetup uses, for the guest of tests/33-guest-generic.sh, which
 * has no dmsetup.  Prints the device's minor number N.
 */
#include <fcntl.h>
#include <linux/dm-ioctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static void init(struct dm_ioctl *io, size_t size, const char *name)
{
	memset(io, 0, size);
	io->version[0] = DM_VERSION_MAJOR;
	io->version[1] = 0;
	io->version[2] = 0;
	io->data_size = size;
	io->data_start = sizeof(*io);
	snprintf(io->name, sizeof(io->name), "%s", name);
}

int main(int argc, char **argv)
{
	union {
		struct dm_ioctl io;
		char buf[16384];
	} u;
	struct dm_target_spec *t;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: dmerror NAME SECTORS\n");
		return 2;
	}
	fd = open("/dev/mapper/control", O_RDWR);
	if (fd < 0) {
		perror("/dev/mapper/control");
		return 1;
	}
	init(&u.io, sizeof(u), argv[1]);
	if (ioctl(fd, DM_DEV_CREATE, &u.io)) {
		perror("DM_DEV_CREATE");
		return 1;
	}
	init(&u.io, sizeof(u), argv[1]);
	u.io.target_count = 1;
	t = (struct dm_target_spec *)(u.buf + sizeof(u.io));
	t->sector_start = 0;
	t->length = strtoull(argv[2], NULL, 0);
	snprintf(t->target_type, sizeof(t->target_type), "error");
	t->next = sizeof(*t) + 8;
	memset(t + 1, 0, 8);
	if (ioctl(fd, DM_TABLE_LOAD, &u.io)) {
		perror("DM_TABLE_LOAD");
		return 1;
	}
	init(&u.io, sizeof(u), argv[1]);
	if (ioctl(fd, DM_DEV_SUSPEND, &u.io)) {	/* without the flag: resume */
		perror("DM_DEV_SUSPEND");
		return 1;
	}
	printf("%u\n", minor(u.io.dev));
	return 0;
}

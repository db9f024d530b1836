/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel messages with a stable tag and a catalog description.
 *
 * A file defines its component name and prints with kmsg_<level>():
 *
 *	#define KMSG_COMPONENT "xpram"
 *	#define pr_fmt(fmt) KMSG_COMPONENT ": " fmt
 *	#include <linux/kmsg.h>
 *
 *	kmsg_err(1, "%d is not a valid number of XPRAM devices\n", devs);
 *
 * With CONFIG_KMSG_IDS=y the line reads "xpram.1: 42 is not ...".  With
 * the ids off a call compiles to exactly the pr_<level>() it stands for,
 * the file's pr_fmt() included ("xpram: 42 is not ..." here).  A device
 * message, kmsg_dev_err(2, dev, ...), reads "xpram.2: " followed by the
 * line dev_err(dev, ...) prints; with the ids off it is that dev_err().
 * Id 0 never shows an id and has no catalog entry.  Each call also
 * leaves a record in the .kmsg.records section of its object file; the
 * build reads those records (scripts/kmsg-gen) and discards the section,
 * so the records cost nothing at run time.  See
 * Documentation/kmsg/index.rst.
 */
#ifndef _LINUX_KMSG_H
#define _LINUX_KMSG_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/dev_printk.h>
#include <linux/kmsg_catalog.h>
#include <linux/once_lite.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/stringify.h>

/* Decimal digits of a valid id, to tell "12" from "012", "0xc" or "(12)". */
#define __kmsg_ndigits(id)						\
	((id) < 10 ? 1 : (id) < 100 ? 2 : (id) < 1000 ? 3 : (id) < 10000 ? 4 : 5)

/*
 * The id must be a plain decimal literal (after macro expansion) from 0 to
 * 65535, because it is pasted into the format string as written.  The
 * component must be 1..31 characters long and start with a letter; the
 * full character set is checked by kmsg-gen.
 */
#ifdef CONFIG_KMSG_IDS
#define __kmsg_check(id)						\
	do {								\
		BUILD_BUG_ON_MSG(!__builtin_constant_p(id) ||		\
				 (id) < 0 || (id) > KMSG_ID_MAX ||	\
				 sizeof(__stringify(id)) - 1 !=		\
				 __kmsg_ndigits(id),			\
				 "kmsg: id '" __stringify(id)		\
				 "' is not a decimal constant 0..65535"); \
		BUILD_BUG_ON_MSG(sizeof(KMSG_COMPONENT) < 2 ||		\
				 sizeof(KMSG_COMPONENT) - 1 > KMSG_COMPONENT_MAX || \
				 !((KMSG_COMPONENT[0] | 0x20) >= 'a' &&	\
				   (KMSG_COMPONENT[0] | 0x20) <= 'z'),	\
				 "kmsg: KMSG_COMPONENT must be 1..31 "	\
				 "characters and start with a letter");	\
	} while (0)
#else
/*
 * Without ids a call compiles to exactly the pr_<level>() it stands for:
 * static_assert() leaves nothing behind, where the branches of a
 * BUILD_BUG_ON() can change how the compiler lays out the code around
 * the call (drivers/nvme/host/pci.c's nvme_timeout() showed it).  The
 * first letter of the component is not a constant expression: kmsg-gen
 * checks it, with the rest of the tag.
 */
#define __kmsg_check(id)						\
	static_assert(__builtin_constant_p(id) && (id) >= 0 &&		\
		      (id) <= KMSG_ID_MAX &&				\
		      sizeof(__stringify(id)) - 1 == __kmsg_ndigits(id) &&	\
		      sizeof(KMSG_COMPONENT) >= 2 &&			\
		      sizeof(KMSG_COMPONENT) - 1 <= KMSG_COMPONENT_MAX,	\
		      "kmsg: id '" __stringify(id) "' is not a decimal "	\
		      "constant 0..65535, or KMSG_COMPONENT is not 1..31 "	\
		      "characters")
#endif

/*
 * The call-site record: NUL-separated strings, so that a host tool reads
 * it from an object of either byte order without applying relocations.
 *
 *	"kmsg-v1" tag level file line format
 *
 * tag is "<component>.<id>", level the printk level digit, line decimal,
 * format the caller's format string as written.  Documented in
 * Documentation/kmsg/index.rst ("Call-site records").
 */
#define __kmsg_record(id, level, fmt)					\
	static const char __UNIQUE_ID(kmsg_record)[]			\
	__used __section(".kmsg.records") __aligned(1) =		\
		KMSG_RECORD_MAGIC "\0" KMSG_COMPONENT "." __stringify(id) "\0" \
		level "\0" __FILE__ "\0" __stringify(__LINE__) "\0" fmt

#ifdef CONFIG_KMSG_IDS
/* Named so that the compiler's error for a non-constant id says why. */
#define __kmsg_id_must_be_a_decimal_constant(id, with_id, without_id)	\
	__builtin_choose_expr((id) > 0, with_id, without_id)

#define __kmsg_fmt(id, lead, fmt)					\
	__kmsg_id_must_be_a_decimal_constant(id,			\
		lead KMSG_COMPONENT "." __stringify(id) ": " fmt,	\
		lead pr_fmt(fmt))
#else
#define __kmsg_fmt(id, lead, fmt)	(lead pr_fmt(fmt))
#endif

#define __kmsg_printk(id, level, fmt, ...)				\
	({								\
		__kmsg_check(id);					\
		__kmsg_record(id, level, fmt);				\
		printk(__kmsg_fmt(id, KERN_SOH level, fmt), ##__VA_ARGS__);	\
	})

/*
 * A device message with an id, under CONFIG_KMSG_IDS, reads
 * "<component>.<id>: " followed by the line dev_<level>() prints,
 * "<driver> <device name>: <text>", so the line still names the device
 * and the driver that printed it.  It goes through dev_printk_emit(), so
 * /dev/kmsg carries the same SUBSYSTEM= and DEVICE= dictionary as
 * dev_err() and friends.  Otherwise (id 0, or no CONFIG_KMSG_IDS) the
 * call is @dev_level(), the dev_<level>() it stands for, and compiles to
 * exactly what that call compiles to.  @dev is evaluated once.
 */
#ifdef CONFIG_KMSG_IDS
#define __kmsg_dev_print_id(id, level, dev, fmt, ...)			\
	({								\
		__printk_index_emit(KERN_SOH level KMSG_COMPONENT "."	\
				    __stringify(id) ": %s %s: " dev_fmt(fmt), \
				    NULL, NULL);			\
		dev_printk_emit((level)[0] - '0', dev,			\
				KMSG_COMPONENT "." __stringify(id)	\
				": %s %s: " dev_fmt(fmt),		\
				dev_driver_string(dev), dev_name(dev),	\
				##__VA_ARGS__);				\
	})

/* Only the chosen call is compiled, with its printk index entry. */
#define __kmsg_dev_print(id, level, dev_level, dev, fmt, ...)		\
	({								\
		const struct device *__kmsg_dev = (dev);		\
									\
		__kmsg_id_must_be_a_decimal_constant(id,		\
			__kmsg_dev_print_id(id, level, __kmsg_dev, fmt,	\
					    ##__VA_ARGS__),		\
			dev_level(__kmsg_dev, fmt, ##__VA_ARGS__));	\
	})
#else
#define __kmsg_dev_print(id, level, dev_level, dev, fmt, ...)		\
	dev_level(dev, fmt, ##__VA_ARGS__)
#endif

#define __kmsg_dev_printk(id, level, dev_level, dev, fmt, ...)		\
	({								\
		__kmsg_check(id);					\
		__kmsg_record(id, level, fmt);				\
		__kmsg_dev_print(id, level, dev_level, dev, fmt,	\
				 ##__VA_ARGS__);			\
	})

/**
 * kmsg_err() - print an error message with a catalog tag
 * @id: the message's number in its component: a decimal constant from 1
 *	to 65535, or 0 for a message without a catalog entry
 * @fmt: printk() format string; kmsg-gen compares it with the Text: of
 *	the message's description
 * @...: arguments for @fmt
 *
 * Prints "<component>.<id>: " and @fmt at KERN_ERR, KMSG_COMPONENT being
 * the component; without CONFIG_KMSG_IDS, or for id 0, it is
 * pr_err(@fmt, ...), the file's pr_fmt() prefix included.  kmsg_emerg(),
 * kmsg_alert(), kmsg_crit(), kmsg_warn(), kmsg_notice() and kmsg_info()
 * do the same at their levels.
 *
 * A non-constant or malformed @id fails the build at the call.
 */
#define kmsg_err(id, fmt, ...)    __kmsg_printk(id, "3", fmt, ##__VA_ARGS__)
#define kmsg_emerg(id, fmt, ...)  __kmsg_printk(id, "0", fmt, ##__VA_ARGS__)
#define kmsg_alert(id, fmt, ...)  __kmsg_printk(id, "1", fmt, ##__VA_ARGS__)
#define kmsg_crit(id, fmt, ...)   __kmsg_printk(id, "2", fmt, ##__VA_ARGS__)
#define kmsg_warn(id, fmt, ...)   __kmsg_printk(id, "4", fmt, ##__VA_ARGS__)
#define kmsg_notice(id, fmt, ...) __kmsg_printk(id, "5", fmt, ##__VA_ARGS__)
#define kmsg_info(id, fmt, ...)   __kmsg_printk(id, "6", fmt, ##__VA_ARGS__)

/**
 * kmsg_dev_err() - print an error message of a device with a catalog tag
 * @id: as for kmsg_err()
 * @dev: the &struct device the message is about, evaluated once
 * @fmt: printk() format string, as for kmsg_err()
 * @...: arguments for @fmt
 *
 * With CONFIG_KMSG_IDS, prints "<component>.<id>: " and then the line
 * dev_err() prints, "<driver> <device name>: " and @fmt, at KERN_ERR
 * through dev_printk_emit(), so /dev/kmsg carries the device's
 * SUBSYSTEM= and DEVICE= fields as it does for dev_err().  Without
 * CONFIG_KMSG_IDS, or for id 0, it is dev_err(@dev, @fmt, ...) itself.
 * kmsg_dev_emerg() to kmsg_dev_info() do the same at the other levels.
 */
#define kmsg_dev_err(id, dev, fmt, ...)					\
	__kmsg_dev_printk(id, "3", dev_err, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_emerg(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "0", dev_emerg, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_alert(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "1", dev_alert, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_crit(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "2", dev_crit, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_warn(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "4", dev_warn, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_notice(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "5", dev_notice, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_info(id, dev, fmt, ...)				\
	__kmsg_dev_printk(id, "6", dev_info, dev, fmt, ##__VA_ARGS__)

/*
 * The _once and _ratelimited forms print the same line as the plain form,
 * as often as pr_<level>_once() / pr_<level>_ratelimited() and their dev_
 * counterparts would, with the same record and the same cost.
 */
#define __kmsg_printk_once(id, level, fmt, ...)				\
	DO_ONCE_LITE(__kmsg_printk, id, level, fmt, ##__VA_ARGS__)

#define __kmsg_printk_ratelimited(id, level, fmt, ...)			\
({									\
	static DEFINE_RATELIMIT_STATE(_rs,				\
				      DEFAULT_RATELIMIT_INTERVAL,	\
				      DEFAULT_RATELIMIT_BURST);		\
									\
	if (__ratelimit(&_rs))						\
		__kmsg_printk(id, level, fmt, ##__VA_ARGS__);		\
})

#define __kmsg_dev_printk_once(id, level, dev_level, dev, fmt, ...)	\
do {									\
	static bool __print_once __read_mostly;				\
									\
	if (!__print_once) {						\
		__print_once = true;					\
		__kmsg_dev_printk(id, level, dev_level, dev, fmt,	\
				  ##__VA_ARGS__);			\
	}								\
} while (0)

#define __kmsg_dev_printk_ratelimited(id, level, dev_level, dev, fmt, ...) \
do {									\
	static DEFINE_RATELIMIT_STATE(_rs,				\
				      DEFAULT_RATELIMIT_INTERVAL,	\
				      DEFAULT_RATELIMIT_BURST);		\
	if (__ratelimit(&_rs))						\
		__kmsg_dev_printk(id, level, dev_level, dev, fmt,	\
				  ##__VA_ARGS__);			\
} while (0)

/**
 * kmsg_err_once() - print an error message with a catalog tag only once
 * @id: as for kmsg_err()
 * @fmt: as for kmsg_err()
 * @...: arguments for @fmt
 *
 * The line and record of kmsg_err(), printed the first time the call is
 * reached, like pr_err_once().  There is a _once form of every level,
 * plain and for a device: kmsg_warn_once(), kmsg_dev_err_once(), ...
 */
#define kmsg_err_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "3", fmt, ##__VA_ARGS__)
#define kmsg_emerg_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "0", fmt, ##__VA_ARGS__)
#define kmsg_alert_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "1", fmt, ##__VA_ARGS__)
#define kmsg_crit_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "2", fmt, ##__VA_ARGS__)
#define kmsg_warn_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "4", fmt, ##__VA_ARGS__)
#define kmsg_notice_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "5", fmt, ##__VA_ARGS__)
#define kmsg_info_once(id, fmt, ...)					\
	__kmsg_printk_once(id, "6", fmt, ##__VA_ARGS__)

#define kmsg_dev_emerg_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "0", dev_emerg, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_alert_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "1", dev_alert, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_crit_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "2", dev_crit, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_err_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "3", dev_err, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_warn_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "4", dev_warn, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_notice_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "5", dev_notice, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_info_once(id, dev, fmt, ...)				\
	__kmsg_dev_printk_once(id, "6", dev_info, dev, fmt, ##__VA_ARGS__)

/**
 * kmsg_err_ratelimited() - print an error message with a catalog tag,
 *			    rate-limited
 * @id: as for kmsg_err()
 * @fmt: as for kmsg_err()
 * @...: arguments for @fmt
 *
 * The line and record of kmsg_err(), printed as often as
 * pr_err_ratelimited() would print its own (the default interval and
 * burst, one state per call site).  Every level has a _ratelimited form,
 * plain and for a device: kmsg_warn_ratelimited(),
 * kmsg_dev_err_ratelimited(), ...
 */
#define kmsg_err_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "3", fmt, ##__VA_ARGS__)
#define kmsg_emerg_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "0", fmt, ##__VA_ARGS__)
#define kmsg_alert_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "1", fmt, ##__VA_ARGS__)
#define kmsg_crit_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "2", fmt, ##__VA_ARGS__)
#define kmsg_warn_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "4", fmt, ##__VA_ARGS__)
#define kmsg_notice_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "5", fmt, ##__VA_ARGS__)
#define kmsg_info_ratelimited(id, fmt, ...)					\
	__kmsg_printk_ratelimited(id, "6", fmt, ##__VA_ARGS__)

#define kmsg_dev_emerg_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "0", dev_emerg, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_alert_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "1", dev_alert, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_crit_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "2", dev_crit, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_err_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "3", dev_err, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_warn_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "4", dev_warn, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_notice_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "5", dev_notice, dev, fmt, ##__VA_ARGS__)
#define kmsg_dev_info_ratelimited(id, dev, fmt, ...)				\
	__kmsg_dev_printk_ratelimited(id, "6", dev_info, dev, fmt, ##__VA_ARGS__)

/*
 * Messages that keep printing without an id.  Some lines are read by
 * programs as they are: crash, kdump tools and retrace servers parse the
 * lines of an oops and of a fault report.  Such a call keeps its
 * pr_<level>() or printk() and only adds its record, flagged, so that the
 * message gets a catalog entry that make D=1 checks like any other and
 * that tools find by the line's text.
 */
#define __kmsg_noid(id, level, fmt, call)				\
	({								\
		__kmsg_noid_check(id);					\
		__kmsg_record(id, level KMSG_RECORD_NO_ID, fmt);	\
		call;							\
	})

/*
 * The id of a kmsg_noid_*() call: a decimal constant from 1 to 65535,
 * checked by static_assert(), which leaves nothing behind, so that the
 * call compiles to exactly the code of the call it keeps (the branches a
 * BUILD_BUG_ON() leaves until they are folded away can change how the
 * compiler orders the instructions around the call).  The component is
 * checked by kmsg-gen, as are the records' formats.
 */
#define __kmsg_noid_check(id)						\
	static_assert(__builtin_constant_p(id) && (id) >= 1 &&		\
		      (id) <= KMSG_ID_MAX &&				\
		      sizeof(__stringify(id)) - 1 == __kmsg_ndigits(id),	\
		      "kmsg: the id of a kmsg_noid_*() call is a decimal "	\
		      "constant from 1 to 65535")

/**
 * kmsg_noid_alert() - print an alert that keeps its text, with an entry
 * @id: the message's number in its component, a decimal constant from 1
 *	to 65535: the tag of its entry, never printed
 * @fmt: printk() format string; kmsg-gen compares the line it prints,
 *	pr_fmt(@fmt), with the Text: of the message's description
 * @...: arguments for @fmt
 *
 * Is pr_alert(@fmt, ...), with CONFIG_KMSG_IDS or without: the line, and
 * the object code, are what that call gives.  The call-site record it
 * adds says that the message has no id, so its catalog entry is flagged
 * %KMSG_ENTRY_NO_ID and tools match the line by its text from its start
 * (a pr_cont() may continue it).  kmsg_noid_emerg(), kmsg_noid_crit(),
 * kmsg_noid_err(), kmsg_noid_warn(), kmsg_noid_notice() and
 * kmsg_noid_info() do the same at their levels.
 */
#define kmsg_noid_alert(id, fmt, ...)					\
	__kmsg_noid(id, "1", pr_fmt(fmt), pr_alert(fmt, ##__VA_ARGS__))
#define kmsg_noid_emerg(id, fmt, ...)					\
	__kmsg_noid(id, "0", pr_fmt(fmt), pr_emerg(fmt, ##__VA_ARGS__))
#define kmsg_noid_crit(id, fmt, ...)					\
	__kmsg_noid(id, "2", pr_fmt(fmt), pr_crit(fmt, ##__VA_ARGS__))
#define kmsg_noid_err(id, fmt, ...)					\
	__kmsg_noid(id, "3", pr_fmt(fmt), pr_err(fmt, ##__VA_ARGS__))
#define kmsg_noid_warn(id, fmt, ...)					\
	__kmsg_noid(id, "4", pr_fmt(fmt), pr_warn(fmt, ##__VA_ARGS__))
#define kmsg_noid_notice(id, fmt, ...)					\
	__kmsg_noid(id, "5", pr_fmt(fmt), pr_notice(fmt, ##__VA_ARGS__))
#define kmsg_noid_info(id, fmt, ...)					\
	__kmsg_noid(id, "6", pr_fmt(fmt), pr_info(fmt, ##__VA_ARGS__))

/**
 * kmsg_noid_printk() - a printk() without a level that keeps its text
 * @id: as for kmsg_noid_alert()
 * @fmt: printk() format string without a KERN_<LEVEL>; kmsg-gen compares
 *	it with the Text: of the message's description
 * @...: arguments for @fmt
 *
 * Is printk(@fmt, ...), which prints at the default message level,
 * CONFIG_MESSAGE_LOGLEVEL_DEFAULT (unless changed at run time through
 * /proc/sys/kernel/printk); the record gives that level, so the Severity:
 * of the description is the configuration's.  A format that starts with
 * a KERN_<LEVEL> is an error of kmsg-gen's: use kmsg_noid_<level>().
 * Otherwise as kmsg_noid_alert().
 */
#define kmsg_noid_printk(id, fmt, ...)					\
	__kmsg_noid(id, __stringify(CONFIG_MESSAGE_LOGLEVEL_DEFAULT), fmt,	\
		    printk(fmt, ##__VA_ARGS__))

#endif /* _LINUX_KMSG_H */

// SPDX-License-Identifier: GPL-2.0-only
///
/// Give the messages of a file that defines KMSG_COMPONENT a message id:
/// pr_<level>(fmt, ...) becomes kmsg_<level>(N, fmt, ...),
/// dev_<level>(dev, fmt, ...) becomes kmsg_dev_<level>(N, dev, fmt, ...),
/// printk(KERN_<LEVEL> fmt, ...) becomes kmsg_<level>(N, fmt, ...), and the
/// _once and _ratelimited forms their kmsg_ forms; levels emerg to info.
/// The format string is kept as it is; debug and continuation messages
/// are left alone.
///
/// In report mode every call that would change is listed as
/// "file:line:column:function".  The patch mode takes the ids from the
/// file named by the environment variable KMSG_IDS, one "file:line:column
/// id" a line: scripts/kmsg-convert.py numbers the calls of a component
/// in source order, after the ids it already has, or takes them from the
/// component's descriptions, and runs both modes.  An id written
/// "noid:N" makes pr_<level>() kmsg_noid_<level>(N, ...): a message
/// printed without its id.
///
// Confidence: High
// Options: --no-includes --include-headers
// Keywords: kmsg, KMSG_COMPONENT, message catalog

virtual patch
virtual report

@initialize:python@
@@
import os

kmsg_ids = {}
if os.environ.get("KMSG_IDS"):
	with open(os.environ["KMSG_IDS"]) as f:
		for line in f:
			where, id = line.split()
			kmsg_ids[where] = id

def kmsg_where(p):
	return "%s:%s:%s" % (p[0].file, p[0].line, p[0].column)

kmsg_levels = {"KERN_EMERG": "emerg", "KERN_ALERT": "alert",
	       "KERN_CRIT": "crit", "KERN_ERR": "err", "KERN_WARNING": "warn",
	       "KERN_NOTICE": "notice", "KERN_INFO": "info"}

def kmsg_printk(e):
	"""printk()'s first argument: (level, the format after it) or None"""
	parts = e.split(None, 1)
	if len(parts) == 2 and parts[0] in kmsg_levels and parts[1][0] == '"':
		return kmsg_levels[parts[0]], parts[1]
	return None

def kmsg_name(fn, id):
	if fn.startswith("printk"):
		return None
	if id.startswith("noid:"):
		return "kmsg_noid_" + fn[len("pr_"):]
	return "kmsg_" + fn[len("pr_"):] if fn.startswith("pr_") else \
	       "kmsg_dev_" + fn[len("dev_"):]

def kmsg_id(where):
	return kmsg_ids[where].split(":")[-1]

// pr_<level>() and their _once and _ratelimited forms

@call@
identifier fn = {pr_emerg, pr_alert, pr_crit, pr_err, pr_warn, pr_notice,
		 pr_info, pr_emerg_once, pr_alert_once, pr_crit_once,
		 pr_err_once, pr_warn_once, pr_notice_once, pr_info_once,
		 pr_emerg_ratelimited, pr_alert_ratelimited, pr_crit_ratelimited,
		 pr_err_ratelimited, pr_warn_ratelimited, pr_notice_ratelimited,
		 pr_info_ratelimited};
expression list args;
position p;
@@
fn@p(args)

@script:python depends on report@
fn << call.fn;
p << call.p;
@@
print("%s:%s" % (kmsg_where(p), fn))

@script:python cid depends on patch@
fn << call.fn;
p << call.p;
nf;
id;
@@
if kmsg_where(p) not in kmsg_ids:
	cocci.include_match(False)
else:
	coccinelle.nf = cocci.make_ident(kmsg_name(fn, kmsg_ids[kmsg_where(p)]))
	coccinelle.id = cocci.make_expr(kmsg_id(kmsg_where(p)))

@depends on patch@
identifier call.fn;
position call.p;
expression list call.args;
identifier cid.nf;
expression cid.id;
@@
- fn@p(args)
+ nf(id, args)

// dev_<level>(): matched after the change above, so that their positions
// need not survive it (a line with both kinds of call is reported by
// scripts/kmsg-convert.py, which checks that every id was used)

@dcall@
identifier fn = {dev_emerg, dev_alert, dev_crit, dev_err, dev_warn,
		 dev_notice, dev_info, dev_emerg_once, dev_alert_once,
		 dev_crit_once, dev_err_once, dev_warn_once, dev_notice_once,
		 dev_info_once, dev_emerg_ratelimited, dev_alert_ratelimited,
		 dev_crit_ratelimited, dev_err_ratelimited,
		 dev_warn_ratelimited, dev_notice_ratelimited,
		 dev_info_ratelimited};
expression dev;
expression list args;
position p;
@@
fn@p(dev, args)

@script:python depends on report@
fn << dcall.fn;
p << dcall.p;
@@
print("%s:%s" % (kmsg_where(p), fn))

@script:python did depends on patch@
fn << dcall.fn;
p << dcall.p;
nf;
id;
@@
if kmsg_where(p) not in kmsg_ids:
	cocci.include_match(False)
else:
	coccinelle.nf = cocci.make_ident(kmsg_name(fn, kmsg_ids[kmsg_where(p)]))
	coccinelle.id = cocci.make_expr(kmsg_id(kmsg_where(p)))

@depends on patch@
identifier dcall.fn;
position dcall.p;
expression dcall.dev;
expression list dcall.args;
identifier did.nf;
expression did.id;
@@
- fn@p(dev, args)
+ nf(id, dev, args)

// printk(KERN_<LEVEL> "..." ...)

@pcall@
expression e;
expression list args;
position p;
@@
printk@p(e, args)

@script:python depends on report@
e << pcall.e;
p << pcall.p;
@@
if kmsg_printk(e):
	print("%s:printk(%s)" % (kmsg_where(p), e.split()[0]))

@script:python pid depends on patch@
e << pcall.e;
p << pcall.p;
nf;
id;
fmt;
@@
if kmsg_where(p) not in kmsg_ids or not kmsg_printk(e):
	cocci.include_match(False)
else:
	level, rest = kmsg_printk(e)
	coccinelle.nf = cocci.make_ident("kmsg_" + level)
	coccinelle.id = cocci.make_expr(kmsg_id(kmsg_where(p)))
	coccinelle.fmt = cocci.make_expr(rest)

@depends on patch@
expression pcall.e;
position pcall.p;
expression list pcall.args;
identifier pid.nf;
expression pid.id, pid.fmt;
@@
- printk@p(e, args)
+ nf(id, fmt, args)

// SPDX-License-Identifier: GPL-2.0
/*
 * The text formats of the kernel message catalog (scripts/kmsg-format.h),
 * compiled into scripts/kmsg-gen and tools/kmsg alike.
 */
#include "kmsg-format.h"

/**
 * kmsg_tag_valid() - is this a tag "<component>.<id>"?
 * @s: the tag, need not be NUL-terminated
 * @len: its length
 * @id: set to the id when it is
 *
 * The id is decimal, 1..65535, without leading zeros.
 *
 * Return: true if @s is a tag with a valid component and id.
 */
bool kmsg_tag_valid(const char *s, size_t len, unsigned int *id)
{
	const char *dot = memchr(s, '.', len);
	unsigned long v = 0;
	size_t i;

	if (!dot || !kmsg_component_valid(s, dot - s))
		return false;
	i = dot - s + 1;
	if (i == len || s[i] == '0')
		return false;
	for (; i < len; i++) {
		if (!kmsg_is_digit(s[i]))
			return false;
		v = v * 10 + (s[i] - '0');
		if (v > KMSG_ID_MAX)
			return false;
	}
	*id = v;
	return true;
}

/**
 * kmsg_tag_cmp() - order of two valid tags, as catalogs list them
 * @a: a tag "<component>.<id>"
 * @b: another
 *
 * By component, then by numeric id (xpram.2 before xpram.10).
 *
 * Return: negative, 0 or positive, as for strcmp().
 */
int kmsg_tag_cmp(const char *a, const char *b)
{
	size_t la = strrchr(a, '.') - a, lb = strrchr(b, '.') - b;
	int c = strncmp(a, b, la < lb ? la : lb);

	if (c)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	return atoi(a + la + 1) - atoi(b + lb + 1);
}

/**
 * kmsg_param_next() - walk the parameters of a message
 * @p: the parameters ("@1: text\n@2: text", as in a catalog), then what the
 *     previous call returned
 * @line: set to the next line, "@N: text"
 * @len: set to its length, without the newline
 *
 * Return: where the line after it starts, or NULL when there is none.
 */
const char *kmsg_param_next(const char *p, const char **line, size_t *len)
{
	const char *nl;

	if (!p || !*p)
		return NULL;
	nl = strchr(p, '\n');
	*line = p;
	*len = nl ? (size_t)(nl - p) : strlen(p);
	return nl ? nl + 1 : p + *len;
}

/**
 * kmsg_param_label() - the length of the "@N: " that starts a parameter line
 * @line: a line from kmsg_param_next()
 * @len: its length
 *
 * Return: the length of "@N: ", or 0 if the line does not start with one.
 */
size_t kmsg_param_label(const char *line, size_t len)
{
	size_t i = 1;

	if (len < 4 || line[0] != '@' || !kmsg_is_digit(line[1]))
		return 0;
	while (i < len && kmsg_is_digit(line[i]))
		i++;
	return i + 1 < len && line[i] == ':' && line[i + 1] == ' ' ? i + 2 : 0;
}

/**
 * kmsg_conversion() - parse the conversion of a format after its '%'
 * @f: the format, just after a '%' that does not start "%%"
 * @c: filled in
 *
 * The grammar is printf's as the kernel's vsnprintf() takes it: flags
 * "-+ #0", a width ("*" or digits), a precision ("." then "*" or digits),
 * length modifiers "hlLqjzt", then one conversion character.  A "%p" takes
 * the letters and digits of its extension ("%pI4", "%pOFn") with it.  Each
 * of "diouxXcspneEfFgGaA" prints one value, which is one parameter of the
 * message; "%*d" is one as well (the width is not shown as a value).
 *
 * Return: false if the format ends before the conversion character.
 */
bool kmsg_conversion(const char *f, struct kmsg_conv *c)
{
	bool zero = false;

	c->alt = false;
	c->zero_width = 0;
	while (*f && strchr("-+ #0", *f)) {
		c->alt |= *f == '#';
		zero |= *f++ == '0';
	}
	if (*f == '*')
		f++;
	for (; kmsg_is_digit(*f); f++)
		if (zero && c->zero_width < 1000)
			c->zero_width = c->zero_width * 10 + (*f - '0');
	if (*f == '.') {
		f++;
		if (*f == '*')
			f++;
		while (kmsg_is_digit(*f))
			f++;
	}
	while (*f && strchr("hlLqjzt", *f))
		f++;
	if (!*f)
		return false;
	c->conv = *f++;
	c->value = !!strchr("diouxXcspneEfFgGaA", c->conv);
	if (c->conv == 'p')
		while (kmsg_is_letter(*f) || kmsg_is_digit(*f))
			f++;
	c->end = f;
	return true;
}

/**
 * kmsg_count_conversions() - how many parameters a format has
 * @fmt: a message format
 *
 * Return: the number of conversions of @fmt that print a value.
 */
int kmsg_count_conversions(const char *fmt)
{
	struct kmsg_conv c;
	int n = 0;

	while ((fmt = strchr(fmt, '%'))) {
		if (fmt[1] == '%') {
			fmt += 2;
			continue;
		}
		if (!kmsg_conversion(fmt + 1, &c))
			break;
		n += c.value;
		fmt = c.end;
	}
	return n;
}

/**
 * kmsg_utf8_seq() - the UTF-8 sequence at @s
 * @s: bytes
 * @n: how many there are, at least 1
 * @bad: set to the length of the ill-formed part when there is no sequence
 *
 * Well-formed is what Unicode (table 3-7) says: no overlong forms, no
 * surrogates, nothing above U+10FFFF.  @bad is the "maximal subpart" of
 * Unicode's recommended practice: the longest start of a well-formed
 * sequence, or 1 byte.
 *
 * Return: the length of the well-formed sequence at @s (1 to 4), or 0.
 */
size_t kmsg_utf8_seq(const unsigned char *s, size_t n, size_t *bad)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t need, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		need = 1;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 2;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 3;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else {
		*bad = 1;
		return 0;
	}
	for (i = 1; i <= need; i++) {
		if (i >= n || s[i] < lo || s[i] > hi) {
			*bad = i;
			return 0;
		}
		lo = 0x80;
		hi = 0xbf;
	}
	return need + 1;
}

/**
 * kmsg_json_string() - write bytes as a JSON string
 * @f: where to
 * @s: the bytes
 * @len: how many
 *
 * '"', '\\', newline and tab are escaped as such, other control characters
 * and DEL as \u00XX.  Bytes that are not UTF-8 become U+FFFD, one for each
 * maximal subpart of an ill-formed sequence (as Python's
 * bytes.decode("utf-8", "replace") does), so the output is always valid
 * JSON whatever a log line, a sysfs file or a description file held.
 */
void kmsg_json_string(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	const unsigned char *run = p;

	fputc('"', f);
	while (p < end) {
		unsigned char c = *p;
		size_t n, bad;

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			p++;
			continue;
		}
		n = c < 0x80 ? 1 : kmsg_utf8_seq(p, end - p, &bad);
		if (n > 1) {
			p += n;
			continue;
		}
		fwrite(run, 1, p - run, f);
		if (!n) {
			fputs("\\ufffd", f);
			p += bad;
		} else {
			if (c == '"' || c == '\\')
				fprintf(f, "\\%c", c);
			else if (c == '\n')
				fputs("\\n", f);
			else if (c == '\t')
				fputs("\\t", f);
			else
				fprintf(f, "\\u%04x", c);
			p++;
		}
		run = p;
	}
	fwrite(run, 1, p - run, f);
	fputc('"', f);
}

/**
 * kmsg_index_field() - write one field of a catalog file line
 * @f: where to
 * @s: the field's value
 * @first: whether it is the line's first field (no tab before it)
 */
void kmsg_index_field(FILE *f, const char *s, bool first)
{
	if (!first)
		fputc('\t', f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", f);
		else if (*s == '\t')
			fputs("\\t", f);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

/**
 * kmsg_index_unescape() - the value of a field of a catalog file line
 * @d: room for @len + 1 bytes
 * @s: the field as written
 * @len: its length
 *
 * Undoes kmsg_index_field(); a backslash before another character stands
 * for that character, a backslash at the end for itself.
 */
void kmsg_index_unescape(char *d, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len) {
			i++;
			*d++ = s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i];
		} else {
			*d++ = s[i];
		}
	}
	*d = '\0';
}

/* lookup2's mixing of three 32-bit values (unsigned int on every Linux) */
static void kmsg_lookup2_mix(unsigned int *a, unsigned int *b,
			     unsigned int *c)
{
	*a -= *b; *a -= *c; *a ^= *c >> 13;
	*b -= *c; *b -= *a; *b ^= *a << 8;
	*c -= *a; *c -= *b; *c ^= *b >> 13;
	*a -= *b; *a -= *c; *a ^= *c >> 12;
	*b -= *c; *b -= *a; *b ^= *a << 16;
	*c -= *a; *c -= *b; *c ^= *b >> 5;
	*a -= *b; *a -= *c; *a ^= *c >> 3;
	*b -= *c; *b -= *a; *b ^= *a << 10;
	*c -= *a; *c -= *b; *c ^= *b >> 15;
}

/**
 * kmsg_lookup2() - Bob Jenkins' lookup2 hash
 * @key: the bytes
 * @len: how many
 * @initval: any value; 0 for a message id
 *
 * The hash of the kernel's old jhash() and of the 2008 kmsg design:
 * a = b = 0x9e3779b9, c = @initval, the key in 12-byte blocks read
 * little-endian, its length added to c before the last (partial) block.
 * SUSE's and Ubuntu's s390 kernels print the low 24 bits of the hash of a
 * message's format as its id ("%06x", as in hypfs.7f5705): the format as
 * compiled (escapes resolved, its trailing newline included, the pr_fmt()
 * prefix not), after "%s: " for a device message.
 *
 * Return: the 32-bit hash.
 */
unsigned int kmsg_lookup2(const void *key, size_t len, unsigned int initval)
{
	const unsigned char *k = key;
	unsigned int a = 0x9e3779b9, b = a, c = initval, w[3];
	size_t n = len, i;

	for (; n >= 12; n -= 12, k += 12) {
		for (i = 0; i < 3; i++)
			w[i] = k[4 * i] | k[4 * i + 1] << 8 |
			       k[4 * i + 2] << 16 | (unsigned int)k[4 * i + 3] << 24;
		a += w[0];
		b += w[1];
		c += w[2];
		kmsg_lookup2_mix(&a, &b, &c);
	}
	c += len;
	/* the last bytes; c's lowest byte is the length's */
	for (i = 0; i < n; i++) {
		if (i < 4)
			a += (unsigned int)k[i] << (8 * i);
		else if (i < 8)
			b += (unsigned int)k[i] << (8 * (i - 4));
		else
			c += (unsigned int)k[i] << (8 * (i - 7));
	}
	kmsg_lookup2_mix(&a, &b, &c);
	return c;
}

/* lookup2 over a whole 12-byte block, read into @w, which is cleared */
static void kmsg_lookup2_block(unsigned int *a, unsigned int *b,
			       unsigned int *c, unsigned int w[3])
{
	*a += w[0];
	*b += w[1];
	*c += w[2];
	kmsg_lookup2_mix(a, b, c);
	memset(w, 0, 3 * sizeof(*w));
}

/**
 * kmsg_hashed_id() - the hashed id of a message, as kernels with them print it
 * @text: the message's format without its trailing newline, as a catalog
 *	has it (a Text:, escapes resolved)
 * @device: the id of the message printed for a device, whose format the
 *	2008 design hashed after "%s: "
 *
 * The low 24 bits of kmsg_lookup2() of "@text\n" (of "%s: @text\n" with
 * @device), as SUSE's and Ubuntu's s390 kernels print them ("%06x", as in
 * hypfs.7f5705).  The id is that of @text: a kernel that printed another
 * format of the message printed another id.  The key is hashed where it
 * is, in 12-byte blocks, without a copy.
 *
 * Return: the id, 0 to 0xffffff.
 */
unsigned int kmsg_hashed_id(const char *text, bool device)
{
	const char *part[3] = { device ? "%s: " : "", text, "\n" };
	unsigned int a = 0x9e3779b9, b = a, c = 0, w[3] = { 0, 0, 0 };
	size_t len = 0, n = 0;
	const unsigned char *p;
	int i;

	for (i = 0; i < 3; i++) {
		for (p = (const unsigned char *)part[i]; *p; p++, len++) {
			if (n == 12) {	/* a whole block, and more to come */
				kmsg_lookup2_block(&a, &b, &c, w);
				n = 0;
			}
			w[n / 4] |= (unsigned int)*p << (8 * (n % 4));
			n++;
		}
	}
	if (n == 12)	/* the last block is whole: then one of no bytes */
		kmsg_lookup2_block(&a, &b, &c, w);
	/* as kmsg_lookup2(): c's lowest byte is the length's */
	a += w[0];
	b += w[1];
	c += len + (w[2] << 8);
	kmsg_lookup2_mix(&a, &b, &c);
	return c & 0xffffff;
}

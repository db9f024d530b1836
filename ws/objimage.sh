# Sourced by tests/ids-off/off-means-off.sh and ws/zero-cost.sh: an object file as
# comparable text, defined once.
#   obj_image OBJ
# prints the disassembly with relocations, every relocation record, the
# header (name, type, size, entry size, flags, alignment) and the bytes of
# every section, each block in the order of the section names (the order
# sections are emitted in is not compared).  Left out: the call-site
# records (.kmsg.records and its relocations, which the final link
# discards), debug information, notes, .comment, the symbol and string
# tables, and the serial numbers that __COUNTER__ gives symbol names.
# Needs CROSS_COMPILE (ws/vars.sh).

obj_image_skip='^\.(kmsg\.records|comment|note\..*|debug.*|symtab|strtab|shstrtab|group)$|^\.rela'

# obj_image_blocks: objdump's and readelf's blocks, each headed by a line
# naming its section, in the order of the section names, each kept as it is
obj_image_blocks() {
	awk '/^(Disassembly of section |RELOCATION RECORDS FOR )/ { b = $NF }
	     /^Hex dump of section / { b = $NF }
	     { print b "\t" $0 }' |
		sort -s -t "$(printf '\t')" -k1,1 | cut -f 2-
}

obj_image() {
	local o=$1 idx
	{
	${CROSS_COMPILE}objdump -dr "$o" | tail -n +4 | obj_image_blocks
	${CROSS_COMPILE}objdump -r "$o" | tail -n +4 |
		awk '/^RELOCATION RECORDS FOR \[\.(kmsg\.records|debug)/ { skip = 1; next }
		     /^RELOCATION RECORDS FOR/ { skip = 0 } !skip' | obj_image_blocks
	# the section headers, without the offsets and links that the left
	# out sections move
	${CROSS_COMPILE}readelf -SW "$o" |
		sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) *\([A-Z_0-9]*\) *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) \([0-9a-f]*\) *\([A-Za-z]*\) .* \([0-9]*\)$/\2 \3 size \4 es \5 flags \6 align \7/p' |
		grep -vE "^NULL |^ " | awk -v skip="$obj_image_skip" '$1 !~ skip' | LC_ALL=C sort -s -k1,1
	# the bytes of every section, in one call: a section is dumped by
	# its index, which several sections of one name each have
	idx=$(${CROSS_COMPILE}readelf -SW "$o" |
		sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) .*/\1 \2/p' |
		awk -v skip="$obj_image_skip" '$1 != 0 && $2 !~ skip && $2 != "NULL" { printf " -x %s", $1 }')
	[ -z "$idx" ] || ${CROSS_COMPILE}readelf -W $idx "$o" 2>&1 | grep -v '^ NOTE: \|^$' | obj_image_blocks
	} | sed -E 's/(__UNIQUE_ID_[A-Za-z_]*[A-Za-z_])[0-9]+/\1N/g;
		    s/(__initcall__kmod_[A-Za-z0-9_]*__)[0-9]+_[0-9]+_/\1N_N_/g'
}
